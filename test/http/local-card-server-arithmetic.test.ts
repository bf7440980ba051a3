// The local card server's arithmetic, rule by rule, as Stripe documents it (issue [17] item 2): prorations
// as of `proration_date` in two lines per item, bounded by the period; a change of interval that starts
// the period again; negative totals and the customer's credit balance; coupon durations in invoices and
// previews; `error_if_incomplete` that keeps nothing; backdating. Every customer lives on a test clock
// frozen on 2026-01-15 00:00 UTC, so every figure below is worked out by hand from those dates.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { localStripeClient } from '../../server/integrations/payments/local-stripe';
import { localStripe } from '../support/billing';
import { DAY, JAN_15_2026, latestInvoiceOf } from '../support/stripe-target';

/** Jan 15 → Feb 15 2026: the first monthly period, 31 days. */
const FEB_15 = JAN_15_2026 + 31 * DAY;
/** Feb 15 → Mar 15 2026: 28 days. */
const MAR_15 = FEB_15 + 28 * DAY;
/** Jan 25: ten days into the first period, 21 of its 31 days left. */
const JAN_25 = JAN_15_2026 + 10 * DAY;

let stripe: Stripe;
let run = 0;

beforeEach(async () => {
  stripe = localStripeClient(await localStripe());
});

async function customerOnClock(card = 'pm_card_visa', frozenTime = JAN_15_2026) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime });
  const customer = await stripe.customers.create({ test_clock: clock.id, email: 'arithmetic@example.test' });
  const method = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  return { clock: clock.id, customer: customer.id };
}

async function price(unitAmount: number, interval: 'month' | 'year' = 'month', name = `Plan ${(run += 1)}`) {
  const product = await stripe.products.create({ name });
  return stripe.prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval },
  });
}

const advance = (clock: string, to: number) => stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
const amounts = (invoice: Stripe.Invoice) => invoice.lines.data.map((line) => line.amount);

const latestInvoice = (subscriptionId: string) => latestInvoiceOf(stripe, subscriptionId);

async function refusal(promise: Promise<unknown>): Promise<{ statusCode?: number; type?: string; message?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode?: number; type?: string; message?: string };
  }
  assert.fail('expected Stripe to refuse the request');
}

