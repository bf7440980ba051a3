// Subscriptions: created (with a trial, if asked), changed with prorations, canceled. What time does to
// them (renewals, trials ending, expiry, retries) is in renewals.ts.
import { CardError } from '../cards';
import { amountDue, couponOn, pendingLine, periodEnd, seconds, totalsOf, type Line, type Obj } from '../billing';
import { newId } from '../store';
import {
  bool,
  expand,
  int,
  invalid,
  listExpansions,
  listOf,
  missing,
  need,
  page,
  type ApiContext,
  type Route,
} from './common';
import { couponFrom, productNames } from './catalog';
import { taxRatesFrom } from './tax-rates';
import { defaultMethodOf } from './payment-methods';

export function subscriptionRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/subscriptions', async (req) => createSubscription(ctx, req.body));
  route('get', '/v1/subscriptions/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'subscription'), req.query.expand),
  );
  route('get', '/v1/subscriptions', async (req) => {
    const status = String(req.query.status ?? '');
    const subscriptions = await ctx.store.list<Obj>(
      'subscription',
      { customer: req.query.customer ? String(req.query.customer) : undefined },
      (s) =>
        status === 'all' || (status ? s.status === status : !['canceled', 'incomplete_expired'].includes(s.status)),
    );
    return page(
      await Promise.all(subscriptions.map((s) => expand(ctx, s, listExpansions(req.query.expand)))),
      req.path,
      req.query.limit ?? 100,
    );
  });
  route('post', '/v1/subscriptions/:id', async (req) =>
    updateSubscription(ctx, await need(ctx, String(req.params.id), 'subscription'), req.body),
  );
  route('delete', '/v1/subscriptions/:id', async (req) =>
    cancelSubscription(ctx, await need(ctx, String(req.params.id), 'subscription')),
  );
}

export async function itemsFrom(ctx: ApiContext, raw: unknown, start: number): Promise<Obj[]> {
  const items: Obj[] = [];
  for (const item of listOf<Record<string, string>>(raw)) {
    const price = await need(ctx, String(item.price ?? ''), 'price', 'items[0][price]');
    if (!price.recurring)
      throw invalid(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        'items[0][price]',
      );
    items.push({
      id: newId('si'),
      object: 'subscription_item',
      price,
      quantity: int(item.quantity, 1),
      metadata: item.metadata ?? {},
      created: start,
      current_period_start: start,
      current_period_end: periodEnd(start, price.recurring.interval, price.recurring.interval_count),
    });
  }
  return items;
}

export const linesOf = (items: Obj[], productNames: Map<string, string>): Line[] =>
  items.map((item) => ({
    description: `${item.quantity} × ${productNames.get(item.price.product) ?? item.price.product} (at $${(item.price.unit_amount / 100).toFixed(2)} / ${item.price.recurring.interval})`,
    amount: item.price.unit_amount * item.quantity,
    quantity: item.quantity,
    price: item.price,
    period: { start: item.current_period_start, end: item.current_period_end },
  }));

/** One-time prices added to a subscription's first invoice (`add_invoice_items`, or `invoice_items` of a preview). */
export async function oneTimeLines(ctx: ApiContext, raw: unknown, at: number, param: string): Promise<Line[]> {
  const names = await productNames(ctx);
  const lines: Line[] = [];
  for (const item of listOf<Record<string, string>>(raw)) {
    const price = await need(ctx, String(item.price ?? ''), 'price', `${param}[0][price]`);
    if (price.recurring)
      throw invalid(
        `The price specified is set to \`type=recurring\` but this field only accepts prices with \`type=one_time\`.`,
        `${param}[0][price]`,
      );
    const quantity = int(item.quantity, 1)!;
    lines.push({
      description: `${quantity} × ${names.get(price.product) ?? price.product}`,
      amount: price.unit_amount * quantity,
      quantity,
      price,
      period: { start: at, end: at },
    });
  }
  return lines;
}

