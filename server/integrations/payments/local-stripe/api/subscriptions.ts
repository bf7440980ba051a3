// Subscriptions: created (with a trial, if asked), changed with prorations, canceled. What time does to
// them (renewals, trials ending, expiry, retries) is in renewals.ts.
import type Stripe from 'stripe';
import { CardError } from '../cards';
import {
  amountDue,
  discountsOn,
  keptDiscountsOf,
  pendingLine,
  periodEnd,
  previewDiscount,
  seconds,
  totalsOf,
  type AppliedDiscount,
  type Line,
  type Obj,
} from '../billing';
import { newId, type KeptDiscount, type StoredSubscription } from '../store';
import {
  bool,
  expand,
  int,
  invalid,
  listExpansions,
  listOf,
  missing,
  needStored,
  page,
  type ApiContext,
  type Route,
} from './common';
import { discountsFrom, productNames, type DiscountAsked } from './catalog';
import { taxRatesFrom } from './tax-rates';
import { defaultMethodOf } from './payment-methods';

type Item = Stripe.SubscriptionItem;
/** Items as given by callers that still read them loosely (the previews): the same objects, untyped. */
type Items = Item[] | Obj[];
const typed = (items: Items) => items as Item[];

export function subscriptionRoutes(route: Route, ctx: ApiContext): void {
  const find = (id: unknown) => needStored(ctx, String(id), 'subscription');
  route('post', '/v1/subscriptions', async (req) => createSubscription(ctx, req.body));
  route('get', '/v1/subscriptions/:id', async (req) => shown(ctx, await find(req.params.id), req.query.expand));
  route('get', '/v1/subscriptions', async (req) => {
    const status = String(req.query.status ?? '');
    const subscriptions = await ctx.store.list(
      'subscription',
      { customer: req.query.customer ? String(req.query.customer) : undefined },
      (s) =>
        status === 'all' || (status ? s.status === status : !['canceled', 'incomplete_expired'].includes(s.status)),
    );
    return page(
      await Promise.all(subscriptions.map((s) => shown(ctx, s, listExpansions(req.query.expand)))),
      req.path,
      req.query.limit ?? 100,
    );
  });
  route('post', '/v1/subscriptions/:id', async (req) => updateSubscription(ctx, await find(req.params.id), req.body));
  route('delete', '/v1/subscriptions/:id', async (req) => cancelSubscription(ctx, await find(req.params.id)));
}

/**
 * What Stripe shows of a subscription: the coupon kept for the invoices (`discount`, a field Stripe removed
 * in API 2025-03-31) stays inside; `discounts` lists the discount objects' ids.
 */
export function subscriptionView(subscription: StoredSubscription): Stripe.Subscription {
  const { discount: _, kept_discounts: __, ...view } = subscription;
  return view;
}

/** A subscription as an answer: Stripe's fields only, expanded along `expand`. */
const shown = async (ctx: ApiContext, subscription: StoredSubscription, paths: unknown) =>
  expand(ctx, subscriptionView(subscription), paths);

/** Records an event about a subscription, as Stripe's object (the previous state likewise). */
export const emitSubscription = (
  ctx: ApiContext,
  type: string,
  subscription: StoredSubscription,
  previous?: StoredSubscription,
) => ctx.emit(type, subscriptionView(subscription), previous && subscriptionView(previous));

/** The ledger (billing.ts) reads objects loosely: a typed object is handed over as one. */
export const loose = (object: object): Obj => object as unknown as Obj;

/** A recurring price's terms (a subscription item's price is always recurring: itemsFrom refuses others). */
export const recurringOf = (price: Stripe.Price): Stripe.Price.Recurring =>
  price.recurring ?? {
    interval: 'month',
    interval_count: 1,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };

/**
 * The plan Stripe still shows beside each item's price: the same recurring price under its older name
 * (https://docs.stripe.com/api/subscription_items/object#subscription_item_object-plan).
 */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = recurringOf(price);
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: price.livemode,
    metadata: price.metadata,
    meter: recurring.meter,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: price.tiers_mode,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: recurring.usage_type,
  };
}

