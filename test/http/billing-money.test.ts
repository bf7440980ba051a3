// The money table (issue [10] "Done when"): prices × NY/CA × seats × coupons × proration, each row's
// cents worked out by hand, checked against the invoice preview the payment form shows (the card
// processor's createPreview) and, for coupons, against the form's own coupon check.
import assert from 'node:assert/strict';
import {
  evaluateCoupon,
  newMembershipItems,
  priceByLookupKey,
  productIdOf,
  type Tier,
} from '../../server/domain/billing';
import { gateway, priceId } from '../support/billing';
import { ctx } from '../support/context';
import { lineOf, salesTaxFor } from '../../server/features/membership/service';

type Coupon = 'none' | 'quarter-first-year' | 'eighth-forever' | 'referral-49' | 'pm-10-off';
const stamp = `${process.pid}${Date.now()}`;
let made = 0;
const COUPONS: Record<Exclude<Coupon, 'none'>, Record<string, unknown>> = {
  'quarter-first-year': { percent_off: 25, duration: 'repeating', duration_in_months: 12 },
  // 12.5 % of a whole-dollar price ends in half a cent: rounded half up, as Stripe rounds.
  'eighth-forever': { percent_off: 12.5, duration: 'forever' },
  'referral-49': { amount_off: 4900, currency: 'usd', duration: 'once' },
  // Matched on product: only practice management is discounted.
  'pm-10-off': {
    amount_off: 1000,
    currency: 'usd',
    duration: 'once',
    applies_to: { products: ['portal_practice_management_professional', 'portal_practice_management_premium'] },
  },
};

// tier, NY/CA?, seats, coupon → subtotal, discount, total (cents, by hand: $59/$69 membership, +$19/$39 practice management per seat).
const NEW_MEMBERSHIP: [Tier, boolean, number, Coupon, number, number, number][] = [
  ['basic', false, 1, 'none', 5900, 0, 5900],
  ['basic', true, 1, 'none', 6900, 0, 6900],
  ['professional', false, 1, 'none', 7800, 0, 7800],
  ['professional', true, 1, 'none', 8800, 0, 8800],
  ['premium', false, 1, 'none', 9800, 0, 9800],
  ['premium', true, 1, 'none', 10800, 0, 10800],
  ['basic', false, 3, 'none', 17700, 0, 17700],
  ['basic', true, 3, 'none', 20700, 0, 20700],
  ['professional', false, 3, 'none', 23400, 0, 23400],
  ['professional', true, 3, 'none', 26400, 0, 26400],
  ['premium', false, 3, 'none', 29400, 0, 29400],
  ['premium', true, 3, 'none', 32400, 0, 32400],
  ['basic', false, 1, 'quarter-first-year', 5900, 1475, 4425],
  ['basic', true, 1, 'quarter-first-year', 6900, 1725, 5175],
  ['professional', false, 1, 'quarter-first-year', 7800, 1950, 5850],
  ['professional', true, 1, 'quarter-first-year', 8800, 2200, 6600],
  ['premium', false, 1, 'quarter-first-year', 9800, 2450, 7350],
  ['premium', true, 1, 'quarter-first-year', 10800, 2700, 8100],
  ['basic', false, 3, 'quarter-first-year', 17700, 4425, 13275],
  ['premium', true, 3, 'quarter-first-year', 32400, 8100, 24300],
  ['basic', false, 1, 'eighth-forever', 5900, 738, 5162],
  ['basic', true, 1, 'eighth-forever', 6900, 863, 6037],
  ['professional', false, 1, 'eighth-forever', 7800, 975, 6825],
  ['professional', true, 1, 'eighth-forever', 8800, 1100, 7700],
  ['premium', false, 1, 'eighth-forever', 9800, 1225, 8575],
  ['premium', true, 1, 'eighth-forever', 10800, 1350, 9450],
  ['basic', false, 3, 'eighth-forever', 17700, 2213, 15487],
  ['basic', true, 3, 'eighth-forever', 20700, 2588, 18112],
  ['professional', false, 3, 'eighth-forever', 23400, 2925, 20475],
  ['premium', true, 3, 'eighth-forever', 32400, 4050, 28350],
  ['basic', false, 1, 'referral-49', 5900, 4900, 1000],
  ['basic', true, 1, 'referral-49', 6900, 4900, 2000],
  ['professional', false, 1, 'referral-49', 7800, 4900, 2900],
  ['premium', true, 1, 'referral-49', 10800, 4900, 5900],
  ['basic', false, 3, 'referral-49', 17700, 4900, 12800],
  ['professional', false, 1, 'pm-10-off', 7800, 1000, 6800],
  ['professional', true, 1, 'pm-10-off', 8800, 1000, 7800],
  ['premium', false, 1, 'pm-10-off', 9800, 1000, 8800],
  ['premium', true, 3, 'pm-10-off', 32400, 1000, 31400],
];

