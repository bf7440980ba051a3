// A membership changed part-way through its life (issue [17] item 4), written once against the stripe SDK
// with test clocks: it runs against the local card server on every `npm test` and, with
// STRIPE_TEST_SECRET_KEY=sk_test_…, against Stripe's test mode. Every customer starts on a clock frozen on
// 2026-01-15 00:00 UTC; each figure is worked out by hand from Stripe's documented rules:
// - a change is prorated by the second as of `proration_date`, in an "Unused time" credit and a "Remaining
//   time" debit per item, each rounded to the cent (https://docs.stripe.com/billing/subscriptions/prorations);
// - a change to a price of another billing period resets the billing cycle anchor to the change and is
//   invoiced at once (https://docs.stripe.com/billing/subscriptions/billing-cycle and
//   https://docs.stripe.com/billing/subscriptions/change-price);
// - an invoice whose total is negative puts the amount on the customer's credit balance, which the next
//   invoices draw on before any card is charged (https://docs.stripe.com/billing/customer/balance).
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { DAY, forEachStripeTarget, JAN_15_2026, latestInvoiceOf } from '../support/stripe-target';

/** Ten days into the first monthly period (Jan 15 → Feb 15, 31 days): 21 days left. */
const JAN_25 = JAN_15_2026 + 10 * DAY;
/** 59 days into the first yearly period (Jan 15 2026 → Jan 15 2027, 365 days): 306 days left. */
const MAR_15 = JAN_15_2026 + 59 * DAY;
/** A month after Mar 15: 31 days. */
const APR_15 = MAR_15 + 31 * DAY;

forEachStripeTarget((target) => {
  const latestInvoice = (subscriptionId: string) => latestInvoiceOf(target().stripe, subscriptionId);

  describe('a yearly membership switched to monthly: the unused year becomes a credit the next invoices use', () => {
    it('credits 306/365 of the year, charges the new month at once, and pays the renewals from the balance', async () => {
      const { stripe } = target();
      const clock = await target().clock(JAN_15_2026);
      const { customer } = await target().customer(clock.id);
      const yearly = await target().price(59000, 'year');
      const monthly = await target().price(5900, 'month');
      const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: yearly.id }] });
      assert.equal((await latestInvoice(subscription.id)).amount_paid, 59000);

      await target().advance(clock.id, MAR_15);
      const updated = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]!.id, price: monthly.id }],
        proration_date: MAR_15,
      });
      // The period starts again on the day of the change: Mar 15 → Apr 15.
      const item = updated.items.data[0]!;
      assert.deepEqual(
        [updated.status, item.current_period_start, item.current_period_end],
        ['active', MAR_15, APR_15],
      );
      // Unused: 59000 × 306/365 = 49463.01 → −49463; the month: 5900. Total −43563, nothing to pay.
      const change = await latestInvoice(subscription.id);
      assert.deepEqual(
        change.lines.data.map((line) => line.amount).sort((a, b) => a - b),
        [-49463, 5900],
      );
      assert.deepEqual(
        [change.total, change.amount_due, change.status, change.ending_balance],
        [-43563, 0, 'paid', -43563],
      );
      assert.equal(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance, -43563);

      // Apr 15: the renewal of 5900 is paid from the credit (43563 − 5900 = 37663 left); no card is charged.
      const upcoming = await stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id });
      assert.deepEqual([upcoming.total, upcoming.amount_due, upcoming.starting_balance], [5900, 0, -43563]);
      await target().advance(clock.id, APR_15);
      const renewal = await latestInvoice(subscription.id);
      assert.deepEqual(
        [renewal.billing_reason, renewal.total, renewal.amount_due, renewal.starting_balance, renewal.ending_balance],
        ['subscription_cycle', 5900, 0, -43563, -37663],
      );
      assert.equal(renewal.status, 'paid');
      assert.equal(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).balance, -37663);
    });
  });

  describe('an upgrade mid-period with proration_date: the preview is what is charged', () => {
    it('previewed on Jan 25, made on Jan 27 with the same proration_date: 3997 − 1965 = 2032 both times', async () => {
      const { stripe } = target();
      const clock = await target().clock(JAN_15_2026);
      const { customer } = await target().customer(clock.id);
      const basic = await target().price(2900, 'month');
      const premium = await target().price(5900, 'month');
      const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
      await target().advance(clock.id, JAN_25);
      const items = [{ id: subscription.items.data[0]!.id, price: premium.id }];
      // 21 of 31 days left: 2900 × 21/31 = 1964.52 → −1965; 5900 × 21/31 = 3996.77 → +3997.
      const preview = await stripe.invoices.createPreview({
        customer: customer.id,
        subscription: subscription.id,
        subscription_details: { items, proration_date: JAN_25, proration_behavior: 'always_invoice' },
      });
      assert.deepEqual(
        preview.lines.data.map((line) => line.amount).sort((a, b) => a - b),
        [-1965, 3997],
      );
      assert.deepEqual(preview.lines.data.map((line) => (line.description ?? '').replace(/ on .*/, '')).sort(), [
        'Remaining time',
        'Unused time',
      ]);
      assert.equal(preview.total, 2032);

      // Two days later (the member took time to confirm), the change sends the previewed proration_date.
      await target().advance(clock.id, JAN_25 + 2 * DAY);
      await stripe.subscriptions.update(subscription.id, {
        items,
        proration_date: JAN_25,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });
      const invoice = await latestInvoice(subscription.id);
      assert.deepEqual(
        [invoice.billing_reason, invoice.total, invoice.amount_paid, invoice.status],
        ['subscription_update', preview.total, 2032, 'paid'],
      );
    });
  });
});
