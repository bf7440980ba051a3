// The membership payment form's rules that are the form's own (spec 3 §4 "Payment flow"; spec 1 §4 "After
// payment"): who may open the pay step, the photographer question's answers, and where a payment leads.
// What is sold, priced, taxed and paid is the billing module's (server/domain/billing).
import type { Knex } from 'knex';
import * as policy from '../../domain/accounts';
import { PHOTOGRAPHER_ANSWERS } from '../../../views/pages/membership/PhotographerQuestionPage';
import { reachableProvider } from '../../domain/providers';

/** One of the four answers the question offers (spec 3 §9). */
export const isPhotographerAnswer = (value: string): boolean =>
  PHOTOGRAPHER_ANSWERS.some((answer) => answer.value === value);

/** The payment form's access: billing permission on the provider (else 403); another account's provider is not found. */
export async function paymentStepFor(db: Knex, actor: policy.PolicyActor, providerId: number) {
  const provider = await reachableProvider(db, actor, providerId);
  if (!policy.canManageBilling(actor, provider)) return { provider, allowed: false as const };
  return { provider, allowed: true as const, wording: policy.wordingFor(actor, provider) };
}

export const PAYMENT_SUCCESS = 'Successful payment! Thank you for starting your membership!';

/**
 * After a successful payment (spec 1 §4): back to /plan-management with the success flash when the
 * payment started there (return_to_plan_management=1); otherwise clinicians of the profile continue at
 * About You, and others go to /plan-management.
 */
export function afterPayment(
  actor: policy.PolicyActor,
  providerId: number,
  returnToPlanManagement: boolean,
): { path: string; flash: string | null } {
  if (returnToPlanManagement) return { path: '/plan-management', flash: PAYMENT_SUCCESS };
  if (policy.hasClinicianAccess(actor, providerId))
    return { path: `/profiles/about-you-for/${providerId}`, flash: null };
  return { path: '/plan-management', flash: null };
}

/** "Do this later" (spec 1 §4): clinicians continue the wizard at About You with doPaymentLater=1; others go to /plan-management. */
export function afterPaymentLater(actor: policy.PolicyActor, providerId: number): string {
  return policy.hasClinicianAccess(actor, providerId)
    ? `/profiles/about-you-for/${providerId}?doPaymentLater=1`
    : '/plan-management';
}
