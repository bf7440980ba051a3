// Time on the local card server: Stripe's test clocks (create, read, list, advance, delete, and the
// advances Stripe refuses), customers on a clock, and every rule time drives — renewals, trials, the
// 23 hours of an incomplete subscription, automatic retries of a declined renewal and what follows the
// last one — with `invoices.pay` and the list of events. Dates are worked out by hand from 2026-01-15.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { localStripeClient } from '../../server/integrations/payments/local-stripe';
import { localStripe } from '../support/billing';
import { DAY, JAN_15_2026, latestInvoiceOf } from '../support/stripe-target';

const HOUR = 3600;
/** 2026-02-15 00:00 UTC: one month after Jan 15 (31 days). */
const FEB_15 = JAN_15_2026 + 31 * DAY;
/** 2026-03-15 00:00 UTC: one month after Feb 15 (28 days in February 2026). */
const MAR_15 = FEB_15 + 28 * DAY;

let stripe: Stripe;
let run = 0;

async function clock(frozenTime = JAN_15_2026) {
  return stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: `clocks-${(run += 1)}` });
}

/** A customer on a new clock (Jan 15, 2026) with a Visa as default, subscribed to a $29.00 monthly price. */
async function monthlyMemberOnClock() {
  const created = await clock();
  const customer = await customerOn(created.id);
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: (await monthlyPrice(2900)).id }],
  });
  return { created, customer, subscription };
}

async function customerOn(clockId: string, card: string | null = 'pm_card_visa') {
  const customer = await stripe.customers.create({ test_clock: clockId, email: 'clock@example.test' });
  if (card) {
    const method = await stripe.paymentMethods.attach(card, { customer: customer.id });
    return stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
  }
  return customer;
}

async function monthlyPrice(unitAmount = 2900) {
  const product = await stripe.products.create({ name: `Membership ${(run += 1)}` });
  return stripe.prices.create({
    product: product.id,
    unit_amount: unitAmount,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
}

async function switchCard(customerId: string, card: string) {
  const method = await stripe.paymentMethods.attach(card, { customer: customerId });
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
  return method.id;
}

const advance = (clockId: string, to: number) => stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });

/** The events about one object, oldest first (the list answers newest first). */
async function eventsAbout(id: string): Promise<string[]> {
  const events = await stripe.events.list({ limit: 100 });
  return events.data
    .filter((event) => (event.data.object as { id?: string }).id === id)
    .map((event) => event.type)
    .reverse();
}

const latestInvoice = (subscriptionId: string) => latestInvoiceOf(stripe, subscriptionId);

beforeEach(async () => {
  stripe = localStripeClient(await localStripe());
});

afterEach(async () => {
  // Stripe's default schedule again for the other tests.
  (await localStripe()).configureRetries({ days: [3, 5, 7], after: 'canceled' });
});