// Adding one seat to a subscription that began 2026-04-01 (a 30-day period), previewed on a given day:
// each item's price × the share of the period left, rounded per line.
const APRIL_FIRST = Date.UTC(2026, 3, 1) / 1000;
const DAY = 86_400;
const ADD_SEAT: [string, Tier, boolean, number, number][] = [
  ['a basic seat on day 0 (the whole period)', 'basic', false, 0, 5900],
  ['a basic seat halfway', 'basic', false, 15, 2950],
  ['a basic seat with two thirds left', 'basic', false, 10, 3933],
  ['a basic seat on the last day', 'basic', false, 29, 197],
  ['an NY/CA basic seat halfway', 'basic', true, 15, 3450],
  ['a professional seat with two thirds left (6900 × ⅔ + 1900 × ⅔)', 'professional', true, 10, 4600 + 1267],
  ['a premium seat with a third left (5900 / 3 + 3900 / 3)', 'premium', false, 20, 1967 + 1300],
];

async function couponId(kind: Coupon): Promise<string | null> {
  if (kind === 'none') return null;
  const id = `MONEY_${kind.replace(/-/g, '_').toUpperCase()}_${stamp}`;
  if (!(await gateway().coupon(id)))
    await gateway().createCoupon({ id, name: kind, ...COUPONS[kind] } as never, `money-${id}`);
  return id;
}

describe('money table: new memberships', () => {
  let customerId: string;
  // Every test starts from an empty card server (the test database is reset), so each makes its customer.
  beforeEach(async () => {
    customerId = (
      await gateway().createCustomer(
        { accountId: 0, email: null, name: 'Money table' },
        `money-customer-${stamp}-${(made += 1)}`,
      )
    ).id;
  });

  for (const [tier, special, seats, coupon, subtotal, discount, total] of NEW_MEMBERSHIP) {
    it(`${tier}, ${special ? 'NY/CA' : 'standard'} price, ${seats} seat(s), coupon ${coupon}: ${subtotal} − ${discount} = ${total}`, async () => {
      const items = newMembershipItems(tier, special ? 'ny' : 'non_ny');
      const stripeItems = await Promise.all(
        items.map(async (item) => ({ price: await priceId(item.lookupKey), quantity: seats })),
      );
      const id = await couponId(coupon);
      const preview = await gateway().previewNewSubscription(customerId, stripeItems, id);
      assert.deepEqual(
        { subtotal: preview.subtotal, discount: preview.discount, total: preview.total },
        { subtotal, discount, total },
      );
      if (id) {
        // The form's own check of the coupon gives the same discount, on the same lines.
        const lines = items.map((item) => ({
          productId: productIdOf(priceByLookupKey(item.lookupKey)!.product),
          amount: priceByLookupKey(item.lookupKey)!.amount * seats,
        }));
        const checked = evaluateCoupon(await gateway().couponByCode(id), lines);
        assert.equal(checked.ok && checked.discount, discount);
      }
    });
  }

  it('a coupon for other products takes nothing off: "Sorry, this coupon does not work for these items."', async () => {
    const id = await couponId('pm-10-off');
    const checked = evaluateCoupon(await gateway().couponByCode(id!), [
      { productId: 'portal_membership', amount: 5900 },
    ]);
    assert.deepEqual(checked, { ok: false, message: 'Sorry, this coupon does not work for these items.' });
  });
});

