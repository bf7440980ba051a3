// What time drives on the local card server, as Stripe does it: renewals at each period's end, trials
// ending, incomplete subscriptions expiring after 23 hours and the automatic retries of a declined
// renewal (https://docs.stripe.com/billing/subscriptions/overview, …/trials,
// https://docs.stripe.com/billing/revenue-recovery/smart-retries). Each clock (a test clock, or the server's
// own for customers on none) is brought to its time one due moment after another, so that every invoice,
// charge and event made on the way carries the moment it happened.
import { AsyncLocalStorage } from 'node:async_hooks';
import { discountsOn, periodEnd, seconds, type AppliedDiscount, type Obj } from '../billing';
import type { StoredSubscription } from '../store';
import { needStored, type ApiContext } from './common';
import { productNames } from './catalog';
import { defaultMethodOf } from './payment-methods';
import { customerIdOf, emitSubscription, idOf, linesOf, loose, recurringOf } from './subscriptions';

const DAY = 24 * 3600;
/** Stripe lets the first invoice of an incomplete subscription wait 23 hours for its payment. */
export const INCOMPLETE_WINDOW = 23 * 3600;
/** `customer.subscription.trial_will_end` comes three days before a trial ends. */
const TRIAL_NOTICE = 3 * DAY;

/** What the server does with a declined renewal: retries (days after the previous attempt), then the final action. */
export interface RetrySettings {
  days: number[];
  after: 'past_due' | 'unpaid' | 'canceled';
}

/** The default: three retries, 3, 5 and 7 days after the previous attempt (4 tries over two weeks), then cancel. */
export const DEFAULT_RETRIES: RetrySettings = { days: [3, 5, 7], after: 'canceled' };

/** LOCAL_STRIPE_RETRY_DAYS ("3,5,7"; empty: no retry) and LOCAL_STRIPE_AFTER_RETRIES (past_due, unpaid, canceled). */
export function retrySettingsFrom(env: Record<string, string | undefined>): RetrySettings {
  const days = env.LOCAL_STRIPE_RETRY_DAYS;
  const after = env.LOCAL_STRIPE_AFTER_RETRIES;
  return {
    days:
      days === undefined
        ? DEFAULT_RETRIES.days
        : days
            .split(',')
            .map((day) => day.trim())
            .filter(Boolean)
            .map(Number)
            .filter((day) => Number.isFinite(day) && day > 0),
    after: after === 'past_due' || after === 'unpaid' || after === 'canceled' ? after : DEFAULT_RETRIES.after,
  };
}

const retrySettings = new WeakMap<ApiContext, RetrySettings>();
export const configureRetries = (ctx: ApiContext, settings: RetrySettings) => retrySettings.set(ctx, settings);
const retriesOf = (ctx: ApiContext) => retrySettings.get(ctx) ?? DEFAULT_RETRIES;

const frozen = new AsyncLocalStorage<number>();
/** The time of the clock the current work runs on (unix seconds), when it is not the server's own. */
export const clockTime = (): number | undefined => frozen.getStore();
/** Runs `work` with the server's `now()` reading `time` (a test clock's frozen time, or a due moment). */
export const atTime = <T>(time: number | null | undefined, work: () => Promise<T>): Promise<T> =>
  time === null || time === undefined ? work() : frozen.run(time, work);

const LIVE = ['active', 'past_due', 'trialing', 'unpaid'];
const onClock = (object: { test_clock?: unknown } | Obj, clock: string | null) => (object.test_clock ?? null) === clock;
const marker = (subscriptionId: string) => `ltwe_${subscriptionId}`;

interface Due {
  at: number;
  run: () => Promise<void>;
}

/** The earliest thing due on the clock at or before `upTo`, if any. */
async function nextDue(ctx: ApiContext, clock: string | null, upTo: number, made: { renewals: number }) {
  const due: Due[] = [];
  for (const subscription of await ctx.store.withStatus('subscription', 'incomplete'))
    if (onClock(subscription, clock))
      due.push({ at: subscription.created + INCOMPLETE_WINDOW, run: () => expire(ctx, subscription) });
  for (const status of LIVE)
    for (const subscription of await ctx.store.withStatus('subscription', status)) {
      if (!onClock(subscription, clock)) continue;
      const items = subscription.items.data;
      if (items.length) {
        const end = Math.min(...items.map((item) => item.current_period_end));
        due.push({
          at: end,
          run: async () => {
            if (await renew(ctx, subscription, end)) made.renewals += 1;
          },
        });
      }
      if (status === 'trialing' && subscription.trial_end && !(await ctx.store.get(marker(subscription.id))))
        due.push({
          at: Math.max(subscription.trial_end - TRIAL_NOTICE, subscription.created),
          run: () => trialWillEnd(ctx, subscription),
        });
    }
  for (const invoice of await ctx.store.withStatus<Obj>('invoice', 'open'))
    if (onClock(invoice, clock) && invoice.next_payment_attempt)
      due.push({ at: invoice.next_payment_attempt, run: () => retry(ctx, invoice) });
  return due.filter((entry) => entry.at <= upTo).sort((a, b) => a.at - b.at)[0] ?? null;
}