describe('local card server: test clocks (POST /v1/test_helpers/test_clocks)', () => {
  it('creates, reads, lists and advances a clock; it answers ready at the new frozen time', async () => {
    const created = await clock();
    assert.match(created.id, /^clock_/);
    assert.equal(created.object, 'test_helpers.test_clock');
    assert.equal(created.frozen_time, JAN_15_2026);
    assert.equal(created.status, 'ready');
    assert.match(String(created.name), /^clocks-/);
    // The API reference's example: deletes_after is 7 days after created (https://docs.stripe.com/api/test_clocks/object).
    assert.equal(created.deletes_after, created.created + 7 * DAY);
    assert.equal((await stripe.testHelpers.testClocks.retrieve(created.id)).frozen_time, JAN_15_2026);
    assert.ok((await stripe.testHelpers.testClocks.list()).data.some((c) => c.id === created.id));
    const advanced = await advance(created.id, JAN_15_2026 + DAY);
    assert.equal(advanced.status, 'ready');
    assert.equal(advanced.frozen_time, JAN_15_2026 + DAY);
  });

  it('refuses to go back, to stand still, or further than two intervals of the shortest subscription (two years with none)', async () => {
    // https://docs.stripe.com/api/test_clocks/advance: "Must be after the test clock's current frozen time.
    // Cannot be more than two intervals in the future from the shortest subscription in this test clock.
    // If there are no subscriptions in this test clock, it cannot be more than two years in the future."
    const empty = await clock();
    await assert.rejects(advance(empty.id, JAN_15_2026), /must be after its current frozen time/);
    await assert.rejects(advance(empty.id, JAN_15_2026 - DAY), /must be after its current frozen time/);
    // 2026-01-15 + 2 years = 2028-01-15: 365 + 365 days.
    await assert.rejects(advance(empty.id, JAN_15_2026 + 730 * DAY + 1), /two intervals/);
    assert.equal((await advance(empty.id, JAN_15_2026 + 730 * DAY)).frozen_time, JAN_15_2026 + 730 * DAY);

    const monthly = await clock();
    const customer = await customerOn(monthly.id);
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: (await monthlyPrice()).id }] });
    // Two months from Jan 15 is Mar 15 (31 + 28 days).
    await assert.rejects(advance(monthly.id, MAR_15 + 1), /two intervals/);
    assert.equal((await advance(monthly.id, MAR_15)).frozen_time, MAR_15);
    await assert.rejects(
      stripe.testHelpers.testClocks.retrieve('clock_missing'),
      /No such test_clock: 'clock_missing'/,
    );
  });

  it('puts at most three customers on a clock, and an unknown clock is refused', async () => {
    const full = await clock();
    for (let i = 0; i < 3; i += 1) await stripe.customers.create({ test_clock: full.id });
    await assert.rejects(stripe.customers.create({ test_clock: full.id }), /maximum of 3 customers/);
    await assert.rejects(stripe.customers.create({ test_clock: 'clock_missing' }), /No such test_clock/);
  });

  it('a customer and its objects are made at the clock time; deleting the clock deletes them', async () => {
    const created = await clock();
    const customer = await customerOn(created.id);
    assert.equal(customer.created, JAN_15_2026);
    assert.equal(customer.test_clock, created.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice()).id }],
    });
    assert.equal(subscription.created, JAN_15_2026);
    assert.equal(subscription.test_clock, created.id);
    assert.equal(subscription.items.data[0]!.current_period_end, FEB_15);
    assert.equal((await latestInvoice(subscription.id)).created, JAN_15_2026);
    const deleted = await stripe.testHelpers.testClocks.del(created.id);
    assert.deepEqual(deleted, { id: created.id, object: 'test_helpers.test_clock', deleted: true });
    await assert.rejects(stripe.customers.retrieve(customer.id), /No such customer/);
    await assert.rejects(stripe.subscriptions.retrieve(subscription.id), /No such subscription/);
    await assert.rejects(stripe.testHelpers.testClocks.retrieve(created.id), /No such test_clock/);
  });
});

