// Subscriptions: created (with a trial, if asked), changed with prorations, canceled. What time does to
// them (renewals, trials ending, expiry, retries) is in renewals.ts.
import { CardError } from '../cards';
import { periodEnd, seconds, type Line, type Obj } from '../billing';
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
  const start = int(body.backdate_start_date) ?? seconds(ctx.now());
  const items = await itemsFrom(ctx, body.items, start);
  if (!items.length) throw invalid('Missing required param: items.', 'items');
  const trialEnd = trialEndOf(body, start);
  // A trial is the first period: the items are billed from its end (https://docs.stripe.com/billing/subscriptions/trials).
  if (trialEnd) for (const item of items) item.current_period_end = trialEnd;
  const coupon = await couponFrom(ctx, body);
  const taxRates = (await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates')) ?? [];
  const method = await defaultMethodOf(ctx, customer, body.default_payment_method);
  const behaviour = body.payment_behavior ?? 'allow_incomplete';
  const subscription: Obj = {
    id: newId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    created: start,
    start_date: start,
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
  const extras = await oneTimeLines(ctx, body.add_invoice_items, start, 'add_invoice_items');
  const invoice = await ctx.ledger.invoice({
    customer,
    subscription,
    lines: [...trialLines(linesOf(items, await productNames(ctx)), trialEnd), ...extras],
    coupon,
    taxRates,
    paymentMethod: method,
    reason: 'subscription_create',
  });
  if (invoice.status !== 'paid' && behaviour === 'error_if_incomplete') {
    invoice.status = 'void';
    await ctx.store.put(invoice);
    await ctx.store.put({ ...subscription, status: 'incomplete_expired', ended_at: seconds(ctx.now()) });
    throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
  }
  subscription.status = invoice.status === 'paid' ? (trialEnd ? 'trialing' : 'active') : 'incomplete';
  subscription.latest_invoice = invoice.id;
  if (coupon) await redeem(ctx, coupon);
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.created', subscription);
  return expand(ctx, subscription, body.expand);
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
  const prorations: Line[] = [];
  if (body.items !== undefined) {
    const now = seconds(ctx.now());
    const names = await productNames(ctx);
    for (const change of listOf<Record<string, string>>(body.items)) {
      const existing = change.id ? subscription.items.data.find((item: Obj) => item.id === change.id) : null;
      if (change.id && !existing) throw missing('subscription item', change.id, 'items[0][id]');
      const before = existing ? existing.price.unit_amount * existing.quantity : 0;
      if (existing && bool(change.deleted)) {
        subscription.items.data = subscription.items.data.filter((item: Obj) => item.id !== existing.id);
        prorations.push(prorationLine(existing, -before, now, names));
        continue;
      }
      const target = existing ?? (await itemsFrom(ctx, [{ price: change.price, quantity: change.quantity }], now))[0]!;
      if (existing && change.price) target.price = await need(ctx, change.price, 'price', 'items[0][price]');
      if (change.quantity !== undefined) target.quantity = int(change.quantity, 1);
      if (!existing) {
        // A new item follows the subscription's period.
        const first = subscription.items.data[0];
        if (first) {
          target.current_period_start = first.current_period_start;
          target.current_period_end = first.current_period_end;
        }
        subscription.items.data.push(target);
      }
      const after = target.price.unit_amount * target.quantity;
      if (after !== before) prorations.push(prorationLine(target, after - before, now, names));
    }
    const behaviour = body.proration_behavior ?? 'create_prorations';
    const owed = prorations.filter((line) => line.amount > 0);
    if (behaviour === 'always_invoice' && owed.length) {
      const customer = await need(ctx, subscription.customer, 'customer');
      const invoice = await ctx.ledger.invoice({
        customer,
        subscription,
        lines: owed,
        coupon: subscription.discount?.coupon ?? null,
        taxRates: subscription.default_tax_rates ?? [],
        paymentMethod: await defaultMethodOf(ctx, customer, subscription.default_payment_method),
        reason: 'subscription_update',
      });
      subscription.latest_invoice = invoice.id;
      if (invoice.status !== 'paid' && body.payment_behavior === 'error_if_incomplete') {
        await ctx.store.put(previous);
        throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
      }
      if (invoice.status !== 'paid') subscription.status = 'past_due';
    }
  }
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.updated', subscription, previous);
  return expand(ctx, subscription, body.expand);
}

/** The share of the rest of the period that a change of `amount` costs (Stripe prorates by the second). */
export function prorationLine(item: Obj, amount: number, now: number, names: Map<string, string>): Line {
  const { current_period_start: start, current_period_end: end } = item;
  const share = end > start ? Math.max(0, end - now) / (end - start) : 1;
  const prorated = Math.round(amount * share);
  const name = names.get(item.price.product) ?? item.price.product;
  return {
    description: `${prorated >= 0 ? 'Remaining' : 'Unused'} time on ${name} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
    amount: prorated,
    quantity: item.quantity,
    price: item.price,
    period: { start: now, end },
    proration: true,
  };
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