describe('money table: a seat added part-way through the period (proration)', () => {
  for (const [label, tier, special, day, expected] of ADD_SEAT) {
    it(`${label}: ${expected}`, async () => {
      const customer = await gateway().createCustomer(
        { accountId: 0, email: null, name: 'Proration' },
        `money-proration-${stamp}-${(made += 1)}`,
      );
      const items = newMembershipItems(tier, special ? 'ny' : 'non_ny');
      const subscription = await gateway().createSubscription(
        {
          customer: customer.id,
          items: await Promise.all(items.map(async (item) => ({ price: await priceId(item.lookupKey), quantity: 1 }))),
          backdate_start_date: APRIL_FIRST,
          payment_behavior: 'default_incomplete',
        },
        `money-proration-sub-${stamp}-${made}`,
      );
      const preview = await gateway().previewSubscriptionChange({
        customerId: customer.id,
        subscriptionId: subscription.id,
        couponId: null,
        prorationDate: APRIL_FIRST + day * DAY,
        items: subscription.items.data.map((item) => ({ id: item.id, quantity: 2 })),
      });
      assert.equal(preview.total, expected);
    });
  }
});

// Sales tax at the billing address (the local rate table: TX taxes 80 % of a data service at 6.25 %, i.e.
// 5 %, on membership and software; NY 4 % on software only; WA 6.5 % on both; OR none), after the
// coupon: tier, state, ZIP, coupon → tax, total.
const TAXED: [Tier, string, string, Coupon, number, number][] = [
  ['basic', 'TX', '78701', 'none', 295, 6195],
  ['professional', 'TX', '78701', 'none', 390, 8190],
  ['premium', 'TX', '78701', 'none', 490, 10290],
  ['professional', 'NY', '10107', 'none', 76, 8876],
  ['premium', 'NY', '10107', 'none', 156, 10956],
  ['basic', 'NY', '10107', 'none', 0, 6900],
  // Each line rounded half up, then summed: 5900 × 6.5 % = 383.5 → 384, 3900 × 6.5 % = 253.5 → 254.
  ['premium', 'WA', '98101', 'none', 638, 10438],
  ['basic', 'OR', '97201', 'none', 0, 5900],
  ['basic', 'TX', '78701', 'quarter-first-year', 221, 4646],
  ['professional', 'NY', '10107', 'quarter-first-year', 57, 6657],
  ['basic', 'TX', '78701', 'referral-49', 50, 1050],
];

describe('money table: sales tax', () => {
  for (const [tier, state, zip, coupon, tax, total] of TAXED) {
    it(`${tier} in ${state} (${zip}), coupon ${coupon}: tax ${tax}, total ${total}`, async () => {
      const special = state === 'NY' || state === 'CA';
      const items = newMembershipItems(tier, special ? 'ny' : 'non_ny');
      const customer = await gateway().createCustomer(
        { accountId: 0, email: null, name: 'Tax' },
        `money-tax-${stamp}-${(made += 1)}`,
      );
      const choice = await salesTaxFor(ctx().integrations.tax, gateway(), {
        lines: items.map((item) => lineOf(item.lookupKey, item.quantity)),
        postalCode: zip,
        state,
        accountId: 0,
      });
      const preview = await gateway().previewNewSubscription(
        customer.id,
        await Promise.all(items.map(async (item) => ({ price: await priceId(item.lookupKey), quantity: 1 }))),
        await couponId(coupon),
        choice.rateId,
      );
      assert.deepEqual({ tax: preview.tax, total: preview.total }, { tax, total });
    });
  }
});
