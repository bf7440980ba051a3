// A membership's life in time, written once against the stripe SDK with test clocks and run against the
// local card server (and, with STRIPE_TEST_SECRET_KEY, Stripe's test mode): subscribe, renew, a card
// that declines at renewal, the automatic retries meanwhile past_due, the open invoice paid with a new
// card (invoices.pay), active again; and a trial that becomes active with its first paid invoice.
// Only what both targets promise is asserted: Stripe's Smart Retries choose their own times, so a retry
// is awaited at the invoice's own `next_payment_attempt`.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { DAY, forEachStripeTarget, JAN_15_2026, latestInvoiceOf } from '../support/stripe-target';

const HOUR = 3600;
/** One month after Jan 15, 2026 (31 days), and one after that (28 days of February). */
const FEB_15 = JAN_15_2026 + 31 * DAY;
const MAR_15 = FEB_15 + 28 * DAY;
/**
 * A renewal invoice is created at the period's end and finalized and charged about an hour later
 * (https://docs.stripe.com/billing/subscriptions/overview#subscription-lifecycle), so a clock is moved two
 * hours past it before the outcome is read.
 */
const SETTLED = 2 * HOUR;

forEachStripeTarget((target) => {
  const latestInvoice = (subscriptionId: string) => latestInvoiceOf(target().stripe, subscriptionId);

  describe('a membership through renewal, a declined card, retries and a new card', () => {
    it('subscribe → renew → declined at renewal → past_due, retried → invoices.pay with a new card → active', async function () {
      this.timeout(target().name === 'Stripe test mode' ? 1_200_000 : 30_000);
      const { stripe, clock, advance, customer, price } = target();
      const testClock = await clock(JAN_15_2026);
      const { customer: member } = await customer(testClock.id, 'pm_card_visa');
      const monthly = await price(2900, 'month');

      // Subscribe: the first invoice is paid at once by the default card
      // (https://docs.stripe.com/billing/subscriptions/overview#payment-status).
      const subscription = await stripe.subscriptions.create({ customer: member.id, items: [{ price: monthly.id }] });
      assert.equal(subscription.status, 'active');
      assert.equal(subscription.items.data[0]!.current_period_start, JAN_15_2026);
      assert.equal(subscription.items.data[0]!.current_period_end, FEB_15);
      const first = await latestInvoice(subscription.id);
      assert.equal(first.billing_reason, 'subscription_create');
      assert.equal(first.amount_paid, 2900);

      // Renew: at the period's end a subscription_cycle invoice bills the next month, Feb 15 → Mar 15.
      await advance(testClock.id, FEB_15 + SETTLED);
      const renewal = await latestInvoice(subscription.id);
      assert.notEqual(renewal.id, first.id);
      assert.equal(renewal.billing_reason, 'subscription_cycle');
      assert.equal(renewal.status, 'paid');
      assert.equal(renewal.amount_paid, 2900);
      assert.deepEqual(renewal.lines.data[0]!.period, { start: FEB_15, end: MAR_15 });
      const renewed = await stripe.subscriptions.retrieve(subscription.id);
      assert.equal(renewed.status, 'active');
      assert.equal(renewed.items.data[0]!.current_period_end, MAR_15);

      // The card now declines (https://docs.stripe.com/testing#declined-payments: pm_card_chargeCustomerFail
      // attaches, then every charge fails). The next renewal fails: past_due, with a retry scheduled
      // (https://docs.stripe.com/billing/subscriptions/overview#failed-payments).
      const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: member.id });
      await stripe.customers.update(member.id, { invoice_settings: { default_payment_method: failing.id } });
      await advance(testClock.id, MAR_15 + SETTLED);
      const declined = await latestInvoice(subscription.id);
      assert.equal(declined.billing_reason, 'subscription_cycle');
      assert.equal(declined.status, 'open');
      assert.equal(declined.amount_remaining, 2900);
      assert.equal(declined.attempt_count, 1);
      assert.ok(declined.next_payment_attempt, 'a retry is scheduled');
      assert.ok(declined.next_payment_attempt > MAR_15);
      assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');

      // The retry at its time fails again: two attempts, still past_due.
      await advance(testClock.id, declined.next_payment_attempt + HOUR);
      const retried = await stripe.invoices.retrieve(declined.id);
      assert.equal(retried.status, 'open');
      assert.equal(retried.attempt_count, 2);
      assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');
      const failures = (await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 })).data.filter(
        (event) => (event.data.object as Stripe.Invoice).id === declined.id,
      );
      assert.equal(failures.length, 2, 'invoice.payment_failed at each attempt');

      // A new card pays the open invoice (https://docs.stripe.com/api/invoices/pay); the subscription is active again.
      const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: member.id });
      const paid = await stripe.invoices.pay(declined.id, { payment_method: card.id });
      assert.equal(paid.status, 'paid');
      assert.equal(paid.amount_paid, 2900);
      assert.equal(paid.amount_remaining, 0);
      assert.equal(paid.next_payment_attempt, null);
      assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'active');
    });
  });

  describe('a trial', () => {
    it('trial_period_days: trialing with a $0 invoice, then active with the first paid invoice at the trial end', async function () {
      this.timeout(target().name === 'Stripe test mode' ? 1_200_000 : 30_000);
      const { stripe, clock, advance, customer, price } = target();
      const testClock = await clock(JAN_15_2026);
      const { customer: member } = await customer(testClock.id, 'pm_card_visa');
      const monthly = await price(2900, 'month');

      // https://docs.stripe.com/billing/subscriptions/trials: trialing until trial_end, a $0 invoice now,
      // the first charge at the trial's end, which starts the billing cycle.
      const subscription = await stripe.subscriptions.create({
        customer: member.id,
        items: [{ price: monthly.id }],
        trial_period_days: 7,
      });
      const trialEnd = JAN_15_2026 + 7 * DAY; // 2026-01-22
      assert.equal(subscription.status, 'trialing');
      assert.equal(subscription.trial_start, JAN_15_2026);
      assert.equal(subscription.trial_end, trialEnd);
      const trialInvoice = await latestInvoice(subscription.id);
      assert.equal(trialInvoice.total, 0);
      assert.equal(trialInvoice.status, 'paid');

      await advance(testClock.id, trialEnd + SETTLED);
      const active = await stripe.subscriptions.retrieve(subscription.id);
      assert.equal(active.status, 'active');
      assert.equal(active.items.data[0]!.current_period_start, trialEnd);
      assert.equal(active.items.data[0]!.current_period_end, Date.UTC(2026, 1, 22) / 1000);
      const firstPaid = await latestInvoice(subscription.id);
      assert.equal(firstPaid.billing_reason, 'subscription_cycle');
      assert.equal(firstPaid.amount_paid, 2900);
      assert.ok(
        (await stripe.events.list({ type: 'customer.subscription.trial_will_end', limit: 100 })).data.some(
          (event) => (event.data.object as Stripe.Subscription).id === subscription.id,
        ),
        'customer.subscription.trial_will_end was sent',
      );
    });
  });
});
