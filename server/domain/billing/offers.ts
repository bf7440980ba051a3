// The coupons of a purchase (spec 3 §4, §5, §9; issue [18] items 2 and 4): the offers the portal applies
// by itself from a provider's sign-up context, the coupon a member types, and the referrer's half of the
// referral offer.
import type { Knex } from 'knex';
import type { PaymentsGateway } from '../../integrations/payments';
import { COUPONS, PARTNER_COUPONS, REFERRAL_COUPON } from './catalog';
import { cannotCombine, combinationRefusal, evaluateCoupon, typedCoupon, type CouponOutcome } from './coupons';
import { primaryCustomerOf } from './customers';
import type { PlanLine } from './lines';

/** The offers the form applies by itself, as the member reads them (a banner, never a coupon code). */
export const OFFER_TEXTS: Record<string, string> = {
  PARTNER_OWL_25: 'Owl partner offer: 25% off your directory membership for your first year.',
  REFERRAL_WELCOME_49: 'Referral welcome: $49 off your first month, as you joined through a colleague’s referral.',
};

/** The provider's sign-up context (`partner:owl`, `referral:{code}`), split. */
async function signupContextOf(db: Knex, providerId: number) {
  const provider = await db('providers').where({ id: providerId }).first('signup_source');
  const [kind, value] = (provider?.signup_source ?? '').split(':');
  return { kind, value };
}

/**
 * The coupon the form applies by itself to a new membership (spec 3 §4), from the provider's sign-up
 * context only: the partner offer for a `?partner=owl` sign-up, or the referral welcome when the provider
 * came through another provider's referral link. Shown as text; never a code in a field.
 */
export async function automaticCoupon(db: Knex, providerId: number): Promise<{ code: string; banner: string } | null> {
  const { kind, value } = await signupContextOf(db, providerId);
  if (kind === 'partner' && value && PARTNER_COUPONS[value])
    return { code: PARTNER_COUPONS[value], banner: OFFER_TEXTS[PARTNER_COUPONS[value]] ?? '' };
  if (kind === 'referral' && value) {
    const referrer = await db('providers').where({ referral_code: value }).whereNot({ id: providerId }).first('id');
    if (referrer) return { code: REFERRAL_COUPON, banner: OFFER_TEXTS[REFERRAL_COUPON]! };
  }
  return null;
}

/** What a purchase's coupons are checked for: a new membership's provider (its offer), or the subscription changed. */
export interface CouponContext {
  /** A new membership (its provider's offer applies) or a change of `subscriptionId`. */
  newMembership: boolean;
  providerId: number | null;
  subscriptionId: string | null;
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
 * A typed coupon must be one a member may type (never the portal's own offers), exist, and take something
 * off these lines. It joins what is already there: a change's subscription keeps its discounts, and the
 * coupon must combine with them (`combinationRefusal`); a new membership takes one coupon, so with an
 * offer of the portal a typed one is refused, naming the offer.
 */
export async function checkCoupons(
  db: Knex,
  payments: PaymentsGateway,
  context: CouponContext,
  code: string,
  lines: PlanLine[],
): Promise<CouponCheck> {
  const automatic =
    context.newMembership && context.providerId !== null ? await automaticCoupon(db, context.providerId) : null;
  const offer = automatic ? { couponId: automatic.code, banner: automatic.banner } : null;
  const trimmed = code.trim().slice(0, 100);
  if (!trimmed) return { typed: null, offer, couponId: offer?.couponId ?? null };
  const coupon = await typedCoupon(payments, trimmed);
  let typed = evaluateCoupon(coupon, lines);
  if (typed.ok && coupon) {
    const refusal = offer
      ? cannotCombine(COUPONS.find((c) => c.id === offer.couponId)?.name ?? 'your offer')
      : context.subscriptionId
        ? combinationRefusal(
            coupon,
            (await payments.subscriptionDiscounts(context.subscriptionId)).map((discount) => discount.coupon),
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
  const [kind, code] = (provider?.signup_source ?? '').split(':');
  if (!provider || provider.referrer_credited_at || kind !== 'referral' || !code) return;
  const referrer = await db('providers')
    .where({ referral_code: code })
    .whereNot({ account_id: provider.account_id })
    .first('account_id');
  const customerId = referrer ? await primaryCustomerOf(db, referrer.account_id) : null;
  if (!customerId) return;
  await payments.creditBalance(
    customerId,
    REFERRER_CREDIT,
    `Referral credit: a provider you referred joined (provider ${providerId})`,
    `referral-credit-${providerId}`,
  );
  await db('providers').where({ id: providerId }).update({ referrer_credited_at: db.fn.now() });
}
