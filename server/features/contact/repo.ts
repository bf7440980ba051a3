// The only knex calls of Contact Us.
import type { Knex } from 'knex';
import type { MarketingFormSubmission } from '../../integrations/marketing-form';

export async function insertContactRequest(
  db: Knex | Knex.Transaction,
  submission: MarketingFormSubmission,
  deliveredVia: string,
): Promise<number> {
  const [row] = await db('contact_requests')
    .insert({ ...submission, delivered_via: deliveredVia })
    .returning('id');
  return row!.id;
}