describe('local card server: what a clock drives', () => {
  it('renews at the period end: a subscription_cycle invoice dated Feb 15 for Feb 15 → Mar 15, paid, with its events in order', async () => {
    const { created, subscription } = await monthlyMemberOnClock();
    await advance(created.id, FEB_15 - 1);
    assert.equal((await latestInvoice(subscription.id)).billing_reason, 'subscription_create', 'not before the end');
    await advance(created.id, FEB_15 + HOUR);
    const renewal = await latestInvoice(subscription.id);
    assert.equal(renewal.billing_reason, 'subscription_cycle');
    assert.equal(renewal.created, FEB_15);
    assert.equal(renewal.status, 'paid');
    assert.equal(renewal.amount_paid, 2900);
    assert.equal(renewal.attempt_count, 1);
    assert.equal(renewal.next_payment_attempt, null);
    assert.deepEqual(renewal.lines.data[0]!.period, { start: FEB_15, end: MAR_15 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(renewed.status, 'active');
    assert.equal(renewed.items.data[0]!.current_period_start, FEB_15);
    assert.equal(renewed.items.data[0]!.current_period_end, MAR_15);
    assert.deepEqual(await eventsAbout(renewal.id), [
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const updated = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })).data.find(
      (event) => (event.data.object as Stripe.Subscription).id === subscription.id,
    );
    assert.ok(updated, 'customer.subscription.updated is sent');
    assert.equal(updated.created, FEB_15);
    assert.equal((updated.data.object as Stripe.Subscription).latest_invoice, renewal.id);
    assert.ok(updated.data.previous_attributes && 'latest_invoice' in updated.data.previous_attributes);
  });

  it('a billing day missing from a month bills on its last day, then returns to its day', async () => {
    // https://docs.stripe.com/billing/subscriptions/billing-cycle: an anchor on the 31st bills on the
    // last day of a shorter month. Jan 31 → Feb 28 → Mar 31 (2026).
    const jan31 = Date.UTC(2026, 0, 31) / 1000;
    const created = await clock(jan31);
    const customer = await customerOn(created.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice()).id }],
    });
    assert.equal(subscription.items.data[0]!.current_period_end, Date.UTC(2026, 1, 28) / 1000);
    await advance(created.id, Date.UTC(2026, 2, 1) / 1000);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(renewed.items.data[0]!.current_period_end, Date.UTC(2026, 2, 31) / 1000);
  });

  it('a trial: trialing with a $0 first invoice, trial_will_end 3 days before its end, then active with the first paid invoice', async () => {
    const created = await clock();
    const customer = await customerOn(created.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(2900)).id }],
      trial_period_days: 14,
    });
    // 14 days from Jan 15 is Jan 29 (https://docs.stripe.com/billing/subscriptions/trials).
    const jan29 = JAN_15_2026 + 14 * DAY;
    assert.equal(subscription.status, 'trialing');
    assert.equal(subscription.trial_start, JAN_15_2026);
    assert.equal(subscription.trial_end, jan29);
    assert.equal(subscription.items.data[0]!.current_period_end, jan29);
    const first = await latestInvoice(subscription.id);
    assert.equal(first.total, 0);
    assert.equal(first.status, 'paid');
    assert.match(String(first.lines.data[0]!.description), /^Trial period for /);

    await advance(created.id, jan29 - 3 * DAY - 1);
    assert.equal((await stripe.events.list({ type: 'customer.subscription.trial_will_end' })).data.length, 0);
    await advance(created.id, jan29 - 3 * DAY);
    const notice = (await stripe.events.list({ type: 'customer.subscription.trial_will_end' })).data;
    assert.equal(notice.length, 1);
    assert.equal(notice[0]!.created, jan29 - 3 * DAY);

    await advance(created.id, jan29 + HOUR);
    const active = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(active.status, 'active');
    // Jan 29 + one month = Feb 28 (February 2026 has no 29th).
    assert.equal(active.items.data[0]!.current_period_start, jan29);
    assert.equal(active.items.data[0]!.current_period_end, Date.UTC(2026, 1, 28) / 1000);
    const paid = await latestInvoice(subscription.id);
    assert.equal(paid.billing_reason, 'subscription_cycle');
    assert.equal(paid.amount_paid, 2900);
    assert.equal(paid.created, jan29);
  });

  it('refuses a trial_end in the past', async () => {
    const created = await clock();
    const customer = await customerOn(created.id);
    await assert.rejects(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: (await monthlyPrice()).id }],
        trial_end: JAN_15_2026 - DAY,
      }),
      /must be an integer Unix timestamp in the future/,
    );
  });

  it('an incomplete subscription expires 23 hours after it was made; its invoice is voided', async () => {
    const created = await clock();
    const customer = await customerOn(created.id, 'pm_card_chargeCustomerFail');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice()).id }],
    });
    assert.equal(subscription.status, 'incomplete');
    await advance(created.id, JAN_15_2026 + 23 * HOUR - 1);
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'incomplete');
    await advance(created.id, JAN_15_2026 + 23 * HOUR);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(expired.status, 'incomplete_expired');
    assert.equal(expired.ended_at, JAN_15_2026 + 23 * HOUR);
    const invoice = await latestInvoice(subscription.id);
    assert.equal(invoice.status, 'void');
    assert.equal(invoice.status_transitions.voided_at, JAN_15_2026 + 23 * HOUR);
  });

  it('a declined renewal is retried 3, 5 and 7 days after the previous attempt, past_due meanwhile, then canceled (the default)', async () => {
    const { created, customer, subscription } = await monthlyMemberOnClock();
    await switchCard(customer.id, 'pm_card_chargeCustomerFail');
    await advance(created.id, FEB_15 + HOUR);
    let invoice = await latestInvoice(subscription.id);
    assert.equal(invoice.status, 'open');
    assert.equal(invoice.attempt_count, 1);
    const feb18 = FEB_15 + 3 * DAY;
    const feb23 = feb18 + 5 * DAY;
    const mar2 = feb23 + 7 * DAY; // Feb 23 + 7 days: 2026-03-02
    assert.equal(invoice.next_payment_attempt, feb18);
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');
    assert.deepEqual(await eventsAbout(invoice.id), ['invoice.created', 'invoice.finalized', 'invoice.payment_failed']);

    await advance(created.id, feb18 - 1);
    assert.equal((await stripe.invoices.retrieve(invoice.id)).attempt_count, 1, 'no retry before its time');
    await advance(created.id, feb18);
    invoice = await stripe.invoices.retrieve(invoice.id);
    assert.equal(invoice.attempt_count, 2);
    assert.equal(invoice.next_payment_attempt, feb23);
    await advance(created.id, feb23);
    invoice = await stripe.invoices.retrieve(invoice.id);
    assert.equal(invoice.attempt_count, 3);
    assert.equal(invoice.next_payment_attempt, mar2);
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');
    await advance(created.id, mar2);
    invoice = await stripe.invoices.retrieve(invoice.id);
    assert.equal(invoice.attempt_count, 4, 'four tries in all');
    assert.equal(invoice.next_payment_attempt, null);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.ended_at, mar2);
    assert.equal(canceled.cancellation_details?.reason, 'payment_failed');
    assert.equal((await stripe.invoices.list({ customer: customer.id, status: 'paid' })).data.length, 1);
    const failures = (await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 })).data.filter(
      (event) => (event.data.object as Stripe.Invoice).id === invoice.id,
    );
    assert.deepEqual(
      failures.map((event) => event.created),
      [mar2, feb23, feb18, FEB_15],
    );
  });

  it('a retry with a new default card pays the invoice: the subscription is active again', async () => {
    const { created, customer, subscription } = await monthlyMemberOnClock();
    await switchCard(customer.id, 'pm_card_chargeCustomerFail');
    await advance(created.id, FEB_15 + HOUR);
    await switchCard(customer.id, 'pm_card_visa');
    await advance(created.id, FEB_15 + 3 * DAY);
    const invoice = await latestInvoice(subscription.id);
    assert.equal(invoice.status, 'paid');
    assert.equal(invoice.attempt_count, 2);
    assert.equal(invoice.amount_paid, 2900);
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'active');
  });

  it('after the last retry the subscription becomes unpaid when so configured (LOCAL_STRIPE_AFTER_RETRIES), or stays past_due', async () => {
    const local = await localStripe();
    for (const [after, status] of [
      ['unpaid', 'unpaid'],
      ['past_due', 'past_due'],
    ] as const) {
      local.configureRetries({ days: [2], after });
      const created = await clock();
      const customer = await customerOn(created.id);
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: (await monthlyPrice()).id }],
      });
      await switchCard(customer.id, 'pm_card_chargeCustomerFail');
      await advance(created.id, FEB_15 + HOUR);
      const invoice = await latestInvoice(subscription.id);
      assert.equal(invoice.next_payment_attempt, FEB_15 + 2 * DAY);
      await advance(created.id, FEB_15 + 2 * DAY);
      assert.equal((await stripe.invoices.retrieve(invoice.id)).attempt_count, 2);
      assert.equal((await stripe.invoices.retrieve(invoice.id)).next_payment_attempt, null);
      assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, status);
    }
  });
});