export async function createSubscription(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const start = seconds(ctx.now());
  // Backdated (https://docs.stripe.com/billing/subscriptions/backdating): start_date is the past date, but
  // the billing cycle anchor and the first period start now; the first invoice bills the time since.
  const backdate = backdateOf(body, start);
  const items = await itemsFrom(ctx, body.items, start);
  if (!items.length) throw invalid('Missing required param: items.', 'items');
  const trialEnd = trialEndOf(body, start);
  // A trial is the first period: the items are billed from its end (https://docs.stripe.com/billing/subscriptions/trials).
  if (trialEnd) for (const item of items) item.current_period_end = trialEnd;
  const coupon = await couponFrom(ctx, body);
  const taxRates = (await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates')) ?? [];
  const method = await defaultMethodOf(ctx, customer, body.default_payment_method);
  const behaviour = body.payment_behavior ?? 'allow_incomplete';
  const names = await productNames(ctx);
  const lines = [
    ...(backdate !== null && body.proration_behavior !== 'none' ? backdatedLines(items, backdate, start, names) : []),
    ...trialLines(linesOf(items, names), trialEnd),
    ...(await oneTimeLines(ctx, body.add_invoice_items, start, 'add_invoice_items')),
  ];
  // A first invoice that cannot be paid: 402, and nothing kept but the declined attempt.
  if (behaviour === 'error_if_incomplete') await refuseIfUnpaid(ctx, customer, method, { lines, coupon, taxRates });
  const subscription: Obj = {
    id: newId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    created: start,
    start_date: backdate ?? start,
    billing_cycle_anchor: start,
    items: { object: 'list', data: items, has_more: false, url: '' },
    metadata: body.metadata ?? {},
    discounts: [],
    discount: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    default_payment_method: body.default_payment_method ?? null,
    latest_invoice: null,
    collection_method: 'charge_automatically',
    currency: 'usd',
    livemode: false,
    default_tax_rates: taxRates,
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd ?? null,
    test_clock: customer.test_clock ?? null,
  };
  if (trialEnd) subscription.billing_cycle_anchor = trialEnd;
  subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
  if (coupon) await applyDiscount(ctx, subscription, coupon);
  await ctx.store.put(subscription);
  const invoice = await ctx.ledger.invoice({
    customer,
    subscription,
    lines,
    coupon,
    taxRates,
    paymentMethod: method,
    reason: 'subscription_create',
  });
  subscription.status = invoice.status === 'paid' ? (trialEnd ? 'trialing' : 'active') : 'incomplete';
  subscription.latest_invoice = invoice.id;
  if (coupon) await redeem(ctx, coupon);
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.created', subscription);
  return expand(ctx, subscription, body.expand);
}

/** `backdate_start_date`: a moment in the past (Stripe refuses one in the future), or null. */
function backdateOf(body: Record<string, any>, now: number): number | null {
  const backdate = int(body.backdate_start_date);
  if (backdate === undefined) return null;
  if (!Number.isInteger(backdate) || backdate > now)
    throw invalid('backdate_start_date must be in the past.', 'backdate_start_date');
  return backdate < now ? backdate : null;
}

/**
 * The time from a backdated start to now, as Stripe bills it in flexible billing mode, the default for new
 * subscriptions since 2025-09-30 (https://docs.stripe.com/billing/subscriptions/backdating): one line per
 * natural period, intervals counted from the backdated date, the last one prorated on the imagined whole
 * interval it belongs to (Jan 15 → Feb 1 is 17/31 of a monthly price), each rounded to the cent.
 */
export function backdatedLines(items: Obj[], backdate: number, now: number, names: Map<string, string>): Line[] {
  return items.flatMap((item) => {
    const { interval, interval_count: count = 1 } = item.price.recurring;
    const lines: Line[] = [];
    for (let n = 0, from = backdate; from < now; n += 1) {
      const to = periodEnd(backdate, interval, count * (n + 1));
      const end = Math.min(to, now);
      lines.push({
        description: `${itemLabel(item, names)} from ${day(from)} until ${day(end)}`,
        amount: Math.round((item.price.unit_amount * item.quantity * (end - from)) / (to - from)),
        quantity: item.quantity,
        price: item.price,
        period: { start: from, end },
        proration: end < to,
      });
      from = to;
    }
    return lines;
  });
}

/** The end of a trial asked for with `trial_end` (a future time, or `now`: none) or `trial_period_days`. */
function trialEndOf(body: Record<string, any>, start: number): number | null {
  if (body.trial_end === 'now') return null;
  const end = int(body.trial_end);
  if (end !== undefined) {
    if (!Number.isInteger(end) || end <= start)
      throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    return end;
  }
  const days = int(body.trial_period_days);
  if (days === undefined || days === 0) return null;
  if (!Number.isInteger(days) || days < 0 || days > 730)
    throw invalid('trial_period_days must be an integer from 0 to 730.', 'trial_period_days');
  return start + days * 24 * 3600;
}

/** During a trial the first invoice bills each item at $0 ("Trial period for …"). */
const trialLines = (lines: Line[], trialEnd: number | null): Line[] =>
  trialEnd
    ? lines.map((line) => ({
        ...line,
        amount: 0,
        description: `Trial period for ${line.description.replace(/^\d+ × /, '').replace(/ \(at .*$/, '')}`,
      }))
    : lines;

/** A discount object for the coupon on the subscription (`discounts` lists its id; `discount` keeps the coupon for the invoices). */
async function applyDiscount(ctx: ApiContext, subscription: Obj, coupon: Obj): Promise<void> {
  const discount = await ctx.store.put<Obj>({
    id: newId('di'),
    object: 'discount',
    source: { type: 'coupon', coupon: coupon.id },
    start: seconds(ctx.now()),
    end: null,
    subscription: subscription.id,
    customer: subscription.customer,
    checkout_session: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    subscription_item: null,
  });
  subscription.discounts = [discount.id];
  subscription.discount = { id: discount.id, object: 'discount', coupon, start: discount.start };
}

async function redeem(ctx: ApiContext, coupon: Obj): Promise<void> {
  const stored = await ctx.store.get<Obj>(coupon.id, 'coupon');
  if (stored) {
    stored.times_redeemed += 1;
    await ctx.store.put(stored);
  }
}

async function updateSubscription(ctx: ApiContext, subscription: Obj, body: Record<string, any>): Promise<Obj> {
  const previous = structuredClone(subscription);
  if (['canceled', 'incomplete_expired'].includes(subscription.status))
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
  if (body.cancel_at_period_end !== undefined) {
    subscription.cancel_at_period_end = bool(body.cancel_at_period_end);
    subscription.cancel_at = subscription.cancel_at_period_end
      ? (subscription.items.data[0]?.current_period_end ?? null)
      : null;
  }
  if (body.default_payment_method !== undefined)
    subscription.default_payment_method = body.default_payment_method || null;
  const taxRates = await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates');
  if (taxRates) subscription.default_tax_rates = taxRates;
  const coupon = body.discounts !== undefined || body.coupon !== undefined ? await couponFrom(ctx, body) : undefined;
  if (coupon !== undefined) {
    subscription.discounts = [];
    subscription.discount = null;
    if (coupon) await applyDiscount(ctx, subscription, coupon);
  }
  if (body.items !== undefined) {
    const now = seconds(ctx.now());
    const at = prorationDateOf(subscription.items.data, body.proration_date, now, 'proration_date');
    const behaviour: ProrationBehaviour = body.proration_behavior ?? 'create_prorations';
    const change = await planChange(ctx, subscription.items.data, listOf(body.items), { at, now, behaviour });
    // Stripe invoices a change of billing period at once, whatever the proration behaviour
    // (https://docs.stripe.com/billing/subscriptions/billing-cycle#changing); always_invoice invoices every line.
    const invoiceNow = change.resetAnchor || (behaviour === 'always_invoice' && change.lines.length > 0);
    if (!invoiceNow) {
      subscription.items.data = change.items;
      for (const line of change.lines) await keepPending(ctx, subscription, line);
    } else {
      const customer = await need(ctx, subscription.customer, 'customer');
      const method = await defaultMethodOf(ctx, customer, subscription.default_payment_method);
      const invoiceCoupon = couponOn(subscription, at);
      if (body.payment_behavior === 'error_if_incomplete')
        await refuseIfUnpaid(ctx, customer, method, {
          lines: [...(await ctx.ledger.pendingItems(customer, subscription)).map(pendingLine), ...change.lines],
          coupon: invoiceCoupon,
          taxRates: subscription.default_tax_rates ?? [],
        });
      subscription.items.data = change.items;
      if (change.resetAnchor) subscription.billing_cycle_anchor = now;
      const invoice = await ctx.ledger.invoice({
        customer,
        subscription,
        lines: change.lines,
        coupon: invoiceCoupon,
        taxRates: subscription.default_tax_rates ?? [],
        paymentMethod: method,
        reason: 'subscription_update',
      });
      subscription.latest_invoice = invoice.id;
      if (invoice.status !== 'paid') subscription.status = 'past_due';
    }
  }
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.updated', subscription, previous);
  return expand(ctx, subscription, body.expand);
}

export type ProrationBehaviour = 'create_prorations' | 'always_invoice' | 'none';

/**
 * The moment a change is prorated from: `proration_date` when given, which Stripe refuses outside the
 * current period ("Cannot specify proration date outside of current subscription period",
 * https://docs.stripe.com/api/subscriptions/update#update_subscription-proration_date); else now.
 */
export function prorationDateOf(items: Obj[], raw: unknown, now: number, param: string): number {
  const at = int(raw);
  if (at === undefined) return now;
  if (!Number.isInteger(at)) throw invalid('Invalid integer: proration_date', param);
  for (const item of items)
    if (at < item.current_period_start || at > item.current_period_end)
      throw invalid('Cannot specify proration date outside of current subscription period', param);
  return at;
}

/** What a change of a subscription's items makes: its items after the change and the lines to bill for it. */
export interface PlannedChange {
  items: Obj[];
  lines: Line[];
  /** The billing period changed (yearly ↔ monthly): the period starts again now, and is invoiced at once. */
  resetAnchor: boolean;
}

const intervalOf = (item: Obj) => `${item.price.recurring.interval}×${item.price.recurring.interval_count ?? 1}`;

/**
 * Applies `items[]` changes (an id with a new price or quantity, `deleted`, or a new price) to a copy of
 * the subscription's items, as Stripe prorates them (https://docs.stripe.com/billing/subscriptions/prorations):
 * each changed item gives an "Unused time on …" credit for the old price and quantity and a "Remaining time
 * on …" debit for the new, each the share of the period left after `at`, rounded to the cent on its own. A
 * change of interval resets the billing cycle anchor to now: the unused time of every old item is credited
 * and the new items are billed for a whole new period.
 */
export async function planChange(
  ctx: ApiContext,
  current: Obj[],
  changes: Record<string, string>[],
  options: { at: number; now: number; behaviour: ProrationBehaviour; param?: string },
): Promise<PlannedChange> {
  const param = options.param ?? 'items';
  const names = await productNames(ctx);
  const items: Obj[] = structuredClone(current);
  const pairs: { before: Obj | null; after: Obj | null }[] = [];
  for (const change of changes) {
    const existing = change.id ? items.find((item) => item.id === change.id) : null;
    if (change.id && !existing) throw missing('subscription item', change.id, `${param}[0][id]`);
    const before = existing ? structuredClone(existing) : null;
    if (existing && bool(change.deleted)) {
      items.splice(items.indexOf(existing), 1);
      pairs.push({ before, after: null });
      continue;
    }
    const target =
      existing ?? (await itemsFrom(ctx, [{ price: change.price, quantity: change.quantity }], options.now))[0]!;
    if (existing && change.price) target.price = await need(ctx, change.price, 'price', `${param}[0][price]`);
    if (change.quantity !== undefined) target.quantity = int(change.quantity, 1);
    if (!existing) {
      // A new item follows the subscription's period.
      const first = items[0];
      if (first) {
        target.current_period_start = first.current_period_start;
        target.current_period_end = first.current_period_end;
      }
      items.push(target);
    }
    pairs.push({ before, after: target });
  }
  const wasInterval = current[0] ? intervalOf(current[0]) : null;
  const resetAnchor = wasInterval !== null && items.some((item) => intervalOf(item) !== wasInterval);
  if (resetAnchor) {
    const credits =
      options.behaviour === 'none' ? [] : current.flatMap((item) => prorationLines(item, null, options.at, names));
    for (const item of items) {
      item.current_period_start = options.now;
      item.current_period_end = periodEnd(
        options.now,
        item.price.recurring.interval,
        item.price.recurring.interval_count ?? 1,
      );
    }
    return { items, lines: [...credits, ...linesOf(items, names)], resetAnchor };
  }
  const lines =
    options.behaviour === 'none'
      ? []
      : pairs.flatMap(({ before, after }) => prorationLines(before, after, options.at, names));
  return { items, lines, resetAnchor };
}

/** The share of the period [start, end] still to come at `at`, by the second, within [0, 1]. */
export function shareLeft(start: number, end: number, at: number): number {
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - at) / (end - start)));
}

