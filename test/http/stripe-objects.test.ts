// Invoices, invoice lines, previews, charges and payment intents as Stripe's objects (issue [17], Deliver 5):
// what the portal and developer tools read in them is right, not only their shape (the OpenAPI shape test
// checks that). Written once against the stripe SDK with test clocks: it runs against the local card server
// on every `npm test` and, with STRIPE_TEST_SECRET_KEY=sk_test_…, against Stripe's test mode. Every figure is
// worked out by hand from Stripe's documented rules:
// - a coupon's discount and an exclusive tax rate's tax are worked out on each line (the line's
//   `discount_amounts` and `taxes`), the invoice's totals are their sums
//   (https://docs.stripe.com/api/invoice-line-item/object, https://docs.stripe.com/billing/taxes/tax-rates);
// - a change is prorated by the second as of `proration_date`, in an "Unused time" credit and a "Remaining
//   time" debit of the same subscription item, each flagged as a proration
//   (https://docs.stripe.com/billing/subscriptions/prorations);
// - a preview has an id that starts with `upcoming_in` (https://docs.stripe.com/api/invoices/create_preview);
// - the test card pm_card_chargeCustomerFail attaches, then its charges fail with `card_declined` and
//   `generic_decline` (https://docs.stripe.com/testing#declined-payments), an issuer decline
//   (https://docs.stripe.com/declines#issuer-declines).
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { DAY, forEachStripeTarget, JAN_15_2026 } from '../support/stripe-target';

/** Ten days into the first monthly period (Jan 15 → Feb 15, 31 days): 21 days left. */
const JAN_25 = JAN_15_2026 + 10 * DAY;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

