// Coupons on the payment form (spec 3 §5): whether a coupon applies to the plan's items, what it takes
// off (in cents), and how long for. The card processor applies the same coupon to the subscription; this
// is what the form shows and checks before it asks.
import type { CouponView, PaymentsGateway } from '../../integrations/payments';
import { COUPONS } from './catalog';

export const COUPON_MESSAGES = {
  invalid: 'Sorry this coupon is not valid or has expired.',
  noDiscount: 'Sorry, this coupon does not work for these items.',
  // Ours (the spec names no such case): a coupon already on the membership.
  alreadyApplied: 'Sorry, this coupon is already applied to your membership.',
} as const;

export interface CouponLine {
  productId: string;
  amount: number;
}

export type CouponOutcome =
  | { ok: true; couponId: string; discount: number; duration: string; label: string }
  | { ok: false; message: string };

/** Spec 3 §5's duration phrases: once; first year; N months; forever. */
export function durationPhrase(coupon: Pick<CouponView, 'duration' | 'durationInMonths'>): string {
  if (coupon.duration === 'forever') return 'forever';
  if (coupon.duration === 'repeating')
    return coupon.durationInMonths === 12 ? 'first year' : `${coupon.durationInMonths ?? 1} months`;
  return 'once';
}

/**
 * Checks a coupon against the items: unknown or expired is "not valid", one that takes nothing off these
 * items "does not work". A coupon limited to products counts only the items of those products (our
 * product ids name the catalog's products one to one); percentages are rounded to the cent.
 */
export function evaluateCoupon(coupon: CouponView | null, lines: CouponLine[]): CouponOutcome {
  if (!coupon?.valid) return { ok: false, message: COUPON_MESSAGES.invalid };
  const matching = lines.filter((line) => !coupon.productIds || coupon.productIds.includes(line.productId));
  const base = matching.reduce((sum, line) => sum + line.amount, 0);
  const discount = coupon.percentOff
    ? Math.round((base * coupon.percentOff) / 100)
    : coupon.amountOff
      ? Math.min(base, coupon.amountOff)
      : 0;
  if (discount <= 0) return { ok: false, message: COUPON_MESSAGES.noDiscount };
  const what = coupon.percentOff ? `${coupon.percentOff}% off` : `$${(discount / 100).toFixed(2)} off`;
  return {
    ok: true,
    couponId: coupon.id,
    discount,
    duration: durationPhrase(coupon),
    label: `${coupon.name ?? coupon.id}: ${what}, ${durationPhrase(coupon)}`,
  };
}

/** Why a coupon cannot join the discounts already there (our wording: the spec names no such case). */
export const cannotCombine = (other: string) => `Sorry, this coupon cannot be combined with ${other}.`;

/**
 * The coupons the portal applies by itself (the referral welcome, the partner offers): never accepted as
 * typed codes, on any form, since the referral or partner context is what earns them (spec 3 §4).
 */
export const isInternalCoupon = (couponId: string): boolean => COUPONS.some((coupon) => coupon.id === couponId);

/**
 * The coupon a member typed (its id or a promotion code), or null: unknown, or one of the portal's own,
 * which is "not valid" to anyone typing it.
 */
export async function typedCoupon(
  payments: Pick<PaymentsGateway, 'couponByCode'>,
  code: string,
): Promise<CouponView | null> {
  const trimmed = code.trim().slice(0, 100);
  if (!trimmed) return null;
  const coupon = await payments.couponByCode(trimmed);
  return coupon && !isInternalCoupon(coupon.id) ? coupon : null;
}

/**
 * Whether a coupon can join discounts already there (a subscription's, which stay on it). Null: it can.
 * It cannot when it is one of them (one coupon is used once), or when it and one of them both take a
 * percentage off a same product (a coupon for every product overlaps any other): two percentages of one
 * price are not stacked. An amount off combines with anything; the discounts then apply in order, each on
 * what the ones before it left.
 */
export function combinationRefusal(coupon: CouponView, existing: CouponView[]): string | null {
  const overlap = (a: CouponView, b: CouponView) =>
    !a.productIds || !b.productIds || a.productIds.some((id) => b.productIds!.includes(id));
  for (const other of existing) {
    if (other.id === coupon.id) return COUPON_MESSAGES.alreadyApplied;
    if (coupon.percentOff && other.percentOff && overlap(coupon, other)) return cannotCombine(other.name ?? other.id);
  }
  return null;
}
