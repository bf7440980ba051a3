// Contact Us requests as the portal keeps them (table contact_requests), beside the copy the marketing form receives.
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