describe('local card server: invoices.pay (POST /v1/invoices/{id}/pay)', () => {
  it('a decline answers 402 and leaves the invoice open; a new card pays it and the subscription is active; paying again is refused', async () => {
    const { created, customer, subscription } = await monthlyMemberOnClock();
    const failing = await switchCard(customer.id, 'pm_card_chargeCustomerFail');
    await advance(created.id, FEB_15 + HOUR);
    const open = await latestInvoice(subscription.id);
    await assert.rejects(
      stripe.invoices.pay(open.id, { payment_method: failing }),
      (error: Stripe.errors.StripeError) => {
        assert.equal(error.statusCode, 402);
        assert.equal(error.type, 'StripeCardError');
        assert.equal(error.code, 'card_declined');
        return true;
      },
    );
    const still = await stripe.invoices.retrieve(open.id);
    assert.equal(still.status, 'open');
    assert.equal(still.attempt_count, 2);
    assert.equal(still.next_payment_attempt, FEB_15 + 3 * DAY, 'the schedule is kept');
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');

    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const paid = await stripe.invoices.pay(open.id, { payment_method: card.id });
    assert.equal(paid.status, 'paid');
    assert.equal(paid.amount_paid, 2900);
    assert.equal(paid.next_payment_attempt, null);
    assert.equal(paid.status_transitions.paid_at, FEB_15 + HOUR, 'paid at the clock time');
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'active');
    await assert.rejects(stripe.invoices.pay(open.id), /already paid/);
  });

  it('without payment_method it charges the default card; a card of another customer is refused', async () => {
    const created = await clock();
    const customer = await customerOn(created.id, 'pm_card_chargeCustomerFail');
    const other = await customerOn(created.id);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(2900)).id }],
    });
    assert.equal(subscription.status, 'incomplete');
    const invoice = await latestInvoice(subscription.id);
    const othersCard = String(other.invoice_settings.default_payment_method);
    await assert.rejects(
      stripe.invoices.pay(invoice.id, { payment_method: othersCard }),
      /does not belong to the Customer/,
    );
    await switchCard(customer.id, 'pm_card_visa');
    const paid = await stripe.invoices.pay(invoice.id);
    assert.equal(paid.status, 'paid');
    assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'active', 'incomplete → active');
  });
});

