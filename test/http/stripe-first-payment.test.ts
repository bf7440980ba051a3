// A new subscription's first payment under each `payment_behavior` (issue [18]), written once against the
// stripe SDK: it runs against the local card server on every `npm test` and, with
// STRIPE_TEST_SECRET_KEY=sk_test_…, against Stripe's test mode. From Stripe's API reference
// (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_behavior):
// - default_incomplete: the first invoice is finalized but not charged; the subscription is incomplete
//   until the invoice's payment is confirmed (here with invoices.pay), then active;
// - allow_incomplete (the default): the first invoice is charged; declined, it stays open and the
//   subscription incomplete.
import assert from 'node:assert/strict';
import { forEachStripeTarget, JAN_15_2026 } from '../support/stripe-target';

forEachStripeTarget((target) => {
  describe('the first payment of a new subscription', () => {
    it('default_incomplete: nothing is charged until the invoice is paid; then $59.00, and active', async () => {
      const { stripe } = target();
      const clock = await target().clock(JAN_15_2026);
      const { customer, card } = await target().customer(clock.id, 'pm_card_visa');
      const price = await target().price(5900, 'month');
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
      });
      assert.equal(subscription.status, 'incomplete');
      const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
      assert.equal(invoice.status, 'open');
      assert.equal(invoice.amount_due, 5900);
      assert.equal(invoice.amount_paid, 0);
      assert.equal((await stripe.charges.list({ customer: customer.id })).data.length, 0, 'no charge was made');

      const paid = await stripe.invoices.pay(invoice.id!, { payment_method: card! });
      assert.equal(paid.status, 'paid');
      assert.equal(paid.amount_paid, 5900);
      assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'active');
      const charges = (await stripe.charges.list({ customer: customer.id })).data;
      assert.deepEqual(
        charges.map((charge) => [charge.amount, charge.status]),
        [[5900, 'succeeded']],
      );
    });

    it('allow_incomplete: the first invoice is charged; a declined card leaves it open and the subscription incomplete', async () => {
      const { stripe } = target();
      const clock = await target().clock(JAN_15_2026);
      const { customer } = await target().customer(clock.id, 'pm_card_chargeCustomerFail');
      const price = await target().price(5900, 'month');
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'allow_incomplete',
      });
      assert.equal(subscription.status, 'incomplete');
      const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
      assert.equal(invoice.status, 'open');
      assert.equal(invoice.attempt_count, 1);
      assert.deepEqual(
        (await stripe.charges.list({ customer: customer.id })).data.map((charge) => [charge.amount, charge.status]),
        [[5900, 'failed']],
      );
    });
  });
});