describe('local card server: prorations as of proration_date (https://docs.stripe.com/billing/subscriptions/prorations)', () => {
  it('an upgrade on Jan 25 makes an "Unused time" credit and a "Remaining time" debit, each rounded: 3997 − 1965 = 2032', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(2900, 'month', 'Basic');
    const premium = await price(5900, 'month', 'Premium');
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    await advance(clock, JAN_25);
    const items = [{ id: subscription.items.data[0]!.id, price: premium.id }];
    // 21 of 31 days left: 2900 × 21/31 = 1964.52 → 1965 credited; 5900 × 21/31 = 3996.77 → 3997 charged.
    const preview = await stripe.invoices.createPreview({
      customer,
      subscription: subscription.id,
      subscription_details: { items, proration_date: JAN_25, proration_behavior: 'always_invoice' },
    });
    assert.deepEqual(
      preview.lines.data.map((line) => [line.description, line.amount]),
      [
        ['Unused time on Basic after 25 Jan 2026', -1965],
        ['Remaining time on Premium after 25 Jan 2026', 3997],
      ],
    );
    assert.equal(preview.total, 2032);
    // A day later the change is made with the previewed proration_date: the charge is what was shown.
    await advance(clock, JAN_25 + DAY);
    await stripe.subscriptions.update(subscription.id, {
      items,
      proration_date: JAN_25,
      proration_behavior: 'always_invoice',
    });
    const invoice = await latestInvoice(subscription.id);
    assert.deepEqual(amounts(invoice), [-1965, 3997]);
    assert.deepEqual([invoice.billing_reason, invoice.total, invoice.amount_paid], ['subscription_update', 2032, 2032]);
  });

  it('a quantity 1 → 2 names the quantity on the debit line: 2 × 2900 × 21/31 = 3929.03 → 3929, less 1965', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(2900, 'month', 'Seat');
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    await advance(clock, JAN_25);
    const preview = await stripe.invoices.createPreview({
      customer,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]!.id, quantity: 2 }],
        proration_date: JAN_25,
        proration_behavior: 'always_invoice',
      },
    });
    assert.deepEqual(
      preview.lines.data.map((line) => [line.description, line.amount]),
      [
        ['Unused time on Seat after 25 Jan 2026', -1965],
        ['Remaining time on 2 × Seat after 25 Jan 2026', 3929],
      ],
    );
    assert.equal(preview.total, 1964);
  });

  it('the share is bounded by the period: on its first second the whole price (−2900, +5900)', async () => {
    const { customer } = await customerOnClock();
    const basic = await price(2900);
    const premium = await price(5900);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    const preview = await stripe.invoices.createPreview({
      customer,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]!.id, price: premium.id }],
        proration_date: JAN_15_2026,
        proration_behavior: 'always_invoice',
      },
    });
    assert.deepEqual(amounts(preview), [-2900, 5900]);
  });

  it('a proration_date outside the current period is refused, on the preview and on the update', async () => {
    // "Cannot specify proration date outside of current subscription period" (https://docs.stripe.com/api/subscriptions/update#update_subscription-proration_date).
    const { customer } = await customerOnClock();
    const basic = await price(2900);
    const premium = await price(5900);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    const items = [{ id: subscription.items.data[0]!.id, price: premium.id }];
    for (const date of [JAN_15_2026 - DAY, FEB_15 + DAY]) {
      const previewed = await refusal(
        stripe.invoices.createPreview({
          customer,
          subscription: subscription.id,
          subscription_details: { items, proration_date: date, proration_behavior: 'always_invoice' },
        }),
      );
      assert.equal(previewed.statusCode, 400);
      assert.match(String(previewed.message), /Cannot specify proration date outside of current subscription period/);
      const updated = await refusal(
        stripe.subscriptions.update(subscription.id, {
          items,
          proration_date: date,
          proration_behavior: 'always_invoice',
        }),
      );
      assert.equal(updated.statusCode, 400);
    }
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(unchanged.items.data[0]!.price.id, basic.id);
  });

  it('create_prorations keeps the lines for the next renewal, which bills them with the new period', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(2900);
    const premium = await price(5900);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    await advance(clock, JAN_25);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: premium.id }],
      proration_date: JAN_25,
    });
    // Nothing is invoiced now; the next invoice (Feb 15) holds −1965 + 3997 and February at 5900.
    assert.equal((await stripe.invoices.list({ customer })).data.length, 1);
    const upcoming = await stripe.invoices.createPreview({ customer, subscription: subscription.id });
    assert.deepEqual(amounts(upcoming), [-1965, 3997, 5900]);
    assert.equal(upcoming.total, 7932);
    await advance(clock, FEB_15);
    const renewal = await latestInvoice(subscription.id);
    assert.deepEqual([renewal.billing_reason, renewal.total, renewal.amount_paid], ['subscription_cycle', 7932, 7932]);
  });
});

describe('local card server: negative totals and the credit balance (https://docs.stripe.com/billing/customer/balance)', () => {
  it('a downgrade invoiced at once totals −2032, goes to the balance, and the next invoice draws on it', async () => {
    const { clock, customer } = await customerOnClock();
    const premium = await price(5900);
    const basic = await price(2900);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: premium.id }] });
    await advance(clock, JAN_25);
    const items = [{ id: subscription.items.data[0]!.id, price: basic.id }];
    // 5900 × 21/31 = 3996.77 → −3997; 2900 × 21/31 = 1964.52 → +1965: −2032, not clamped at 0.
    const preview = await stripe.invoices.createPreview({
      customer,
      subscription: subscription.id,
      subscription_details: { items, proration_date: JAN_25, proration_behavior: 'always_invoice' },
    });
    assert.deepEqual([preview.total, preview.amount_due, preview.ending_balance], [-2032, 0, -2032]);
    await stripe.subscriptions.update(subscription.id, {
      items,
      proration_date: JAN_25,
      proration_behavior: 'always_invoice',
    });
    const credit = await latestInvoice(subscription.id);
    assert.deepEqual(
      [credit.status, credit.total, credit.amount_due, credit.starting_balance, credit.ending_balance],
      ['paid', -2032, 0, 0, -2032],
    );
    assert.equal(((await stripe.customers.retrieve(customer)) as Stripe.Customer).balance, -2032);
    const [transaction] = await (await localStripe()).store.list<
      { id: string; object: string } & Record<string, unknown>
    >('customer_balance_transaction', { customer });
    assert.deepEqual(
      [transaction?.type, transaction?.amount, transaction?.ending_balance, transaction?.invoice],
      ['applied_to_invoice', -2032, -2032, credit.id],
    );

    // Feb 15: 2900, of which the credit pays 2032; 868 is charged and the balance is spent.
    const upcoming = await stripe.invoices.createPreview({ customer, subscription: subscription.id });
    assert.deepEqual([upcoming.total, upcoming.starting_balance, upcoming.amount_due], [2900, -2032, 868]);
    await advance(clock, FEB_15);
    const renewal = await latestInvoice(subscription.id);
    assert.deepEqual(
      [renewal.total, renewal.starting_balance, renewal.ending_balance, renewal.amount_due, renewal.amount_paid],
      [2900, -2032, 0, 868, 868],
    );
    assert.equal(((await stripe.customers.retrieve(customer)) as Stripe.Customer).balance, 0);
  });

  it('a credit larger than the invoice pays all of it and keeps the rest', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(2900);
    await stripe.customers.createBalanceTransaction(customer, { amount: -5000, currency: 'usd' });
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    const first = await latestInvoice(subscription.id);
    // 2900 due, 5000 of credit: nothing to charge, 2100 left.
    assert.deepEqual(
      [first.status, first.amount_due, first.starting_balance, first.ending_balance],
      ['paid', 0, -5000, -2100],
    );
    await advance(clock, FEB_15);
    const second = await latestInvoice(subscription.id);
    assert.deepEqual([second.amount_due, second.amount_paid, second.ending_balance], [800, 800, 0]);
  });
});

