// Account Settings reads and writes through the auth repo (users, tokens, sessions, audit); the one
// query of its own is the settings view of the user.
import type { Knex } from 'knex';

export interface SettingsRow {
  id: number;
  email: string;
  email_confirmed_at: Date | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  company_name: string | null;
  phone_number: string | null;
  two_factor_enrolled_at: Date | null;
  two_factor_phone: string | null;
}

export function findSettings(db: Knex, userId: number): Promise<SettingsRow | undefined> {
  return db<SettingsRow>('users')
    .select('id', 'email', 'email_confirmed_at', 'first_name', 'middle_name', 'last_name', 'company_name', 'phone_number', 'two_factor_enrolled_at', 'two_factor_phone')
    .where({ id: userId })
    .first();
}