/**
 * Brings a clock (a test clock's id, or null: the server's own) to `upTo`, doing each due thing at its
 * moment, earliest first. Answers how many renewal invoices were made.
 */
export async function catchUp(ctx: ApiContext, clock: string | null, upTo: number): Promise<number> {
  const made = { renewals: 0 };
  // Bounded: a subscription years behind renews once per period, never for ever.
  for (let step = 0; step < 5000; step += 1) {
    const due = await nextDue(ctx, clock, upTo, made);
    if (!due) break;
    await atTime(due.at, due.run);
  }
  return made.renewals;
}

/** The server's own clock brought to now (before each request, and on a timer). */
export const catchUpServerClock = (ctx: ApiContext) => catchUp(ctx, null, seconds(ctx.now()));

/** Kept for the callers that name the rules one by one: both run everything due on the server's clock. */
export const expireIncomplete = async (ctx: ApiContext): Promise<void> => {
  await catchUpServerClock(ctx);
};
export const renewDue = catchUpServerClock;

/** An incomplete subscription whose first invoice stayed unpaid for 23 hours expires; the invoice is voided. */
async function expire(ctx: ApiContext, subscription: StoredSubscription): Promise<void> {
  const previous = structuredClone(subscription);
  subscription.status = 'incomplete_expired';
  subscription.ended_at = subscription.created + INCOMPLETE_WINDOW;
  await ctx.store.put(subscription);
  if (subscription.latest_invoice) {
    const invoice = await ctx.store.get<Obj>(idOf(subscription.latest_invoice)!, 'invoice');
    if (invoice && invoice.status === 'open') {
      const before = structuredClone(invoice);
      invoice.status = 'void';
      invoice.next_payment_attempt = null;
      invoice.status_transitions.voided_at = subscription.ended_at;
      await ctx.store.put(invoice);
      await ctx.emit('invoice.voided', invoice, before);
    }
  }
  await emitSubscription(ctx, 'customer.subscription.updated', subscription, previous);
}

async function trialWillEnd(ctx: ApiContext, subscription: StoredSubscription): Promise<void> {
  await ctx.store.put({ id: marker(subscription.id), object: 'local_marker' });
  await emitSubscription(ctx, 'customer.subscription.trial_will_end', subscription);
}

/**
 * The subscription's discounts that still apply to an invoice for the period starting at `at` (Stripe's
 * durations, billing.ts `discountsOn`: a `once` coupon stays until the first invoice it takes money off).
 */
export const discountsAt = (subscription: StoredSubscription, at: number): AppliedDiscount[] =>
  discountsOn(loose(subscription), at);

/**
 * A period's end (or a trial's): the next period of the items due, billed by one invoice (billing_reason
 * `subscription_cycle`) with the subscription's `default_tax_rates` and its coupon while it lasts, charged
 * to the default card. Paid: active. Declined: past_due, retried on the schedule. One set to cancel at the
 * period's end ends instead. Answers whether an invoice was made.
 */
