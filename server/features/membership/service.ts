// The membership payment form's money and rules (spec 3 §4 "Payment flow", §5, §9; spec 1 §4 "After
// payment"): which prices a provider pays (NY/CA decided by its locations), the invoice preview, and
// where a payment leads. So far the "new subscribe" mode; the other modes come with the rest of issue [10].
import type { Knex } from 'knex';
import * as policy from '../../domain/accounts';
import { evaluateCoupon, membershipPriceFor, PARTNER_COUPONS, REFERRAL_COUPON, priceByLookupKey, productIdOf, productOf, type CouponOutcome, type Tier } from '../../domain/billing';
import type { PaymentsGateway } from '../../integrations/payments';
import { PHOTOGRAPHER_ANSWERS } from '../../../views/pages/membership/PhotographerQuestionPage';
import { reachableProvider } from '../../domain/providers';

export const TIERS: Tier[] = ['basic', 'professional', 'premium'];
const PRACTICE_MANAGEMENT: Record<Tier, string | null> = {
  basic: null,
  professional: 'practice_management_professional_monthly_v3',
  premium: 'practice_management_premium_monthly_v3',
};

export interface PlanLine { lookupKey: string; productId: string; name: string; amount: number }
export interface PlanChoice { tier: Tier; lines: PlanLine[]; monthly: number }

/** The three plans for a provider, priced by its locations' states (spec 3 §9: NY/CA membership 69, else 59). */
export async function plansFor(db: Knex, providerId: number): Promise<PlanChoice[]> {
  const states: string[] = await db('locations').where({ provider_id: providerId }).whereNotNull('state').pluck('state');
  const membership = membershipPriceFor(states);
  return TIERS.map((tier) => {
    const keys = [membership.lookupKey, PRACTICE_MANAGEMENT[tier]].filter((key): key is string => Boolean(key));
    const lines = keys.map((key) => { const price = priceByLookupKey(key)!; return { lookupKey: key, productId: productIdOf(price.product), name: productOf(price).name, amount: price.amount }; });
    return { tier, lines, monthly: lines.reduce((sum, line) => sum + line.amount, 0) };
  });
}

/** A coupon typed on the form, checked against the plan's items (spec 3 §5); null when none was typed. */
export async function checkCoupon(payments: PaymentsGateway, code: string, plan: PlanChoice): Promise<CouponOutcome | null> {
  const trimmed = code.trim().slice(0, 100);
  if (!trimmed) return null;
  return evaluateCoupon(await payments.couponByCode(trimmed), plan.lines);
}

/**
 * The coupon the form applies by itself (spec 3 §4): the partner offer for a `?partner=owl` sign-up (with
 * its banner), or the referral welcome when the provider came through another provider's referral link.
 */
export async function automaticCoupon(db: Knex, providerId: number): Promise<{ code: string; banner: string | null } | null> {
  const provider = await db('providers').where({ id: providerId }).first('signup_source');
  const [kind, value] = String(provider?.signup_source ?? '').split(':');
  if (kind === 'partner' && value && PARTNER_COUPONS[value]) return { code: PARTNER_COUPONS[value], banner: 'Owl partner offer: 25% off your first year.' };
  if (kind === 'referral' && value) {
    const referrer = await db('providers').where({ referral_code: value }).whereNot({ id: providerId }).first('id');
    if (referrer) return { code: REFERRAL_COUPON, banner: null };
  }
  return null;
}

/** One of the four answers the question offers (spec 3 §9). */
export const isPhotographerAnswer = (value: string): boolean => PHOTOGRAPHER_ANSWERS.some((answer) => answer.value === value);

/** The provider's stored answer to the photographer question (null: not asked yet). */
export async function photographerAnswer(db: Knex, providerId: number): Promise<string | null> {
  return (await db('providers').where({ id: providerId }).first('photographer_availability'))?.photographer_availability ?? null;
}

export const parseTier = (value: unknown): Tier => (TIERS.includes(value as Tier) ? (value as Tier) : 'basic');

/** The payment step's access: billing permission on the provider (else 403); another account's provider is not found. */
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
export function afterPayment(actor: policy.PolicyActor, providerId: number, returnToPlanManagement: boolean): { path: string; flash: string | null } {
  if (returnToPlanManagement) return { path: '/plan-management', flash: PAYMENT_SUCCESS };
  if (policy.hasClinicianAccess(actor, providerId)) return { path: `/profiles/about-you-for/${providerId}`, flash: null };
  return { path: '/plan-management', flash: null };
}

/** "Do this later" (spec 1 §4): clinicians continue the wizard at About You with doPaymentLater=1; others go to /plan-management. */
export function afterPaymentLater(actor: policy.PolicyActor, providerId: number): string {
  return policy.hasClinicianAccess(actor, providerId) ? `/profiles/about-you-for/${providerId}?doPaymentLater=1` : '/plan-management';
}
