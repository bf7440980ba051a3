// Contact Us (spec 1 §7, spec 2 §2): the submission is stored and handed to the marketing form provider
// with the sender's ids in one transaction: when the hand-over fails nothing is kept and the person
// sees the error with what they typed, so a retry never makes a duplicate.
import type { Knex } from 'knex';
import { ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import type { MarketingForm, MarketingFormSubmission } from '../../integrations/marketing-form';
import { insertContactRequest } from '../../domain/support-requests';
import { contactSchema } from './validation';
import { validate } from '../../lib/validation';

/** The ids sent along (spec: provider_id, account_id, user_id) always come from the session, never the form. */
export function senderIds(viewer: Viewer): Pick<MarketingFormSubmission, 'provider_id' | 'account_id' | 'user_id'> {
  const provider = viewer.provider;
  return {
    provider_id: provider?.id ?? null,
    account_id: provider?.accountId ?? viewer.roles[0]?.accountId ?? null,
    user_id: viewer.user.id,
  };
}

export async function sendContactMessage(
  db: Knex,
  marketingForm: MarketingForm,
  viewer: Viewer,
  body: unknown,
): Promise<number> {
  const checked = validate(contactSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  const submission: MarketingFormSubmission = { ...checked.value, ...senderIds(viewer) };
  return db.transaction(async (trx) => {
    const id = await insertContactRequest(trx, submission, marketingForm.provider);
    await marketingForm.submit(submission);
    return id;
  });
}
