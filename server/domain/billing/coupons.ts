// Coupons on the payment form (spec 3 §5): whether a coupon applies to the plan's items, what it takes
// off (in cents), and how long for. The card processor applies the same coupon to the subscription; this
// is what the form shows and checks before it asks.
import type { CouponView } from '../../integrations/payments';

export const COUPON_MESSAGES = {
  invalid: 'Sorry this coupon is not valid or has expired.',
  noDiscount: 'Sorry, this coupon does not work for these items.',
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
