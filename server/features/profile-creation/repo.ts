// The only place profile creation, the payment-step placeholder and the access guards touch the database.
import type { Knex } from 'knex';

export type Db = Knex | Knex.Transaction;

export interface ProviderFacts {
  id: number;
  accountId: number;
  type: 'individual' | 'practice';
  status: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  hasPaidPlan: boolean;
}

const toFacts = (row: Record<string, unknown>): ProviderFacts => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  type: row.type as ProviderFacts['type'],
  status: String(row.status),
  firstName: (row.first_name as string | null) ?? null,
  lastName: (row.last_name as string | null) ?? null,
  companyName: (row.company_name as string | null) ?? null,
  hasPaidPlan: Boolean(row.has_paid_plan),
});

/** One provider with its account's paid flag; null when the id does not exist. */
export async function findProvider(db: Db, providerId: number): Promise<ProviderFacts | null> {
  if (!Number.isSafeInteger(providerId) || providerId <= 0) return null;
  const row = await db('providers as p').join('accounts as a', 'a.id', 'p.account_id').where('p.id', providerId)
    .first('p.id', 'p.account_id', 'p.type', 'p.status', 'p.first_name', 'p.last_name', 'p.company_name', 'a.has_paid_plan');
  return row ? toFacts(row) : null;
}

/** Profiles of an account with the same first and last name (any case, spaces trimmed). */
export async function findSameNameProviders(db: Db, accountId: number, firstName: string, lastName: string): Promise<ProviderFacts[]> {
  const rows = await db('providers as p').join('accounts as a', 'a.id', 'p.account_id')
    .where('p.account_id', accountId)
    .whereRaw('lower(trim(p.first_name)) = lower(?) and lower(trim(p.last_name)) = lower(?)', [firstName.trim(), lastName.trim()])
    .orderBy('p.id')
    .select('p.id', 'p.account_id', 'p.type', 'p.status', 'p.first_name', 'p.last_name', 'p.company_name', 'a.has_paid_plan');
  return rows.map(toFacts);
}

export async function accountHasPaidPlan(db: Db, accountId: number): Promise<boolean> {
  const row = await db('accounts').where({ id: accountId }).first('has_paid_plan');
  return Boolean(row?.has_paid_plan);
}

export interface NewProvider {
  account_id: number;
  type: 'individual' | 'practice';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  phone_number: string | null;
  contact_email: string | null;
  custom_content: Record<string, unknown>;
}

export async function insertProvider(trx: Knex.Transaction, provider: NewProvider): Promise<number> {
  const [row] = await trx('providers')
    .insert({ ...provider, status: 'incomplete', created_with_new_wizard: true, signup_source: 'create-profile' })
    .returning('id');
  return Number(row.id);
}

export async function grantClinicianAccess(trx: Knex.Transaction, userId: number, providerId: number): Promise<void> {
  await trx('provider_clinicians').insert({ user_id: userId, provider_id: providerId, receives_notifications: true }).onConflict(['user_id', 'provider_id']).ignore();
}

export async function insertInvite(trx: Knex.Transaction, invite: { tokenHash: string; providerId: number; email: string; createdBy: number; expiresAt: Date }): Promise<void> {
  await trx('invite_tokens').insert({
    token_hash: invite.tokenHash,
    provider_id: invite.providerId,
    email: invite.email,
    created_by_user_id: invite.createdBy,
    expires_at: invite.expiresAt,
  });
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first('email');
  return row?.email ?? null;
}

export async function accountNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db('accounts').whereIn('id', ids).select('id', 'name');
  return new Map(rows.map((row) => [Number(row.id), String(row.name ?? `Account ${row.id}`)]));
}