describe('local card server: a change of interval starts the period again (https://docs.stripe.com/billing/subscriptions/billing-cycle)', () => {
  it('monthly → yearly on Jan 25: 21/31 of the month credited, a whole year from now charged at once', async () => {
    const { clock, customer } = await customerOnClock();
    const monthly = await price(2900, 'month');
    const yearly = await price(29000, 'year');
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: monthly.id }] });
    await advance(clock, JAN_25);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: yearly.id }],
      proration_date: JAN_25,
    });
    const item = updated.items.data[0]!;
    // Jan 25 2026 → Jan 25 2027, the anchor now.
    assert.deepEqual(
      [updated.billing_cycle_anchor, item.current_period_start, item.current_period_end],
      [JAN_25, JAN_25, JAN_25 + 365 * DAY],
    );
    const invoice = await latestInvoice(subscription.id);
    // −round(2900 × 21/31) = −1965, then 29000 for the year: 27035, invoiced although create_prorations.
    assert.deepEqual(amounts(invoice), [-1965, 29000]);
    assert.deepEqual([invoice.total, invoice.amount_paid, invoice.status], [27035, 27035, 'paid']);
  });
});

describe('local card server: coupon durations (https://docs.stripe.com/api/coupons/object#coupon_object-duration)', () => {
  it('once: the first invoice only; the next renewal is neither previewed nor charged with it', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(5900);
    const coupon = await stripe.coupons.create({ amount_off: 5900, currency: 'usd', duration: 'once' });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: basic.id }],
      discounts: [{ coupon: coupon.id }],
    });
    assert.equal((await latestInvoice(subscription.id)).total, 0);
    // The case: the upcoming invoice showed $0.00, then $59.00 was charged. Both are 5900 now.
    const upcoming = await stripe.invoices.createPreview({ customer, subscription: subscription.id });
    assert.deepEqual([upcoming.total, upcoming.total_discount_amounts?.length], [5900, 0]);
    await advance(clock, FEB_15);
    assert.equal((await latestInvoice(subscription.id)).amount_paid, 5900);
  });

  it('once, added to a running subscription: the next renewal takes it, the one after does not', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(5900);
    const coupon = await stripe.coupons.create({ amount_off: 1000, currency: 'usd', duration: 'once' });
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    await stripe.subscriptions.update(subscription.id, { discounts: [{ coupon: coupon.id }] });
    assert.equal((await stripe.invoices.createPreview({ customer, subscription: subscription.id })).total, 4900);
    await advance(clock, FEB_15);
    assert.equal((await latestInvoice(subscription.id)).total, 4900);
    assert.equal((await stripe.invoices.createPreview({ customer, subscription: subscription.id })).total, 5900);
    await advance(clock, MAR_15);
    assert.equal((await latestInvoice(subscription.id)).total, 5900);
  });

  it('repeating for 2 months: Jan 15 and Feb 15 at half price, Mar 15 at the full price', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(5900);
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'repeating', duration_in_months: 2 });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: basic.id }],
      discounts: [{ coupon: coupon.id }],
    });
    assert.equal((await latestInvoice(subscription.id)).total, 2950);
    assert.equal((await stripe.invoices.createPreview({ customer, subscription: subscription.id })).total, 2950);
    await advance(clock, FEB_15);
    assert.equal((await latestInvoice(subscription.id)).total, 2950);
    // The discount ends on Mar 15 (two months from its start): the invoice of that day is not discounted.
    assert.equal((await stripe.invoices.createPreview({ customer, subscription: subscription.id })).total, 5900);
    await advance(clock, MAR_15);
    assert.equal((await latestInvoice(subscription.id)).total, 5900);
  });

  it('forever: every invoice and every preview', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(5900);
    const coupon = await stripe.coupons.create({ percent_off: 12.5, duration: 'forever' });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: basic.id }],
      discounts: [{ coupon: coupon.id }],
    });
    // 5900 × 12.5 % = 737.5 → 738 off: 5162.
    assert.equal((await latestInvoice(subscription.id)).total, 5162);
    await advance(clock, FEB_15);
    assert.equal((await latestInvoice(subscription.id)).total, 5162);
    assert.equal((await stripe.invoices.createPreview({ customer, subscription: subscription.id })).total, 5162);
  });
});

