// The local card server's subscriptions carry what Stripe's do (API 2026-10-28): `discounts` (ids,
// expandable to discount objects whose source is the coupon) and no `discount`, which Stripe removed in
// 2025-03-31; items with their plan and subscription; and the defaults of a subscription made by the API.
// The OpenAPI shape test checks that the fields are there; this one checks their values.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { localStripeClient } from '../../server/integrations/payments/local-stripe';
import { localStripe } from '../support/billing';
import { JAN_15_2026 } from '../support/stripe-target';

let stripe: Stripe;
let run = 0;

beforeEach(async () => {
  stripe = localStripeClient(await localStripe());
});

async function member() {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: JAN_15_2026 });
  const customer = await stripe.customers.create({ test_clock: clock.id, email: 'shape@example.test' });
  const method = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  return customer.id;
}

async function monthly(unitAmount: number) {
  const product = await stripe.products.create({ name: `Shape plan ${(run += 1)}` });
  return stripe.prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
}

describe('Local card server: a subscription’s discounts, as Stripe shows them since 2025-03-31', () => {
  it('lists the discount’s id in `discounts`, has no `discount`, and still takes the coupon off its invoice', async () => {
    const customer = await member();
    const price = await monthly(10_000);
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'forever' });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      discounts: [{ coupon: coupon.id }],
    });
    assert.equal('discount' in subscription, false);
    assert.equal(subscription.discounts.length, 1);
    assert.match(String(subscription.discounts[0]), /^di_/);
    // $100.00 less 20 % is $80.00.
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    assert.equal(invoice.total, 8000);
    const listed = await stripe.subscriptions.list({ customer });
    assert.equal('discount' in listed.data[0]!, false);
  });

  it('expands `discounts.source.coupon` to the discount object and its coupon (https://docs.stripe.com/api/discounts/object)', async () => {
    const customer = await member();
    const price = await monthly(5_000);
    const coupon = await stripe.coupons.create({ amount_off: 1_000, currency: 'usd', duration: 'forever' });
    const created = await stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      discounts: [{ coupon: coupon.id }],
    });
    const subscription = await stripe.subscriptions.retrieve(created.id, { expand: ['discounts.source.coupon'] });
    const discount = subscription.discounts[0] as Stripe.Discount;
    assert.equal(discount.object, 'discount');
    assert.equal(discount.subscription, created.id);
    assert.equal(discount.customer, customer);
    assert.equal(discount.source.type, 'coupon');
    assert.equal((discount.source.coupon as Stripe.Coupon).id, coupon.id);
    assert.equal((discount.source.coupon as Stripe.Coupon).amount_off, 1_000);
  });

  it('sends events whose subscription has no `discount` either', async () => {
    const customer = await member();
    const price = await monthly(5_000);
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'forever' });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      discounts: [{ coupon: coupon.id }],
    });
    const events = await stripe.events.list({ limit: 100 });
    const created = events.data.find(
      (event) =>
        event.type === 'customer.subscription.created' &&
        (event.data.object as Stripe.Subscription).id === subscription.id,
    );
    assert.ok(created, 'a customer.subscription.created event for the subscription');
    assert.equal('discount' in created.data.object, false);
    assert.deepEqual((created.data.object as Stripe.Subscription).discounts, subscription.discounts);
  });
});

describe('Local card server: a subscription’s items and defaults, as Stripe gives them', () => {
  it('shows each item with its plan (the price under its older name) and its subscription', async () => {
    const customer = await member();
    const price = await monthly(4_200);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: price.id, quantity: 2 }] });
    const item = subscription.items.data[0]!;
    assert.equal(item.subscription, subscription.id);
    assert.equal(item.quantity, 2);
    // https://docs.stripe.com/api/subscription_items/object: plan mirrors the price.
    assert.deepEqual(
      [
        item.plan.object,
        item.plan.id,
        item.plan.amount,
        item.plan.interval,
        item.plan.interval_count,
        item.plan.product,
      ],
      ['plan', price.id, 4_200, 'month', 1, price.product],
    );
    assert.deepEqual(
      [item.discounts, item.tax_rates, item.billing_thresholds, item.current_trial],
      [[], [], null, null],
    );
  });

  it('has the defaults of a subscription made by the API (https://docs.stripe.com/api/subscriptions/object)', async () => {
    const customer = await member();
    const price = await monthly(3_000);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: price.id }] });
    assert.equal(subscription.billing_mode.type, 'flexible');
    assert.deepEqual(subscription.automatic_tax, { disabled_reason: null, enabled: false, liability: null });
    assert.equal(subscription.payment_settings?.save_default_payment_method, 'off');
    assert.deepEqual(subscription.invoice_settings.issuer, { type: 'self' });
    assert.equal(subscription.trial_settings?.end_behavior.missing_payment_method, 'create_invoice');
    assert.deepEqual(subscription.cancellation_details, {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: null,
    });
    assert.deepEqual(
      [subscription.pending_update, subscription.schedule, subscription.pause_collection, subscription.cancel_at],
      [null, null, null, null],
    );
    assert.equal(subscription.billing_cycle_anchor, JAN_15_2026);
  });

  it('says a cancellation through the API was requested (cancellation_details.reason)', async () => {
    const customer = await member();
    const price = await monthly(3_000);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: price.id }] });
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    assert.equal(canceled.status, 'canceled');
    // https://docs.stripe.com/api/subscriptions/object#subscription_object-cancellation_details-reason
    assert.equal(canceled.cancellation_details?.reason, 'cancellation_requested');
    assert.equal('discount' in canceled, false);
  });

  it('gives a new price’s plan to an item whose price changes', async () => {
    const customer = await member();
    const [basic, pro] = [await monthly(2_000), await monthly(6_000)];
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: pro.id }],
      proration_behavior: 'none',
    });
    const item = updated.items.data[0]!;
    assert.deepEqual([item.price.id, item.plan.id, item.plan.amount], [pro.id, pro.id, 6_000]);
  });
});