/** A subscription item as Stripe makes it: no item-level discounts or trial offer of its own; its own tax rates when given. */
export function newItem(
  price: Stripe.Price,
  quantity: number,
  options: { subscription: string; start: number; metadata?: Stripe.Metadata; taxRates?: Obj[] },
): Item {
  const { interval, interval_count: count } = recurringOf(price);
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: options.start,
    current_period_start: options.start,
    current_period_end: periodEnd(options.start, interval, count),
    current_trial: null,
    discounts: [],
    metadata: options.metadata ?? {},
    plan: planOf(price),
    price,
    quantity,
    subscription: options.subscription,
    tax_rates: (options.taxRates ?? []) as unknown as Stripe.TaxRate[],
  };
}

/** A price for a subscription item, or Stripe's error for an unknown or one-time price. */
async function recurringPrice(ctx: ApiContext, id: unknown, param: string): Promise<Stripe.Price> {
  const price = await needStored(ctx, String(id ?? ''), 'price', param);
  if (!price.recurring)
    throw invalid(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  return price;
}

/** The items of `items[]` (a price, a quantity and perhaps tax rates each), their period starting at `start`. */
export async function itemsFrom(
  ctx: ApiContext,
  raw: unknown,
  start: number,
  subscription = '',
  param = 'items',
): Promise<Item[]> {
  const items: Item[] = [];
  for (const [index, item] of listOf<Record<string, any>>(raw).entries()) {
    const price = await recurringPrice(ctx, item.price, `${param}[${index}][price]`);
    const taxRates = await taxRatesFrom(ctx, item.tax_rates, `${param}[${index}][tax_rates]`);
    items.push(newItem(price, int(item.quantity, 1)!, { subscription, start, metadata: item.metadata, taxRates }));
  }
  return items;
}

const quantityOf = (item: Item) => item.quantity ?? 1;
const productOf = (price: Stripe.Price) => (typeof price.product === 'string' ? price.product : price.product.id);

export const linesOf = (items: Items, productNames: Map<string, string>): Line[] =>
  typed(items).map((item) => ({
    description: `${quantityOf(item)} × ${productNames.get(productOf(item.price)) ?? productOf(item.price)} (at $${((item.price.unit_amount ?? 0) / 100).toFixed(2)} / ${recurringOf(item.price).interval})`,
    amount: (item.price.unit_amount ?? 0) * quantityOf(item),
    quantity: quantityOf(item),
    price: loose(item.price),
    period: { start: item.current_period_start, end: item.current_period_end },
    taxRates: (item.tax_rates ?? []) as unknown as Obj[],
  }));

/** One-time prices added to a subscription's first invoice (`add_invoice_items`, or `invoice_items` of a preview). */
export async function oneTimeLines(ctx: ApiContext, raw: unknown, at: number, param: string): Promise<Line[]> {
  const names = await productNames(ctx);
  const lines: Line[] = [];
  for (const [index, item] of listOf<Record<string, any>>(raw).entries()) {
    const price = await needStored(ctx, String(item.price ?? ''), 'price', `${param}[${index}][price]`);
    if (price.recurring)
      throw invalid(
        `The price specified is set to \`type=recurring\` but this field only accepts prices with \`type=one_time\`.`,
        `${param}[0][price]`,
      );
    const quantity = int(item.quantity, 1)!;
    lines.push({
      description: `${quantity} × ${names.get(productOf(price)) ?? productOf(price)}`,
      amount: (price.unit_amount ?? 0) * quantity,
      quantity,
      price: loose(price),
      period: { start: at, end: at },
      // An invoice item's own tax rates (`add_invoice_items[][tax_rates]`); else the invoice's defaults.
      taxRates: (await taxRatesFrom(ctx, item.tax_rates, `${param}[${index}][tax_rates]`)) ?? [],
    });
  }
  return lines;
}

export async function createSubscription(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await needStored(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const start = seconds(ctx.now());
  const id = newId('sub');
  // Backdated (https://docs.stripe.com/billing/subscriptions/backdating): start_date is the past date, but
  // the billing cycle anchor and the first period start now; the first invoice bills the time since.
  const backdate = backdateOf(body, start);
  const items = await itemsFrom(ctx, body.items, start, id);
  if (!items.length) throw invalid('Missing required param: items.', 'items');
  const trialEnd = trialEndOf(body, start);
  // A trial is the first period: the items are billed from its end (https://docs.stripe.com/billing/subscriptions/trials).
  if (trialEnd) for (const item of items) item.current_period_end = trialEnd;
  const asked = (await discountsFrom(ctx, body, [])) ?? [];
  const taxRates = (await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates')) ?? [];
  const method = await defaultMethodOf(ctx, loose(customer), body.default_payment_method);
  const behaviour = body.payment_behavior ?? 'allow_incomplete';
  const names = await productNames(ctx);
  const lines = [
    ...(backdate !== null && body.proration_behavior !== 'none' ? backdatedLines(items, backdate, start, names) : []),
    ...trialLines(linesOf(items, names), trialEnd),
    ...(await oneTimeLines(ctx, body.add_invoice_items, start, 'add_invoice_items')),
  ];
  // A first invoice that cannot be paid: 402, and nothing kept but the declined attempt.
  if (behaviour === 'error_if_incomplete')
    await refuseIfUnpaid(ctx, loose(customer), method, {
      lines,
      discounts: asked.map((discount) => previewDiscount(discount.coupon)),
      taxRates,
    });
  const subscription: StoredSubscription = {
    ...SUBSCRIPTION_DEFAULTS,
    id,
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    created: start,
    start_date: backdate ?? start,
    billing_cycle_anchor: trialEnd ?? start,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: start },
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    metadata: body.metadata ?? {},
    description: body.description ?? null,
    discounts: [],
    discount: null,
    default_payment_method: body.default_payment_method ?? null,
    default_tax_rates: taxRates as unknown as Stripe.TaxRate[],
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: body.payment_settings?.save_default_payment_method ?? 'off',
    },
    trial_settings: {
      end_behavior: {
        billing_cycle_anchor: null,
        missing_payment_method: body.trial_settings?.end_behavior?.missing_payment_method ?? 'create_invoice',
      },
    },
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd ?? null,
    test_clock: customer.test_clock ?? null,
  };
  await keepDiscounts(ctx, subscription, asked);
  await ctx.store.put(subscription);
  const invoice = await ctx.ledger.invoice({
    customer: loose(customer),
    subscription: loose(subscription),
    lines,
    discounts: discountsOn(loose(subscription), start),
    taxRates,
    // default_incomplete: the first invoice is finalized but not charged; the subscription stays incomplete
    // until its payment is confirmed (invoices.pay), as Stripe does. Nothing due: paid at once, active.
    paymentMethod: behaviour === 'default_incomplete' ? null : method,
    reason: 'subscription_create',
  });
  subscription.status = invoice.status === 'paid' ? (trialEnd ? 'trialing' : 'active') : 'incomplete';
  subscription.latest_invoice = invoice.id;
  for (const discount of asked) await redeem(ctx, discount.coupon);
  await ctx.store.put(subscription);
  await emitSubscription(ctx, 'customer.subscription.created', subscription);
  return shown(ctx, subscription, body.expand);
}

/**
 * The fields of a subscription the card server never sets otherwise, as Stripe gives them to one created
 * by the API with none of their options (https://docs.stripe.com/api/subscriptions/object): charged
 * automatically in dollars, no Connect, no schedule, no pause, no thresholds, no pending update.
 */
const SUBSCRIPTION_DEFAULTS = {
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor_config: null,
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
  collection_method: 'charge_automatically',
  currency: 'usd',
  customer_account: null,
  days_until_due: null,
  default_source: null,
  ended_at: null,
  invoice_settings: {
    account_tax_ids: null,
    custom_fields: null,
    description: null,
    footer: null,
    issuer: { type: 'self' },
  },
  latest_invoice: null,
  livemode: false,
  managed_payments: null,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  transfer_data: null,
} satisfies Partial<Stripe.Subscription>;

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
export function backdatedLines(items: Item[], backdate: number, now: number, names: Map<string, string>): Line[] {
  return items.flatMap((item) => {
    const { interval, interval_count: count } = recurringOf(item.price);
    const lines: Line[] = [];
    for (let n = 0, from = backdate; from < now; n += 1) {
      const to = periodEnd(backdate, interval, count * (n + 1));
      const end = Math.min(to, now);
      lines.push({
        description: `${itemLabel(item, names)} from ${day(from)} until ${day(end)}`,
        amount: Math.round(((item.price.unit_amount ?? 0) * quantityOf(item) * (end - from)) / (to - from)),
        quantity: quantityOf(item),
        price: loose(item.price),
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

/**
 * The subscription's discounts become those asked for, in their order: an existing one stays as it is (its
 * start too), a coupon makes a new discount object. `discounts` lists their ids (expandable, `source.coupon`
 * the coupon); the private `kept_discounts` keep the coupons for the invoices (billing.ts `discountsOn`).
 */
async function keepDiscounts(ctx: ApiContext, subscription: StoredSubscription, asked: DiscountAsked[]): Promise<void> {
  const before = keptDiscountsOf(loose(subscription)) as unknown as KeptDiscount[];
  const kept: KeptDiscount[] = [];
  for (const discount of asked)
    kept.push(
      before.find((old) => old.id === discount.existing) ?? (await newDiscount(ctx, subscription, discount.coupon)),
    );
  subscription.kept_discounts = kept;
  subscription.discount = kept[0] ?? null;
  subscription.discounts = kept.map((discount) => discount.id);
}

async function newDiscount(ctx: ApiContext, subscription: StoredSubscription, coupon: Obj): Promise<KeptDiscount> {
  const discount = await ctx.store.put<Stripe.Discount>({
    id: newId('di'),
    object: 'discount',
    source: { type: 'coupon', coupon: coupon.id },
    start: seconds(ctx.now()),
    end: null,
    subscription: subscription.id,
    customer: subscription.customer,
    customer_account: null,
    checkout_session: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    subscription_item: null,
  });
  return { id: discount.id, object: 'discount', coupon: coupon as unknown as Stripe.Coupon, start: discount.start };
}

async function redeem(ctx: ApiContext, coupon: Obj): Promise<void> {
  const stored = await ctx.store.get(coupon.id, 'coupon');
  if (stored) {
    stored.times_redeemed += 1;
    await ctx.store.put(stored);
  }
}

async function updateSubscription(
  ctx: ApiContext,
  subscription: StoredSubscription,
  body: Record<string, any>,
): Promise<Obj> {
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
  // The rates the items had before this update, for the credit of their unused time.
  const previousDefaults = (subscription.default_tax_rates ?? []) as unknown as Obj[];
  const taxRates = await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates');
  if (taxRates) subscription.default_tax_rates = taxRates as unknown as Stripe.TaxRate[];
  const asked = await discountsFrom(ctx, body, keptDiscountsOf(loose(subscription)));
  if (asked) await keepDiscounts(ctx, subscription, asked);
  if (body.items !== undefined) {
    const now = seconds(ctx.now());
    const at = prorationDateOf(subscription.items.data, body.proration_date, now, 'proration_date');
    const behaviour: ProrationBehaviour = body.proration_behavior ?? 'create_prorations';
    const change = await planChange(ctx, subscription.items.data, listOf(body.items), {
      at,
      now,
      behaviour,
      previousDefaults,
    });
    // Stripe invoices a change of billing period at once, whatever the proration behaviour
    // (https://docs.stripe.com/billing/subscriptions/billing-cycle#changing); always_invoice invoices every line.
    const invoiceNow = change.resetAnchor || (behaviour === 'always_invoice' && change.lines.length > 0);
    if (!invoiceNow) {
      subscription.items.data = typed(change.items);
      for (const line of change.lines) await keepPending(ctx, subscription, line);
    } else {
      const customer = loose(await needStored(ctx, customerIdOf(subscription), 'customer'));
      const method = await defaultMethodOf(ctx, customer, idOf(subscription.default_payment_method));
      const invoiceDiscounts = discountsOn(loose(subscription), at);
      if (body.payment_behavior === 'error_if_incomplete')
        await refuseIfUnpaid(ctx, customer, method, {
          lines: [...(await ctx.ledger.pendingItems(customer, loose(subscription))).map(pendingLine), ...change.lines],
          discounts: invoiceDiscounts,
          taxRates: (subscription.default_tax_rates ?? []) as unknown as Obj[],
        });
      subscription.items.data = typed(change.items);
      if (change.resetAnchor) subscription.billing_cycle_anchor = now;
      const invoice = await ctx.ledger.invoice({
        customer,
        subscription: loose(subscription),
        lines: change.lines,
        discounts: invoiceDiscounts,
        taxRates: (subscription.default_tax_rates ?? []) as unknown as Obj[],
        paymentMethod: method,
        reason: 'subscription_update',
      });
      subscription.latest_invoice = invoice.id;
      if (invoice.status !== 'paid') subscription.status = 'past_due';
    }
  }
  await ctx.store.put(subscription);
  await emitSubscription(ctx, 'customer.subscription.updated', subscription, previous);
  return shown(ctx, subscription, body.expand);
}

/** The id of an expandable field (stored unexpanded, as Stripe returns it). */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

export const customerIdOf = (subscription: Stripe.Subscription): string => idOf(subscription.customer)!;

export type ProrationBehaviour = 'create_prorations' | 'always_invoice' | 'none';

/**
 * The moment a change is prorated from: `proration_date` when given, which Stripe refuses outside the
 * current period ("Cannot specify proration date outside of current subscription period",
 * https://docs.stripe.com/api/subscriptions/update#update_subscription-proration_date); else now.
 */
export function prorationDateOf(items: Items, raw: unknown, now: number, param: string): number {
  const at = int(raw);
  if (at === undefined) return now;
  if (!Number.isInteger(at)) throw invalid('Invalid integer: proration_date', param);
  for (const item of typed(items))
    if (at < item.current_period_start || at > item.current_period_end)
      throw invalid('Cannot specify proration date outside of current subscription period', param);
  return at;
}

/** What a change of a subscription's items makes: its items after the change and the lines to bill for it. */
export interface PlannedChange {
  /** Typed subscription items, handed out loosely (as `Obj`) to the previews' code. */
  items: Obj[];
  lines: Line[];
  /** The billing period changed (yearly ↔ monthly): the period starts again now, and is invoiced at once. */
  resetAnchor: boolean;
}

const intervalOf = (item: Item) => `${recurringOf(item.price).interval}×${recurringOf(item.price).interval_count}`;

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
  given: Items,
  changes: Record<string, any>[],
  options: {
    at: number;
    now: number;
    behaviour: ProrationBehaviour;
    param?: string;
    /** The subscription's default tax rates before the change: an item without its own was taxed at these. */
    previousDefaults?: Obj[];
  },
): Promise<PlannedChange> {
  const current = typed(given);
  const param = options.param ?? 'items';
  const names = await productNames(ctx);
  const items: Item[] = structuredClone(current);
  const pairs: { before: Item | null; after: Item | null }[] = [];
  for (const [index, change] of changes.entries()) {
    const existing = change.id ? items.find((item) => item.id === change.id) : null;
    if (change.id && !existing) throw missing('subscription item', change.id, `${param}[${index}][id]`);
    const before = existing ? structuredClone(existing) : null;
    if (existing && bool(change.deleted)) {
      items.splice(items.indexOf(existing), 1);
      pairs.push({ before, after: null });
      continue;
    }
    const subscription = current[0]?.subscription ?? '';
    const target =
      existing ??
      (
        await itemsFrom(
          ctx,
          [{ price: change.price, quantity: change.quantity, tax_rates: change.tax_rates }],
          options.now,
          subscription,
          param,
        )
      )[0]!;
    if (existing && change.price) {
      target.price = await recurringPrice(ctx, change.price, `${param}[${index}][price]`);
      target.plan = planOf(target.price);
    }
    if (change.quantity !== undefined) target.quantity = int(change.quantity, 1)!;
    // New tax rates on an item: its next invoices are taxed at them; they make no proration of their own.
    if (existing && change.tax_rates !== undefined) {
      const rates = await taxRatesFrom(ctx, change.tax_rates, `${param}[${index}][tax_rates]`);
      target.tax_rates = (rates ?? []) as unknown as Stripe.TaxRate[];
    }
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
      options.behaviour === 'none'
        ? []
        : current.flatMap((item) => prorationLines(item, null, options.at, names, options.previousDefaults));
    for (const item of items) {
      item.current_period_start = options.now;
      item.current_period_end = periodEnd(
        options.now,
        recurringOf(item.price).interval,
        recurringOf(item.price).interval_count,
      );
    }
    return { items: items.map(loose), lines: [...credits, ...linesOf(items, names)], resetAnchor };
  }
  const lines =
    options.behaviour === 'none'
      ? []
      : pairs.flatMap(({ before, after }) =>
          prorationLines(before, after, options.at, names, options.previousDefaults),
        );
  return { items: items.map(loose), lines, resetAnchor };
}

/** The share of the period [start, end] still to come at `at`, by the second, within [0, 1]. */
export function shareLeft(start: number, end: number, at: number): number {
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - at) / (end - start)));
}

const day = (at: number) =>
  new Date(at * 1000).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

const itemLabel = (item: Item, names: Map<string, string>) =>
  `${quantityOf(item) > 1 ? `${quantityOf(item)} × ` : ''}${names.get(productOf(item.price)) ?? productOf(item.price)}`;

/**
 * Stripe's two proration lines for one item changed at `at`: the unused time of what it was (a credit) and
 * the remaining time of what it is (a debit), each rounded to the cent; none when nothing changed.
 */
export function prorationLines(
  before: Item | null,
  after: Item | null,
  at: number,
  names: Map<string, string>,
  previousDefaults: Obj[] = [],
): Line[] {
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
      amount: -Math.round((before.price.unit_amount ?? 0) * quantityOf(before) * share) || 0,
      quantity: quantityOf(before),
      price: loose(before.price),
      period: { start: at, end },
      proration: true,
      // The credit is taxed as the time was: at the item's rates then, or the subscription's defaults then.
      taxRates: before.tax_rates?.length ? (before.tax_rates as unknown as Obj[]) : previousDefaults,
    });
  if (after)
    lines.push({
      description: `Remaining time on ${itemLabel(after, names)} after ${day(at)}`,
      amount: Math.round((after.price.unit_amount ?? 0) * quantityOf(after) * share),
      quantity: quantityOf(after),
      price: loose(after.price),
      period: { start: at, end },
      proration: true,
      taxRates: (after.tax_rates ?? []) as unknown as Obj[],
    });
  return lines;
}

/** A proration kept for the subscription's next invoice (a pending invoice item, as Stripe keeps it). */
async function keepPending(ctx: ApiContext, subscription: StoredSubscription, line: Line): Promise<void> {
  await ctx.store.put<Obj>({
    id: newId('ii'),
    object: 'invoiceitem',
    customer: customerIdOf(subscription),
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
    tax_rates: line.taxRates ?? [],
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
  invoice: { lines: Line[]; discounts: AppliedDiscount[]; taxRates: Obj[] },
): Promise<void> {
  const { total } = totalsOf(invoice.lines, invoice.discounts, invoice.taxRates);
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

/**
 * Cancels at once; the reason is `cancellation_requested`, as for a cancellation asked through the API
 * (https://docs.stripe.com/api/subscriptions/object#subscription_object-cancellation_details-reason).
 */
async function cancelSubscription(ctx: ApiContext, subscription: StoredSubscription): Promise<Stripe.Subscription> {
  if (subscription.status === 'canceled') throw invalid(`No such subscription: '${subscription.id}'`, 'id');
  const previous = structuredClone(subscription);
  const now = seconds(ctx.now());
  subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  subscription.cancellation_details = {
    comment: subscription.cancellation_details?.comment ?? null,
    feedback: subscription.cancellation_details?.feedback ?? null,
    feedback_option: subscription.cancellation_details?.feedback_option ?? null,
    reason: 'cancellation_requested',
  };
  await ctx.store.put(subscription);
  await emitSubscription(ctx, 'customer.subscription.deleted', subscription, previous);
  return subscriptionView(subscription);
}
