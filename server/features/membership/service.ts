// The membership payment form's money and rules (spec 3 §4 "Payment flow", §5, §9; spec 1 §4 "After
// payment"): what a provider pays (NY/CA decided by its locations), coupons, where a payment leads, and
// the subscriptions a change applies to, read from the billing mirror. Sales tax and paying are the
// billing module's purchase path (server/domain/billing/purchase.ts).
import type { Knex } from 'knex';
import * as policy from '../../domain/accounts';
import {
  cannotCombine,
  combinationRefusal,
  COUPONS,
  evaluateCoupon,
  LIVE_STATUSES,
  primaryCustomerOf,
  membershipPriceFor,
  PARTNER_COUPONS,
  priceByLookupKey,
  productIdOf,
  productOf,
  REFERRAL_COUPON,
  seatKindOf,
  typedCoupon,
  type CouponOutcome,
  type CurrentItem,
  type ItemChange,
  type Tier,
} from '../../domain/billing';
import type { PaymentsGateway } from '../../integrations/payments';
import type { TaxCategory } from '../../integrations/tax';
import { PHOTOGRAPHER_ANSWERS } from '../../../views/pages/membership/PhotographerQuestionPage';
import { reachableProvider } from '../../domain/providers';

export const TIERS: Tier[] = ['basic', 'professional', 'premium'];

/** A priced line of what the form sells: a catalog price times a quantity (monthly amounts, in cents). */
export interface PlanLine {
  lookupKey: string;
  productId: string;
  name: string;
  quantity: number;
  amount: number;
  category: TaxCategory;
}

export function lineOf(lookupKey: string, quantity = 1): PlanLine {
  const price = priceByLookupKey(lookupKey);
  if (!price) throw new Error(`unknown catalog price ${lookupKey}`);
  const product = productOf(price);
  return {
    lookupKey,
    productId: productIdOf(price.product),
    name: product.name,
    quantity,
    amount: price.amount * quantity,
    category: product.category,
  };
}

export const monthlyOf = (lines: PlanLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** The membership seat a provider takes: the special (NY/CA) price when one of its locations is there (spec 3 §9). */
export async function seatOf(db: Knex, providerId: number): Promise<'ny' | 'non_ny'> {
  const states: string[] = await db('locations')
    .where({ provider_id: providerId })
    .whereNotNull('state')
    .pluck('state');
  return seatKindOf(membershipPriceFor(states).lookupKey) === 'ny' ? 'ny' : 'non_ny';
}

/** The offers the form applies by itself, as the member reads them (a banner, never a coupon code). */
export const OFFER_TEXTS: Record<string, string> = {
  PARTNER_OWL_25: 'Owl partner offer: 25% off your directory membership for your first year.',
  REFERRAL_WELCOME_49: 'Referral welcome: $49 off your first month, as you joined through a colleague’s referral.',
};

/**
 * The coupon the form applies by itself to a new membership (spec 3 §4), from the provider's sign-up
 * context only: the partner offer for a `?partner=owl` sign-up, or the referral welcome when the provider
 * came through another provider's referral link. Shown as text; never a code in a field.
 */
export async function automaticCoupon(db: Knex, providerId: number): Promise<{ code: string; banner: string } | null> {
  const provider = await db('providers').where({ id: providerId }).first('signup_source');
  const [kind, value] = String(provider?.signup_source ?? '').split(':');
  if (kind === 'partner' && value && PARTNER_COUPONS[value])
    return { code: PARTNER_COUPONS[value], banner: OFFER_TEXTS[PARTNER_COUPONS[value]] ?? '' };
  if (kind === 'referral' && value) {
    const referrer = await db('providers').where({ referral_code: value }).whereNot({ id: providerId }).first('id');
    if (referrer) return { code: REFERRAL_COUPON, banner: OFFER_TEXTS[REFERRAL_COUPON]! };
  }
  return null;
}

/** The coupons of one render or post of the pay step. */
export interface CouponCheck {
  /** The coupon typed on the form, checked (null: none typed). */
  typed: CouponOutcome | null;
  /** The offer the portal applies by itself (a new membership), with its text. */
  offer: { couponId: string; banner: string } | null;
  /** The one coupon this purchase adds: the typed one when accepted, else the offer (null: none). */
  couponId: string | null;
}

/**
 * The coupons of a purchase (spec 3 §5, issue [18] items 2 and 4). A typed coupon must be one a member may
 * type (never the portal's own offers), exist, and take something off these lines. It joins what is
 * already there: a change's subscription keeps its discounts, and the coupon must combine with them
 * (`combinationRefusal`); a new membership takes one coupon, so with an offer of the portal a typed one is
 * refused, naming the offer.
 */
export async function checkCoupons(
  db: Knex,
  payments: PaymentsGateway,
  form: { mode: string; providerId: number | null; subscriptionId: string | null },
  code: string,
  lines: PlanLine[],
): Promise<CouponCheck> {
  const automatic =
    form.mode === 'subscribe' && form.providerId !== null ? await automaticCoupon(db, form.providerId) : null;
  const offer = automatic ? { couponId: automatic.code, banner: automatic.banner } : null;
  const trimmed = code.trim().slice(0, 100);
  if (!trimmed) return { typed: null, offer, couponId: offer?.couponId ?? null };
  const coupon = await typedCoupon(payments, trimmed);
  let typed = evaluateCoupon(coupon, lines);
  if (typed.ok && coupon) {
    const refusal = offer
      ? cannotCombine(COUPONS.find((c) => c.id === offer.couponId)?.name ?? 'your offer')
      : form.subscriptionId
        ? combinationRefusal(
            coupon,
            (await payments.subscriptionDiscounts(form.subscriptionId)).map((discount) => discount.coupon),
          )
        : null;
    if (refusal) typed = { ok: false, message: refusal };
  }
  return { typed, offer, couponId: typed.ok ? typed.couponId : (offer?.couponId ?? null) };
}

export const REFERRER_CREDIT = 4900;

/**
 * The referrer's half of "$49 off for both" (spec 3 §9): once a provider who came through another
 * provider's referral link has paid with the referral welcome, the referrer's account gets $49 of credit
 * on its next invoice. Once per referred provider (recorded on it); a referrer whose account has no
 * billing customer has no invoice to credit, and is skipped.
 */
export async function creditReferrer(
  db: Knex,
  payments: PaymentsGateway,
  providerId: number,
  couponId: string | null,
): Promise<void> {
  if (couponId !== REFERRAL_COUPON) return;
  const provider = await db('providers')
    .where({ id: providerId })
    .first('signup_source', 'referrer_credited_at', 'account_id');
  const [kind, code] = String(provider?.signup_source ?? '').split(':');
  if (!provider || provider.referrer_credited_at || kind !== 'referral' || !code) return;
  const referrer = await db('providers')
    .where({ referral_code: code })
    .whereNot({ account_id: provider.account_id })
    .first('account_id');
  const customerId = referrer ? await primaryCustomerOf(db, Number(referrer.account_id)) : null;
  if (!customerId) return;
  await payments.creditBalance(
    customerId,
    REFERRER_CREDIT,
    `Referral credit: a provider you referred joined (provider ${providerId})`,
    `referral-credit-${providerId}`,
  );
  await db('providers').where({ id: providerId }).update({ referrer_credited_at: db.fn.now() });
}

/** One of the four answers the question offers (spec 3 §9). */
export const isPhotographerAnswer = (value: string): boolean =>
  PHOTOGRAPHER_ANSWERS.some((answer) => answer.value === value);

/** The provider's stored answer to the photographer question (null: not asked yet). */
export async function photographerAnswer(db: Knex, providerId: number): Promise<string | null> {
  return (
    (await db('providers').where({ id: providerId }).first('photographer_availability'))?.photographer_availability ??
    null
  );
}

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

/** A subscription of the account as the mirror holds it, with its items. */
export interface MirroredSubscriptionView {
  id: string;
  customerId: string;
  status: string;
  seatBased: boolean;
  interval: string | null;
  providerIds: number[];
  metadata: Record<string, string>;
  items: CurrentItem[];
}

async function subscriptionsWhere(
  db: Knex,
  where: (q: Knex.QueryBuilder) => void,
): Promise<MirroredSubscriptionView[]> {
  const rows = await db('billing_subscriptions').where(where).orderBy('created_at', 'desc');
  if (!rows.length) return [];
  const items = await db('billing_subscription_items')
    .whereIn(
      'subscription_id',
      rows.map((r) => r.id),
    )
    .orderBy('id');
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    seatBased: row.seat_based,
    interval: row.interval,
    providerIds: (row.provider_ids as string[]).map(Number),
    metadata: row.metadata ?? {},
    items: items
      .filter((item) => item.subscription_id === row.id)
      .map((item) => ({ id: item.id, lookupKey: item.lookup_key, quantity: item.quantity })),
  }));
}