describe("local card server: the server's own clock (customers on no test clock)", () => {
  it('renews by itself once the period has passed, with no call but an ordinary request', async () => {
    const local = await localStripe();
    const customer = await stripe.customers.create({ email: 'no-clock@example.test' });
    await switchCard(customer.id, 'pm_card_visa');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: (await monthlyPrice(2900)).id }],
    });
    const end = subscription.items.data[0]!.current_period_end;
    local.advanceClock(32 * DAY);
    try {
      const renewed = await stripe.subscriptions.retrieve(subscription.id);
      assert.equal(renewed.items.data[0]!.current_period_start, end);
      const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
      assert.equal(invoice.billing_reason, 'subscription_cycle');
      assert.equal(invoice.created, end, 'dated at the period end');
      assert.equal(invoice.amount_paid, 2900);
    } finally {
      local.advanceClock(-32 * DAY);
    }
  });
});

describe('local card server: GET /v1/events', () => {
  it('lists newest first, filtered by type, types[] and created, paged by limit and starting_after', async () => {
    const created = await clock();
    await customerOn(created.id);
    await advance(created.id, JAN_15_2026 + DAY);
    const all = await stripe.events.list({ limit: 100 });
    assert.ok(all.data.length >= 3);
    const seqTypes = all.data.map((event) => event.type);
    assert.equal(seqTypes[0], 'test_helpers.test_clock.ready', 'the newest first');
    assert.deepEqual(
      (await stripe.events.list({ type: 'customer.created' })).data.map((event) => event.type),
      ['customer.created'],
    );
    const both = await stripe.events.list({ types: ['customer.created', 'customer.updated'] });
    assert.ok(both.data.every((event) => ['customer.created', 'customer.updated'].includes(event.type)));
    assert.ok(both.data.length >= 2);
    const later = await stripe.events.list({ created: { gte: JAN_15_2026 + DAY }, limit: 100 });
    assert.deepEqual(
      later.data.map((event) => event.type),
      ['test_helpers.test_clock.ready'],
    );
    const first = await stripe.events.list({ limit: 1 });
    assert.equal(first.data.length, 1);
    assert.equal(first.has_more, true);
    const next = await stripe.events.list({ limit: 1, starting_after: first.data[0]!.id });
    assert.equal(next.data[0]!.id, all.data[1]!.id);
  });
});