describe('local card server: error_if_incomplete keeps nothing (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_behavior)', () => {
  it('a declined first payment answers 402 and leaves no subscription and no invoice; the failed charge stays', async () => {
    const { customer } = await customerOnClock('pm_card_chargeCustomerFail');
    const basic = await price(5900);
    const error = await refusal(
      stripe.subscriptions.create({
        customer,
        items: [{ price: basic.id }],
        payment_behavior: 'error_if_incomplete',
      }),
    );
    assert.deepEqual([error.statusCode, error.type], [402, 'StripeCardError']);
    assert.deepEqual((await stripe.subscriptions.list({ customer, status: 'all' })).data, []);
    assert.deepEqual((await stripe.invoices.list({ customer })).data, []);
    const charges = (await stripe.charges.list({ customer })).data;
    assert.deepEqual(
      charges.map((charge) => [charge.status, charge.amount]),
      [['failed', 5900]],
    );
  });

  it('an update that cannot be paid answers 402 and leaves the subscription as it was, with no new invoice', async () => {
    const { clock, customer } = await customerOnClock();
    const basic = await price(2900);
    const premium = await price(5900);
    const subscription = await stripe.subscriptions.create({ customer, items: [{ price: basic.id }] });
    await advance(clock, JAN_25);
    const declining = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: declining.id } });
    const error = await refusal(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]!.id, price: premium.id }],
        proration_date: JAN_25,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    );
    assert.equal(error.statusCode, 402);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    assert.deepEqual([after.status, after.items.data[0]!.price.id], ['active', basic.id]);
    assert.equal((await stripe.invoices.list({ customer })).data.length, 1);
  });
});

describe('local card server: backdating (https://docs.stripe.com/billing/subscriptions/backdating)', () => {
  it('start_date in the past, the period and anchor from now, and the elapsed time billed per natural period', async () => {
    // Backdated to Dec 1 2025 on Jan 15 2026: Dec 1 → Jan 1 whole (2900); Jan 1 → Jan 15 is 14 of the
    // 31 days of Jan 1 → Feb 1 (2900 × 14/31 = 1309.68 → 1310); then Jan 15 → Feb 15 (2900).
    const { customer } = await customerOnClock();
    const basic = await price(2900);
    const DEC_1 = Date.UTC(2025, 11, 1) / 1000;
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: basic.id }],
      backdate_start_date: DEC_1,
    });
    const item = subscription.items.data[0]!;
    assert.deepEqual(
      [subscription.start_date, subscription.billing_cycle_anchor, item.current_period_start, item.current_period_end],
      [DEC_1, JAN_15_2026, JAN_15_2026, FEB_15],
    );
    const invoice = await latestInvoice(subscription.id);
    assert.deepEqual(amounts(invoice), [2900, 1310, 2900]);
    assert.deepEqual([invoice.total, invoice.status], [7110, 'paid']);
  });

  it('with proration_behavior none the elapsed time is not billed', async () => {
    const { customer } = await customerOnClock();
    const basic = await price(2900);
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: basic.id }],
      backdate_start_date: JAN_15_2026 - 10 * DAY,
      proration_behavior: 'none',
    });
    assert.deepEqual(amounts(await latestInvoice(subscription.id)), [2900]);
  });
});
