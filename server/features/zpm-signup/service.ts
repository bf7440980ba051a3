// /zpm-signup's rules (spec 3 §2, §7 "/zpm-signup/*", §9 standalone Pro 49 / Premium 69): the standalone
// account made from the details step, the price of a plan (the card processor's invoice preview), and
// the payment: customer, card, subscription and then the EHR clinic, each asked once per stored attempt.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createStandaloneAccount, releaseUnpaidHold } from '../../domain/accounts';
import {
  customerOwning,
  ensureCustomer,
  evaluateCoupon,
  hostedPageDone,
  hostedPageReturn,
  payOrder,
  previewOrder,
  saveCardOnHostedPage,
  typedCoupon,
  saveSetupCard,
  salesTaxOf,
  priceByLookupKey,
  productIdOf,
  type CouponOutcome,
  type Order,
  type PaymentInput,
  type SalesTaxPlan,
} from '../../domain/billing';
import type { PaymentsGateway } from '../../integrations/payments';
import type { SalesTax } from '../../integrations/tax';
import type { ClinicMessage } from './clinic';
import { chargedSubscriptionOf, finishSignup, recordPaid, type FinishDeps } from './finish';
import { zpmSignupRecords } from '../../domain/accounts';
import { TIERS, type DetailsInput, type PlanInput, type ZpmTier } from './validation';

export type ZpmDeps = FinishDeps & { tax: SalesTax };

/** The plan as the billing module's purchase path takes it: one subscription of the tier, a line per clinician. */
export function orderOf(plan: PlanInput, signupId: string): Extract<Order, { kind: 'new' }> {
  return {
    kind: 'new',
    items: [{ lookupKey: TIERS[plan.zpm_tier].lookupKey, quantity: plan.quantity }],
    oneTime: [],
    metadata: { standalone_practice_management: 'yes', zpm_signup: signupId },
  };
}

/**
 * The plan's sales tax at a billing address (spec 3 §5), by the same rules as the membership form: each
 * line at its category's rate (practice management is software). No address yet: no tax, and the post
 * with its address shows the taxed total before charging anything.
 */
export async function salesTaxFor(
  deps: Pick<ZpmDeps, 'payments' | 'tax'>,
  plan: PlanInput,
  signup: zpmSignupRecords.SignupRow,
  address: { postalCode: string; state: string },
): Promise<SalesTaxPlan> {
  return salesTaxOf(deps, orderOf(plan, signup.id), address, signup.accountId!);
}

/** One plan line: the tier's catalog price times the number of clinicians (cents a month). */
export function planLine(tier: ZpmTier, quantity: number) {
  const price = priceByLookupKey(TIERS[tier].lookupKey)!;
  return {
    lookupKey: price.lookupKey,
    productId: productIdOf(price.product),
    amount: price.amount * quantity,
    unitAmount: price.amount,
    quantity,
  };
}

/** A typed coupon checked against the plan (spec 3 §5's two refusals); null when none was typed. */
export async function checkCoupon(payments: PaymentsGateway, plan: PlanInput): Promise<CouponOutcome | null> {
  const code = plan.coupon.trim();
  if (!code) return null;
  // The portal's own offers (referral, partner) are never typed codes: "not valid" here too.
  return evaluateCoupon(await typedCoupon(payments, code), [planLine(plan.zpm_tier, plan.quantity)]);
}

/** "pay-preview": what the first invoice charges (subtotal, discount, tax, total in cents), as the card processor works it out. */
export async function previewPlan(
  deps: Pick<ZpmDeps, 'db' | 'payments' | 'tax'>,
  customerId: string,
  plan: PlanInput,
  couponId: string | null,
  signup: zpmSignupRecords.SignupRow,
  tax: SalesTaxPlan,
) {
  return previewOrder(deps, orderOf(plan, signup.id), { customerId, couponIds: couponId ? [couponId] : [], tax });
}

/** "create-standalone-account": the owner (no password yet), the account and the sign-up row, in one transaction. */
export async function createSignup(
  db: Knex,
  clinic: ClinicMessage,
  variant: zpmSignupRecords.Variant,
  details: DetailsInput,
): Promise<string> {
  return db.transaction(async (trx) => {
    // An earlier unpaid sign-up with this address reserves nothing (started here or by someone else).
    await releaseUnpaidHold(trx, details.email);
    const owner = await createStandaloneAccount(trx, {
      email: details.email,
      firstName: details.first_name,
      lastName: details.last_name,
    });
    return zpmSignupRecords.insertSignup(trx, clinic, variant, owner);
  });
}

