// Coupons on the payment form (spec 3 §5): the two refusals, the discount in cents on the matching
// products only, and the duration phrases.
import assert from 'node:assert/strict';
import { COUPON_MESSAGES, durationPhrase, evaluateCoupon } from '../../../../server/domain/billing';
import type { CouponView } from '../../../../server/integrations/payments';

const coupon = (over: Partial<CouponView>): CouponView => ({
  id: 'C',
  name: 'Welcome',
  valid: true,
  percentOff: null,
  amountOff: null,
  duration: 'once',
  durationInMonths: null,
  productIds: null,
  ...over,
});
const lines = [
  { productId: 'portal_membership', amount: 6900 },
  { productId: 'portal_practice_management_premium', amount: 3900 },
];

describe('coupons: what a coupon gives on the plan (spec 3 §5)', () => {
  it('an unknown or expired coupon is "not valid or has expired"', () => {
    assert.deepEqual(evaluateCoupon(null, lines), { ok: false, message: COUPON_MESSAGES.invalid });
    assert.deepEqual(evaluateCoupon(coupon({ valid: false, percentOff: 10 }), lines), {
      ok: false,
      message: COUPON_MESSAGES.invalid,
    });
    assert.equal(COUPON_MESSAGES.invalid, 'Sorry this coupon is not valid or has expired.');
  });

  it('a coupon for other products "does not work for these items"', () => {
    const outcome = evaluateCoupon(coupon({ percentOff: 50, productIds: ['portal_copywriting'] }), lines);
    assert.deepEqual(outcome, { ok: false, message: 'Sorry, this coupon does not work for these items.' });
  });

  it('a percentage counts only the matching products, rounded to the cent', () => {
    const outcome = evaluateCoupon(coupon({ percentOff: 33.333, productIds: ['portal_membership'] }), lines);
    assert.ok(outcome.ok);
    assert.equal(outcome.discount, 2300); // 33.333 % of $69.00 = $22.9998 → $23.00
  });

  it('an amount never takes off more than the matching items cost', () => {
    const outcome = evaluateCoupon(
      coupon({ amountOff: 4900, productIds: ['portal_practice_management_premium'] }),
      lines,
    );
    assert.ok(outcome.ok);
    assert.equal(outcome.discount, 3900);
    const referral = evaluateCoupon(coupon({ amountOff: 4900 }), lines);
    assert.ok(referral.ok);
    assert.equal(referral.discount, 4900);
    assert.equal(referral.label, 'Welcome: $49.00 off, once');
  });

  it('says how long: once, first year, N months, forever', () => {
    assert.equal(durationPhrase({ duration: 'once', durationInMonths: null }), 'once');
    assert.equal(durationPhrase({ duration: 'repeating', durationInMonths: 12 }), 'first year');
    assert.equal(durationPhrase({ duration: 'repeating', durationInMonths: 3 }), '3 months');
    assert.equal(durationPhrase({ duration: 'forever', durationInMonths: null }), 'forever');
  });
});