const day = (at: number) =>
  new Date(at * 1000).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

const itemLabel = (item: Obj, names: Map<string, string>) =>
  `${item.quantity > 1 ? `${item.quantity} × ` : ''}${names.get(item.price.product) ?? item.price.product}`;

/**
 * Stripe's two proration lines for one item changed at `at`: the unused time of what it was (a credit) and
 * the remaining time of what it is (a debit), each rounded to the cent; none when nothing changed.
 */
export function prorationLines(before: Obj | null, after: Obj | null, at: number, names: Map<string, string>): Line[] {
  const period = before ?? after;
  if (!period) return [];
  if (
    before &&
    after &&
    before.price.id === after.price.id &&
    before.quantity === after.quantity &&
    before.price.unit_amount === after.price.unit_amount
  )
    return [];
  const end = period.current_period_end;
  const share = shareLeft(period.current_period_start, end, at);
  const lines: Line[] = [];
  if (before)
    lines.push({
      description: `Unused time on ${itemLabel(before, names)} after ${day(at)}`,
      amount: -Math.round(before.price.unit_amount * before.quantity * share) || 0,
      quantity: before.quantity,
      price: before.price,
      period: { start: at, end },
      proration: true,
    });
  if (after)
    lines.push({
      description: `Remaining time on ${itemLabel(after, names)} after ${day(at)}`,
      amount: Math.round(after.price.unit_amount * after.quantity * share),
      quantity: after.quantity,
      price: after.price,
      period: { start: at, end },
      proration: true,
    });
  return lines;
}

