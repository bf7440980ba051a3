// /zpm-signup's rules (spec 3 §2, §7 "/zpm-signup/*", §9 standalone Pro 49 / Premium 69): the standalone
// account made from the details step, the price of a plan (the card processor's invoice preview), and
// the payment: customer, card, subscription and then the EHR clinic, each asked once per stored attempt.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { createStandaloneAccount, queueSetPasswordEmail, releaseUnpaidHold } from '../../domain/accounts';
import { customerOwning, ensureCustomer, evaluateCoupon, saveSetupCard, priceByLookupKey, priceIdsByLookupKey, productIdOf, syncCustomer, type CouponOutcome, type PaymentInput } from '../../domain/billing';
import type { Ehr } from '../../integrations/ehr';
import type { PaymentsGateway } from '../../integrations/payments';
import type { Outgoing } from '../../jobs';
import type { ClinicMessage } from './clinic';
import * as repo from './repo';
import { TIERS, type DetailsInput, type PlanInput, type ZpmTier } from './validation';

export interface ZpmDeps { db: Knex; config: Config; payments: PaymentsGateway; ehr: Ehr; outgoing: Outgoing }

/** One plan line: the tier's catalog price times the number of clinicians (cents a month). */
export function planLine(tier: ZpmTier, quantity: number) {
  const price = priceByLookupKey(TIERS[tier].lookupKey)!;
  return { lookupKey: price.lookupKey, productId: productIdOf(price.product), amount: price.amount * quantity, unitAmount: price.amount, quantity };
}

/** A typed coupon checked against the plan (spec 3 §5's two refusals); null when none was typed. */
export async function checkCoupon(payments: PaymentsGateway, plan: PlanInput): Promise<CouponOutcome | null> {
  const code = plan.coupon.trim();
  if (!code) return null;
  return evaluateCoupon(await payments.couponByCode(code), [planLine(plan.zpm_tier, plan.quantity)]);
}

/** "pay-preview": what the first invoice charges (subtotal, discount, total in cents), as the card processor works it out. */
export async function previewPlan(deps: Pick<ZpmDeps, 'db' | 'payments'>, customerId: string, plan: PlanInput, couponId: string | null) {
  const prices = await priceIdsByLookupKey(deps.db);
  const line = planLine(plan.zpm_tier, plan.quantity);
  return deps.payments.previewNewSubscription(customerId, [{ price: prices.get(line.lookupKey)!, quantity: line.quantity }], couponId);
}

/** "create-standalone-account": the owner (no password yet), the account and the sign-up row, in one transaction. */
export async function createSignup(db: Knex, clinic: ClinicMessage, variant: repo.Variant, details: DetailsInput): Promise<string> {
  return db.transaction(async (trx) => {
    // An earlier unpaid sign-up with this address reserves nothing (started here or by someone else).
    await releaseUnpaidHold(trx, details.email);
    const owner = await createStandaloneAccount(trx, { email: details.email, firstName: details.first_name, lastName: details.last_name });
    return repo.insertSignup(trx, clinic, variant, owner);
  });
}

/** The account's card-processor customer (made once, keyed by the account). */
export async function customerOf(deps: Pick<ZpmDeps, 'db' | 'payments'>, signup: repo.SignupRow, log?: Logger): Promise<string> {
  const owner = (await repo.ownerOf(deps.db, signup.userId!))!;
  return ensureCustomer(deps.db, deps.payments, { id: signup.accountId!, email: owner.email, name: `${owner.firstName} ${owner.lastName}` }, log);
}

export type PayOutcome = { kind: 'done' } | { kind: 'hosted'; url: string };

/**
 * "pay" then "add-practice-management-account", once per sign-up. First, under the row's lock: the
 * address, the card and the subscription (error_if_incomplete: a refused card leaves nothing), keyed by
 * the stored attempt, so a double submit or a retry replays rather than charging again; the row then
 * records it paid. Then, under the lock again: the EHR clinic, and only once the EHR said yes, the
 * account's practice management and the set-password e-mail. A failing EHR leaves the sign-up paid but
 * not finished (nothing of it saved); its retry skips the payment and asks the EHR again.
 */