/** The account's live subscriptions, newest first. */
export const liveSubscriptionsOf = (db: Knex, accountId: number) =>
  subscriptionsWhere(db, (q) =>
    q.where({ account_id: accountId }).whereIn('status', LIVE_STATUSES as unknown as string[]),
  );

/** One subscription of the account (any status); null for another account's id or one that does not exist. */
export async function subscriptionOf(
  db: Knex,
  accountId: number,
  subscriptionId: string,
): Promise<MirroredSubscriptionView | null> {
  return (await subscriptionsWhere(db, (q) => q.where({ account_id: accountId, id: subscriptionId })))[0] ?? null;
}

/** Whether a provider already holds a live seat (paid or still being paid): then nothing new is started for it. */
export async function hasLiveSeat(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(
    await db('provider_paid_seats').where({ provider_id: providerId }).whereNull('canceled_at').first('provider_id'),
  );
}

/**
 * The status of the membership holding the provider's live seat when its payment failed: a declined
 * renewal (past due or unpaid) or a first payment that never went through (incomplete); else null.
 */
export async function seatAwaitsPayment(db: Knex, providerId: number): Promise<string | null> {
  const row = await db('provider_paid_seats as seat')
    .join('billing_subscriptions as s', 's.id', 'seat.subscription_id')
    .where({ 'seat.provider_id': providerId })
    .whereNull('seat.canceled_at')
    .whereIn('s.status', ['past_due', 'unpaid', 'incomplete'])
    .first('s.status');
  return row?.status ?? null;
}

/** What a change adds, priced, for the form's summary and the coupon check: each changed item at its new price and quantity. */
export function linesOfChange(changes: ItemChange[], items: CurrentItem[]): PlanLine[] {
  return changes
    .filter((change) => !change.deleted)
    .map((change) => {
      const current = change.itemId ? items.find((item) => item.id === change.itemId) : undefined;
      return lineOf(change.lookupKey ?? current!.lookupKey!, change.quantity ?? current?.quantity ?? 1);
    });
}