/** The account's card-processor customer (made once, keyed by the account). */
export async function customerOf(
  deps: Pick<ZpmDeps, 'db' | 'payments'>,
  signup: zpmSignupRecords.SignupRow,
  log?: Logger,
): Promise<string> {
  const owner = (await zpmSignupRecords.ownerOf(deps.db, signup.userId!))!;
  return ensureCustomer(
    deps.db,
    deps.payments,
    { id: signup.accountId!, email: owner.email, name: `${owner.firstName} ${owner.lastName}` },
    log,
  );
}

export type PayOutcome = { kind: 'done' } | { kind: 'hosted'; url: string };

/**
 * "pay" then "add-practice-management-account", once per sign-up, in steps that never hold a transaction
 * across an outside call: the address and card checks; (1) the attempt recorded (its key, its start); (2)
 * the subscription at the card processor (error_if_incomplete: a refused card leaves nothing), keyed by
 * the attempt, so a double submit or a retry after a crash replays rather than charging again; (3) the
 * payment recorded with the finishing job queued, in one short transaction; (4) the finishing tried at
 * once (the job does it otherwise). A paid sign-up goes straight to (4): a retry finishes what is left.
 */
export async function pay(
  deps: ZpmDeps,
  signupId: string,
  plan: PlanInput,
  input: PaymentInput,
  couponId: string | null,
  tax: SalesTaxPlan,
  urls: { back: (extra: Record<string, string>) => string },
  context: { requestId: string | null; log?: Logger },
): Promise<PayOutcome> {
  const { db, payments } = deps;
  const signup = (await zpmSignupRecords.findSignup(db, signupId))!;
  if (signup.paidAt) return finishNow(deps, signupId, context);
  const accountId = signup.accountId!;
  const customerId = await customerOf({ db, payments }, signup, context.log);
  const address = {
    line1: input.address_line1,
    line2: input.address_line2,
    city: input.address_city,
    state: input.address_state,
    postalCode: input.address_postal_code,
  };
  // Keyed by its content too: an address corrected after the card processor's page is a new update.
  const addressKey = crypto.createHash('sha256').update(JSON.stringify(address)).digest('hex').slice(0, 16);
  await payments.updateAddress(customerId, address, `zpm-${signup.paymentAttempt}-address-${addressKey}`);
  if (input.source === 'new') {
    // Without JavaScript a card is saved on the card processor's page (setup mode), back to this step.
    const successUrl = hostedPageReturn((session) => urls.back({ card_session: session }));
    // Saving a card charges nothing: each visit to the processor's page is a session of its own.
    const url = await saveCardOnHostedPage(
      deps,
      { customerId, successUrl, cancelUrl: urls.back({}) },
      `zpm-${signup.paymentAttempt}-setup-${crypto.randomUUID()}`,
    );
    return { kind: 'hosted', url };
  }
  await customerOwning(db, accountId, 'card', input.source);

  const attempt = await zpmSignupRecords.startPayment(db, signup.id);
  if (!attempt) return finishNow(deps, signupId, context);
  // A subscription of this sign-up already there (an earlier try whose answer was lost) is the payment.
  if (!(await chargedSubscriptionOf(payments, customerId, signup.id))) {
    await payOrder(
      deps,
      orderOf(plan, signup.id),
      { customerId, couponIds: couponId ? [couponId] : [], tax, cardId: input.source },
      `zpm-${attempt}`,
    );
  }
  await recordPaid(deps, signup.id);
  return finishNow(deps, signupId, context);
}

/**
 * Finishes a paid sign-up now when the EHR answers; when it does not, the queued job keeps trying and the
 * success page says the account is being finished. Either way the customer goes on to that page.
 */
export async function finishNow(
  deps: ZpmDeps,
  signupId: string,
  context: { requestId: string | null; log?: Logger },
): Promise<PayOutcome> {
  try {
    await finishSignup(deps, signupId, context);
  } catch (error) {
    context.log?.error(
      { err: error, requestId: context.requestId, signupId },
      'zpm-signup: finishing the account failed; the job will try again',
    );
  }
  return { kind: 'done' };
}

/** Back from the card processor's page with a card (setup mode): mirrored when the session is this account's and complete. */
export async function cardFromHostedPage(
  deps: Pick<ZpmDeps, 'db' | 'payments'>,
  signup: zpmSignupRecords.SignupRow,
  sessionId: string,
  log?: Logger,
): Promise<void> {
  await hostedPageDone(deps, signup.accountId!, sessionId, log);
}

/** The card the card field saved (a setup intent of this account's customer): made the default when there is none, and mirrored. */
export async function confirmCard(
  deps: Pick<ZpmDeps, 'db' | 'payments'>,
  signup: zpmSignupRecords.SignupRow,
  setupIntent: string,
  log?: Logger,
): Promise<string | null> {
  const problem = await saveSetupCard(deps.db, deps.payments, await customerOf(deps, signup, log), setupIntent, log);
  return problem === '' ? 'The card could not be saved.' : problem;
}