async function renew(ctx: ApiContext, subscription: StoredSubscription, end: number): Promise<boolean> {
  const previous = structuredClone(subscription);
  if (subscription.cancel_at_period_end) {
    // Ended as asked (https://docs.stripe.com/api/subscriptions/object#subscription_object-cancellation_details-reason).
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: end,
      ended_at: end,
      cancellation_details: { ...subscription.cancellation_details, reason: 'cancellation_requested' },
    });
    await ctx.store.put(subscription);
    await emitSubscription(ctx, 'customer.subscription.deleted', subscription, previous);
    return false;
  }
  const items = subscription.items.data;
  const due = items.filter((item) => item.current_period_end <= end);
  for (const item of due) {
    item.current_period_start = item.current_period_end;
    item.current_period_end = nextEnd(
      subscription.billing_cycle_anchor ?? item.current_period_start,
      item.current_period_start,
      recurringOf(item.price).interval,
      recurringOf(item.price).interval_count,
    );
  }
  const customer = loose(await needStored(ctx, customerIdOf(subscription), 'customer'));
  const { days } = retriesOf(ctx);
  // An unpaid subscription keeps its periods and invoices, but no payment is tried (Stripe's `unpaid`).
  const unpaid = subscription.status === 'unpaid';
  const invoice = await ctx.ledger.invoice({
    customer,
    subscription: loose(subscription),
    lines: linesOf(due, await productNames(ctx)),
    discounts: discountsAt(subscription, end),
    taxRates: (subscription.default_tax_rates ?? []) as unknown as Obj[],
    paymentMethod: unpaid ? null : await defaultMethodOf(ctx, customer, idOf(subscription.default_payment_method)),
    reason: 'subscription_cycle',
    retryAt: days.length ? end + days[0]! * DAY : null,
  });
  subscription.latest_invoice = invoice.id;
  if (!unpaid) subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
  if (!unpaid && invoice.status !== 'paid' && !invoice.next_payment_attempt) {
    // No retry: the final action at once (a card missing counts as a failed attempt, as Stripe counts it).
    if (!invoice.attempted) await ctx.ledger.recordFailedAttempt(invoice, null);
    await ctx.store.put(subscription);
    await emitSubscription(ctx, 'customer.subscription.updated', subscription, previous);
    await afterLastRetry(ctx, subscription, end);
    return true;
  }
  await ctx.store.put(subscription);
  await emitSubscription(ctx, 'customer.subscription.updated', subscription, previous);
  return true;
}

/**
 * The end of the period starting at `start`, counted from the billing cycle anchor, so that an anchor on
 * the 29th to 31st bills on the last day of a shorter month and returns to its day after
 * (https://docs.stripe.com/billing/subscriptions/billing-cycle).
 */
function nextEnd(anchor: number, start: number, interval: string, count: number): number {
  if (anchor > start) return periodEnd(start, interval, count);
  for (let periods = 1; ; periods += 1) {
    const end = periodEnd(anchor, interval, periods * count);
    if (end > start) return end;
  }
}

/** An automatic retry of an open invoice with the customer's current default card. */
async function retry(ctx: ApiContext, invoice: Obj): Promise<void> {
  const at = invoice.next_payment_attempt as number;
  if (invoice.status !== 'open') {
    invoice.next_payment_attempt = null;
    await ctx.store.put(invoice);
    return;
  }
  const { days } = retriesOf(ctx);
  const retriesDone = Math.max(0, Number(invoice.attempt_count ?? 1) - 1);
  const next = retriesDone + 1 < days.length ? at + days[retriesDone + 1]! * DAY : null;
  const customer = loose(await needStored(ctx, invoice.customer, 'customer'));
  const subscriptionId: string | undefined = invoice.parent?.subscription_details?.subscription;
  const subscription = subscriptionId ? await ctx.store.get(subscriptionId, 'subscription') : null;
  const method = await defaultMethodOf(ctx, customer, idOf(subscription?.default_payment_method));
  let paid = false;
  if (method) paid = (await ctx.ledger.collect(invoice, customer, method, next)).error === null;
  else await ctx.ledger.recordFailedAttempt(invoice, next);
  if (!subscription || subscription.latest_invoice !== invoice.id) return;
  if (paid) await reactivate(ctx, subscription);
  else if (next === null) await afterLastRetry(ctx, subscription, at);
}

/** A subscription whose latest invoice is paid is active again. */
export async function reactivate(ctx: ApiContext, subscription: StoredSubscription | Obj): Promise<void> {
  const stored = subscription as StoredSubscription;
  if (!['past_due', 'unpaid', 'incomplete'].includes(stored.status)) return;
  const previous = structuredClone(stored);
  stored.status = 'active';
  await ctx.store.put(stored);
  await emitSubscription(ctx, 'customer.subscription.updated', stored, previous);
}

/** What the settings say happens once every retry has failed: stay past_due, become unpaid, or be canceled. */
async function afterLastRetry(ctx: ApiContext, subscription: StoredSubscription, at: number): Promise<void> {
  const { after } = retriesOf(ctx);
  if (after === 'past_due' || !['past_due', 'active'].includes(subscription.status)) return;
  const previous = structuredClone(subscription);
  if (after === 'unpaid') {
    subscription.status = 'unpaid';
    await ctx.store.put(subscription);
    await emitSubscription(ctx, 'customer.subscription.updated', subscription, previous);
    return;
  }
  Object.assign(subscription, {
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: 'payment_failed' },
  });
  await ctx.store.put(subscription);
  await emitSubscription(ctx, 'customer.subscription.deleted', subscription, previous);
}
