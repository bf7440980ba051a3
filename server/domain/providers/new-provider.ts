// A new profile, made by registration or by "Create a new profile": incomplete, and sent back to the
// new wizard until it is done.
import type { Knex } from 'knex';

export interface NewProvider {
  account_id: number;
  type: 'individual' | 'practice';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  phone_number: string | null;
  contact_email: string | null;
  /** Where the profile came from (the sign-up offer or link, or 'create-profile'). */
  signup_source: string;
  custom_content: Record<string, unknown>;
}

export async function insertNewProvider(trx: Knex.Transaction, provider: NewProvider): Promise<number> {
  const [row] = await trx('providers')
    .insert({
      ...provider,
      custom_content: JSON.stringify(provider.custom_content),
      status: 'incomplete',
      created_with_new_wizard: true,
    })
    .returning('id');
  return row.id;
}