forEachStripeTarget((target) => {
  it('an invoice with a coupon and a tax rate shares both over its lines, and names its subscription', async () => {
    const { stripe } = target();
    const clock = await target().clock(JAN_15_2026);
    const { customer } = await target().customer(clock.id);
    const membership = await target().price(5900, 'month');
    const addOn = await target().price(2900, 'month');
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'forever', name: target().run });
    const rate = await stripe.taxRates.create({ display_name: 'Sales tax', percentage: 8.25, inclusive: false });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: membership.id }, { price: addOn.id }],
      discounts: [{ coupon: coupon.id }],
      default_tax_rates: [rate.id],
    });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));

    // 10% of 5900 and of 2900: 590 + 290 = 880. Tax 8.25% of what is left of each line:
    // 5310 × 8.25% = 438.075 → 438; 2610 × 8.25% = 215.325 → 215; 653 in all. Total 8800 − 880 + 653 = 8573.
    assert.deepEqual(
      [invoice.subtotal, invoice.total_excluding_tax, invoice.total, invoice.amount_paid, invoice.status],
      [8800, 7920, 8573, 8573, 'paid'],
    );
    const lineOf = (price: Stripe.Price) =>
      invoice.lines.data.find((line) => idOf(line.pricing?.price_details?.price) === price.id)!;
    const [first, second] = [lineOf(membership), lineOf(addOn)];
    assert.deepEqual(
      [first, second].map((line) => sum((line.discount_amounts ?? []).map((d) => d.amount))),
      [590, 290],
    );
    assert.deepEqual(
      [first, second].map((line) => (line.taxes ?? []).map((tax) => [tax.amount, tax.taxable_amount])),
      [[[438, 5310]], [[215, 2610]]],
    );
    assert.deepEqual(
      (invoice.total_discount_amounts ?? []).map((d) => [d.amount, idOf(d.discount)]),
      [[880, subscription.discounts[0] && idOf(subscription.discounts[0])]],
    );
    assert.deepEqual(
      (invoice.total_taxes ?? []).map((tax) => tax.amount),
      [653],
    );
    // Each line is its subscription item's, not a proration, on this invoice.
    const items = new Map(subscription.items.data.map((item) => [item.price.id, item.id]));
    for (const [line, price] of [
      [first, membership],
      [second, addOn],
    ] as const) {
      assert.equal(line.parent?.type, 'subscription_item_details');
      assert.equal(line.parent?.subscription_item_details?.subscription_item, items.get(price.id));
      assert.equal(line.parent?.subscription_item_details?.proration, false);
      assert.equal(line.invoice, invoice.id);
    }
    assert.equal(idOf(invoice.parent?.subscription_details?.subscription), subscription.id);
    assert.deepEqual([invoice.issuer.type, invoice.automatic_tax.enabled], ['self', false]);
    assert.equal(invoice.effective_at, invoice.status_transitions.finalized_at);
  });

  it('a preview of an upgrade as of proration_date: an upcoming_in id, two proration lines of the item', async () => {
    const { stripe } = target();
    const clock = await target().clock(JAN_15_2026);
    const { customer } = await target().customer(clock.id);
    const basic = await target().price(2900, 'month');
    const premium = await target().price(5900, 'month');
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
    const item = subscription.items.data[0]!;
    await target().advance(clock.id, JAN_25);

    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, price: premium.id }],
        proration_date: JAN_25,
        proration_behavior: 'always_invoice',
      },
    });
    assert.match(String(preview.id), /^upcoming_in/);
    assert.equal(typeof preview.lines.url, 'string');
    assert.equal(preview.parent?.subscription_details?.subscription_proration_date, JAN_25);
    // 21 of 31 days: 2900 × 21/31 = 1964.5 → 1965 credited; 5900 × 21/31 = 3996.8 → 3997 charged.
    const prorations = preview.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
    assert.deepEqual(
      prorations.map((line) => line.amount).sort((a, b) => a - b),
      [-1965, 3997],
    );
    assert.deepEqual(
      prorations.map((line) => line.parent?.subscription_item_details?.subscription_item),
      [item.id, item.id],
    );
    assert.equal(preview.total, 2032);
  });

  it('a charge and its payment intent, paid and declined, as Stripe shows them', async () => {
    const { stripe } = target();
    const clock = await target().clock(JAN_15_2026);
    const { customer, card } = await target().customer(clock.id);
    const method = await stripe.paymentMethods.retrieve(String(card));
    const intent = await stripe.paymentIntents.create({
      amount: 7000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
      off_session: true,
      description: target().run,
    });
    assert.deepEqual(
      [intent.status, intent.amount_received, intent.capture_method, intent.confirmation_method],
      ['succeeded', 7000, 'automatic_async', 'automatic'],
    );
    assert.ok(intent.payment_method_types.includes('card'));
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    assert.deepEqual(
      [charge.status, charge.paid, charge.amount_captured, charge.outcome?.type, charge.outcome?.network_status],
      ['succeeded', true, 7000, 'authorized', 'approved_by_network'],
    );
    assert.deepEqual(
      [charge.payment_method_details?.card?.exp_month, charge.payment_method_details?.card?.exp_year],
      [method.card?.exp_month, method.card?.exp_year],
    );
    assert.equal(charge.payment_method_details?.card?.last4, method.card?.last4);
    assert.match(String(idOf(charge.balance_transaction)), /^txn_/);

    const declining = await target().customer(clock.id, 'pm_card_chargeCustomerFail');
    const refused = await stripe.paymentIntents
      .create({
        amount: 7000,
        currency: 'usd',
        customer: declining.customer.id,
        payment_method: String(declining.card),
        confirm: true,
        off_session: true,
      })
      .then(
        () => assert.fail('the card declines charges'),
        (error: Stripe.errors.StripeCardError) => error,
      );
    assert.deepEqual(
      [refused.statusCode, refused.code, refused.decline_code],
      [402, 'card_declined', 'generic_decline'],
    );
    const failed = (await stripe.charges.list({ customer: declining.customer.id })).data[0]!;
    assert.deepEqual(
      [failed.status, failed.paid, failed.failure_code, failed.outcome?.type, failed.outcome?.reason],
      ['failed', false, 'card_declined', 'issuer_declined', 'generic_decline'],
    );
    assert.equal(failed.balance_transaction, null);
    const failedIntent = await stripe.paymentIntents.retrieve(String(failed.payment_intent));
    assert.deepEqual(
      [failedIntent.status, failedIntent.last_payment_error?.code, failedIntent.last_payment_error?.decline_code],
      ['requires_payment_method', 'card_declined', 'generic_decline'],
    );
  });
});