/** A proration kept for the subscription's next invoice (a pending invoice item, as Stripe keeps it). */
async function keepPending(ctx: ApiContext, subscription: Obj, line: Line): Promise<void> {
  await ctx.store.put<Obj>({
    id: newId('ii'),
    object: 'invoiceitem',
    customer: subscription.customer,
    subscription: subscription.id,
    invoice: null,
    amount: line.amount,
    currency: 'usd',
    description: line.description,
    quantity: line.quantity,
    period: line.period,
    proration: true,
    date: seconds(ctx.now()),
    discountable: true,
    livemode: false,
    metadata: {},
    test_clock: subscription.test_clock ?? null,
    pricing: { type: 'price_details', price_details: { price: line.price.id, product: line.price.product } },
    _price: line.price,
  });
}

/**
 * `payment_behavior: error_if_incomplete`: when the invoice these lines make could not be paid, Stripe
 * answers 402 and keeps neither the subscription nor its change nor the invoice
 * (https://docs.stripe.com/api/subscriptions/create#create_subscription-payment_behavior). The declined
 * attempt itself stays, as a failed payment intent and charge, as Stripe keeps every attempt on a card.
 */
export async function refuseIfUnpaid(
  ctx: ApiContext,
  customer: Obj,
  method: Obj | null,
  invoice: { lines: Line[]; coupon: Obj | null; taxRates: Obj[] },
): Promise<void> {
  const { total } = totalsOf(invoice.lines, invoice.coupon, invoice.taxRates);
  const due = amountDue(Number(customer.balance ?? 0), total);
  if (due <= 0) return;
  if (!method) throw invalid('This customer has no attached payment source or default payment method.');
  if ((method._behaviour ?? 'succeeds') === 'succeeds') return;
  // Records the failed attempt, then throws the card's error (402).
  await ctx.ledger.charge({
    customer: customer.id,
    paymentMethod: method,
    amount: due,
    description: invoice.lines.length === 1 ? invoice.lines[0]!.description : 'Subscription update',
  });
  throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
}

async function cancelSubscription(ctx: ApiContext, subscription: Obj): Promise<Obj> {
  if (subscription.status === 'canceled') throw invalid(`No such subscription: '${subscription.id}'`, 'id');
  const previous = structuredClone(subscription);
  const now = seconds(ctx.now());
  subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.deleted', subscription, previous);
  return subscription;
}
