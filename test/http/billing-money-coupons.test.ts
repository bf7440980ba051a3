// The money table of stacked coupons (issue [18] item 2, "Done when"): a subscription keeps its discounts
// when a coupon is added, and several discounts apply in order, each on what the ones before it left of the
// lines it applies to, each rounded to the cent (https://docs.stripe.com/billing/subscriptions/coupons).
// The Owl partner offer (PARTNER_OWL_25: 25 % off, first year) applies to the directory membership only.
// Written once, it runs against the local card server and, with STRIPE_TEST_SECRET_KEY, Stripe test mode.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import type { PaymentsGateway } from '../../server/integrations/payments';
import { priceId, targetGateways } from '../support/billing';
import { forEachStripeTarget, JAN_15_2026, latestInvoiceOf } from '../support/stripe-target';

const made: string[] = [];

const gateways = targetGateways();

const discountsOf = (invoice: Stripe.Invoice) => (invoice.total_discount_amounts ?? []).map((d) => d.amount);

forEachStripeTarget((target) => {
  let payments: PaymentsGateway;
  beforeEach(async function () {
    if (target().name === 'Stripe test mode') this.timeout(600_000);
    payments = await gateways.of(target());
  });
  after(async function () {
    if (!gateways.usedStripe()) return;
    this.timeout(120_000);
    for (const id of made.splice(0))
      await target()
        .stripe.coupons.del(id)
        .catch(() => undefined);
    await gateways.restoreLocalCatalog();
  });

  /** A customer with a card on a clock frozen at 2026-01-15, and a coupon of this run. */
  const customer = async () => (await target().customer((await target().clock(JAN_15_2026)).id)).customer.id;
  const coupon = async (name: string, params: Omit<Stripe.CouponCreateParams, 'id' | 'name'>) => {
    const id = `${name}_${target().run.replace(/-/g, '_')}`;
    await payments.createCoupon({ id, name, ...params }, `money-coupons-${id}`);
    made.push(id);
    return id;
  };

  describe('money table: stacked coupons', () => {
    it('Owl 25 % then $10.00 off: 5900 − 1475 = 4425, − 1000 = 3425 (the other order would give 3675)', async () => {
      const ten = await coupon('TEN_OFF', { amount_off: 1000, currency: 'usd', duration: 'forever' });
      const subscription = await payments.createSubscription(
        {
          customer: await customer(),
          items: [{ price: await priceId('membership_monthly_v3') }],
          discounts: [{ coupon: 'PARTNER_OWL_25' }, { coupon: ten }],
        },
        `money-coupons-stack-${target().run}`,
      );
      const invoice = await latestInvoiceOf(target().stripe, subscription.id);
      // 25 % of 5900 = 1475; then $10.00 off the 4425 left.
      assert.deepEqual(discountsOf(invoice), [1475, 1000]);
      assert.deepEqual([invoice.subtotal, invoice.total], [5900, 3425]);
    });

    it('Owl on the membership only: membership 5900 + Private Pay Booster Pro 2900 = 8800, − 1475 = 7325', async () => {
      const subscription = await payments.createSubscription(
        {
          customer: await customer(),
          items: [
            { price: await priceId('membership_monthly_v3') },
            { price: await priceId('private_pay_booster_pro_monthly_v3') },
          ],
          discounts: [{ coupon: 'PARTNER_OWL_25' }],
        },
        `money-coupons-owl-only-${target().run}`,
      );
      const invoice = await latestInvoiceOf(target().stripe, subscription.id);
      assert.deepEqual(discountsOf(invoice), [1475]);
      assert.deepEqual([invoice.subtotal, invoice.total], [8800, 7325]);
    });

    it('an upgrade with a Booster coupon keeps the Owl offer: today 2900 − 580 = 2320; each month then 4425 + 2320 = 6745', async () => {
      const booster = await coupon('BOOSTER_20', {
        percent_off: 20,
        duration: 'repeating',
        duration_in_months: 3,
        applies_to: { products: ['portal_private_pay_booster_pro'] },
      });
      const customerId = await customer();
      const subscription = await payments.createSubscription(
        {
          customer: customerId,
          items: [{ price: await priceId('membership_monthly_v3') }],
          discounts: [{ coupon: 'PARTNER_OWL_25' }],
        },
        `money-coupons-upgrade-sub-${target().run}`,
      );
      // 5900 − 25 % (1475) = 4425.
      assert.equal((await latestInvoiceOf(target().stripe, subscription.id)).total, 4425);
      const periodStart = subscription.items.data[0]!.current_period_start;
      // The purchase path's calls (server/domain/billing/purchase.ts), untaxed here.
      const change = {
        subscriptionId: subscription.id,
        changes: [{ priceId: await priceId('private_pay_booster_pro_monthly_v3'), quantity: 1 }],
        // At the period's start the whole month is left: the proration is Pro's full 2900.
        prorationDate: periodStart,
        couponIds: [booster],
      };
      const preview = await payments.previewChange({ customerId, ...change });
      // The Owl offer takes nothing off Pro; the Booster coupon 20 % of 2900 = 580.
      assert.deepEqual([preview.discount, preview.total], [580, 2320]);
      await payments.changeItems(change, `money-coupons-upgrade-${target().run}`);
      const discounts = await payments.subscriptionDiscounts(subscription.id);
      assert.deepEqual(
        discounts.map((d) => d.coupon.id),
        ['PARTNER_OWL_25', booster],
        'the Owl offer stays, the new coupon after it',
      );
      const upgrade = await latestInvoiceOf(target().stripe, subscription.id);
      assert.deepEqual([upgrade.subtotal, upgrade.total], [2900, 2320]);
      // The next month: membership 5900 − 1475 = 4425, Pro 2900 − 580 = 2320; 4425 + 2320 = 6745.
      const next = await payments.upcomingInvoice(customerId, subscription.id);
      assert.equal(next.amountDue, 6745);
    });
  });
});