export async function pay(deps: ZpmDeps, signupId: string, plan: PlanInput, input: PaymentInput, couponId: string | null, urls: { back: (extra: Record<string, string>) => string }, context: { requestId: string | null; log?: Logger }): Promise<PayOutcome> {
  const { db, payments } = deps;
  const hosted = await db.transaction(async (trx) => {
    const signup = (await repo.findSignup(trx, signupId, true))!;
    if (signup.paidAt) return null;
    const accountId = signup.accountId!;
    const customerId = await customerOf({ db, payments }, signup, context.log);
    const key = `zpm-${signup.paymentAttempt}`;
    const address = { line1: input.address_line1, line2: input.address_line2 || null, city: input.address_city, state: input.address_state, postal_code: input.address_postal_code };
    // Keyed by its content too: an address corrected after the card processor's page is a new update.
    const addressKey = crypto.createHash('sha256').update(JSON.stringify(address)).digest('hex').slice(0, 16);
    await payments.updateAddress(customerId, address, `${key}-address-${addressKey}`);
    if (input.source === 'new') {
      // Without JavaScript a card is saved on the card processor's page (setup mode), back to this step.
      const successUrl = urls.back({ card_session: '{CHECKOUT_SESSION_ID}' }).replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}');
      // Saving a card charges nothing: each visit to the processor's page is a session of its own.
      const session = await payments.createCheckoutSession({ mode: 'setup', customerId, successUrl, cancelUrl: urls.back({}) }, `${key}-setup-${crypto.randomUUID()}`);
      return session.url;
    }
    await customerOwning(db, accountId, 'card', input.source);
    const prices = await priceIdsByLookupKey(db);
    const line = planLine(plan.zpm_tier, plan.quantity);
    await payments.createSubscription({
      customer: customerId, items: [{ price: prices.get(line.lookupKey)!, quantity: line.quantity }], default_payment_method: input.source,
      payment_behavior: 'error_if_incomplete', metadata: { standalone_practice_management: 'yes', zpm_signup: signup.id },
      ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
    }, `${key}-subscribe`);
    await repo.markPaid(trx, signup.id);
    return null;
  });
  if (hosted) return { kind: 'hosted', url: hosted };

  const finished = await db.transaction(async (trx) => {
    const signup = (await repo.findSignup(trx, signupId, true))!;
    if (signup.completedAt) return false;
    // A standalone account has no provider profile: the EHR's standalone call takes the account.
    await deps.ehr.createClinic({ providerId: null, accountId: signup.accountId, subdomain: signup.subdomain, clinicId: signup.clinicId, trialDays: 0, requestId: context.requestId });
    await repo.saveClinic(trx, signup.accountId!, signup.subdomain);
    const owner = (await repo.ownerOf(trx, signup.userId!))!;
    await queueSetPasswordEmail(trx, deps, owner, deps.ehr.signInUrl(signup.subdomain));
    await repo.markCompleted(trx, signup.id);
    return true;
  });
  // The mirror follows (the webhook would too): the account's plan flags come from it.
  if (finished) {
    const signup = (await repo.findSignup(db, signupId))!;
    const customerId = await customerOf({ db, payments }, signup, context.log);
    await syncCustomer(db, payments, customerId, context.log).catch((error: unknown) => context.log?.error({ err: error, requestId: context.requestId }, 'zpm-signup: billing mirror sync failed'));
  }
  return { kind: 'done' };
}

/** Back from the card processor's page with a card (setup mode): mirrored when the session is this account's and complete. */
export async function cardFromHostedPage(deps: Pick<ZpmDeps, 'db' | 'payments'>, signup: repo.SignupRow, sessionId: string, log?: Logger): Promise<void> {
  const session = /^cs_[A-Za-z0-9_]+$/.test(sessionId) ? await deps.payments.retrieveCheckoutSession(sessionId) : null;
  const customerId = typeof session?.customer === 'string' ? session.customer : session?.customer?.id ?? null;
  const owned = customerId ? await deps.db('billing_customers').where({ id: customerId, account_id: signup.accountId }).first('id') : null;
  if (owned && session?.status === 'complete') await syncCustomer(deps.db, deps.payments, customerId!, log);
}

/** The card the card field saved (a setup intent of this account's customer): made the default when there is none, and mirrored. */
export async function confirmCard(deps: Pick<ZpmDeps, 'db' | 'payments'>, signup: repo.SignupRow, setupIntent: string, log?: Logger): Promise<string | null> {
  const problem = await saveSetupCard(deps.db, deps.payments, await customerOf(deps, signup, log), setupIntent, log);
  return problem === '' ? 'The card could not be saved.' : problem;
}
