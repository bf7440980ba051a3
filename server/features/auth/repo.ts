// The users table as sign-in needs it.
import type { Knex } from 'knex';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  scopes: string[];
  two_factor_enrolled_at: Date | null;
  selected_provider_id: number | null;
}

export function findUserByEmail(db: Knex, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email }).first();
}

export function findUserById(db: Knex, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function recordAudit(db: Knex, entry: { userId: number | null; action: string; ip?: string; userAgent?: string; details?: object }): Promise<void> {
  await db('audit_log').insert({
    user_id: entry.userId,
    action: entry.action,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent?.slice(0, 500) ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}
