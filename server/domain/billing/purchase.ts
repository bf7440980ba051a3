// The purchase path, once for every form that sells a subscription (the membership form in its modes,
// /zpm-signup): subscribe, change a subscription, pay on the card processor's hosted page or save a card
// there, and re-tax the account's subscriptions when its billing address changes. The forms say what is
// bought (an `Order`) in catalog terms; the card processor's parameters stay in the gateway.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ChangeLine, InvoicePreview, PaymentsGateway, PurchaseLine } from '../../integrations/payments';
import type { SalesTax } from '../../integrations/tax';
import { priceIdsByLookupKey } from './catalog-sync';
import { LIVE_STATUSES } from './derive';
import { syncCustomer } from './mirror';
import type { CurrentItem, ItemChange } from './plans';
import { salesTaxPlan, taxRatesOf, type SalesTaxPlan, type TaxedItem } from './sales-tax';

export interface PurchaseDeps {
  db: Knex;
  payments: PaymentsGateway;
  tax: SalesTax;
}

/** What a form buys: a new subscription's items (and one-time setup help), or changes to a subscription's items. */
export type Order =
  | {
      kind: 'new';
      items: TaxedItem[];
      /** One-time prices paid on the first invoice (lookup keys). */
      oneTime: string[];
      metadata: Record<string, string>;
    }
  | {
      kind: 'change';
      subscriptionId: string;
      /** The subscription's items now, as the mirror holds them. */
      currentItems: CurrentItem[];
      changes: ItemChange[];
      metadata?: Record<string, string>;
    };

/** How an order is paid: the customer, the coupons to apply, the sales tax worked out for it, the proration date of a change. */
export interface Payment {
  customerId: string;
  couponIds: string[];
  tax: SalesTaxPlan;
  /** A change's proration moment (unix seconds), the same for its preview and its charge. */
  prorationDate?: number;
  /** The card to charge (null: the one on file). */
  cardId?: string | null;
}

/**
 * Every line the order leaves to pay for, in catalog terms: a new subscription's items and its one-time
 * help; after a change, every item the subscription keeps, at its new price and quantity. This is what is
 * taxed: the whole subscription, not only what the change adds.
 */
export function linesAfter(order: Order): TaxedItem[] {
  if (order.kind === 'new') return [...order.items, ...order.oneTime.map((lookupKey) => ({ lookupKey, quantity: 1 }))];
  const kept: TaxedItem[] = [];
  for (const item of order.currentItems) {
    const change = order.changes.find((c) => c.itemId === item.id);
    if (change?.deleted) continue;
    const lookupKey = change?.lookupKey ?? item.lookupKey;
    if (lookupKey) kept.push({ lookupKey, quantity: change?.quantity ?? item.quantity });
  }
  for (const change of order.changes)
    if (!change.itemId && change.lookupKey && !change.deleted)
      kept.push({ lookupKey: change.lookupKey, quantity: change.quantity ?? 1 });
  return kept;
}

/** The sales tax of an order at a billing address (spec 3 §5): each line at its category's rate. */
export async function salesTaxOf(
  deps: Pick<PurchaseDeps, 'payments' | 'tax'>,
  order: Order,
  address: { postalCode: string; state: string },
  accountId: number,
): Promise<SalesTaxPlan> {
  return salesTaxPlan(deps, { items: linesAfter(order), accountId, ...address });
}

async function pricesOf(db: Knex, keys: string[]): Promise<Map<string, string>> {
  const prices = await priceIdsByLookupKey(db);
  for (const key of keys) if (!prices.has(key)) throw new Error(`the catalog price ${key} is not synced`);
  return prices;
}

const newLines = (order: Extract<Order, { kind: 'new' }>, prices: Map<string, string>, tax: SalesTaxPlan) => ({
  lines: order.items.map(
    (item): PurchaseLine => ({
      priceId: prices.get(item.lookupKey)!,
      quantity: item.quantity,
      taxRateIds: taxRatesOf(tax, item.lookupKey),
    }),
  ),
  oneTime: order.oneTime.map(
    (key): PurchaseLine => ({ priceId: prices.get(key)!, quantity: 1, taxRateIds: taxRatesOf(tax, key) }),
  ),
});

/**
 * A change in the card processor's terms: each changed item at its new price and quantity, and every item
 * the subscription keeps given the tax rates of its category at the address (re-taxing the whole
 * subscription: an item untouched by the change is re-taxed too).
 */
function changeLines(order: Extract<Order, { kind: 'change' }>, prices: Map<string, string>, tax: SalesTaxPlan) {
  const lines: ChangeLine[] = order.changes.map((change) => {
    const current = change.itemId ? order.currentItems.find((item) => item.id === change.itemId) : undefined;
    const lookupKey = change.lookupKey ?? current?.lookupKey ?? null;
    return {
      ...(change.itemId ? { itemId: change.itemId } : {}),
      ...(change.lookupKey ? { priceId: prices.get(change.lookupKey)! } : {}),
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      ...(change.deleted ? { deleted: true } : { taxRateIds: lookupKey ? taxRatesOf(tax, lookupKey) : [] }),
    };
  });
  for (const item of order.currentItems) {
    if (order.changes.some((change) => change.itemId === item.id)) continue;
    lines.push({ itemId: item.id, taxRateIds: item.lookupKey ? taxRatesOf(tax, item.lookupKey) : [] });
  }
  return lines;
}

const keysOf = (order: Order) =>
  order.kind === 'new'
    ? [...order.items.map((item) => item.lookupKey), ...order.oneTime]
    : order.changes.flatMap((change) => (change.lookupKey ? [change.lookupKey] : []));

/** What the order charges today, as the card processor works it out: a new subscription's first invoice, or a change's proration. */
export async function previewOrder(deps: PurchaseDeps, order: Order, payment: Payment): Promise<InvoicePreview> {
  const prices = await pricesOf(deps.db, keysOf(order));
  if (order.kind === 'new')
    return deps.payments.previewSubscribe({
      customerId: payment.customerId,
      couponIds: payment.couponIds,
      ...newLines(order, prices, payment.tax),
    });
  return deps.payments.previewChange({
    customerId: payment.customerId,
    subscriptionId: order.subscriptionId,
    changes: changeLines(order, prices, payment.tax),
    prorationDate: payment.prorationDate ?? Math.floor(Date.now() / 1000),
    couponIds: payment.couponIds,
  });
}

/**
 * Pays for the order with a card: a new subscription whose first invoice is paid now (a declined card leaves
 * nothing live), or the change charged at once at the preview's proration date (a declined card leaves the
 * subscription as it was). Every call is keyed by `key`, so a retry replays rather than charging again.
 */
export async function payOrder(deps: PurchaseDeps, order: Order, payment: Payment, key: string): Promise<void> {
  const prices = await pricesOf(deps.db, keysOf(order));
  if (order.kind === 'new') {
    await deps.payments.subscribe(
      {
        customerId: payment.customerId,
        couponIds: payment.couponIds,
        cardId: payment.cardId ?? null,
        metadata: order.metadata,
        ...newLines(order, prices, payment.tax),
      },
      `${key}-subscribe`,
    );
    return;
  }
  if (payment.cardId) await deps.payments.setSubscriptionCard(order.subscriptionId, payment.cardId, `${key}-card`);
  await deps.payments.changeItems(
    {
      subscriptionId: order.subscriptionId,
      changes: changeLines(order, prices, payment.tax),
      prorationDate: payment.prorationDate ?? Math.floor(Date.now() / 1000),
      couponIds: payment.couponIds,
      metadata: order.metadata,
    },
    `${key}-change`,
  );
}

/** A new subscription paid on the card processor's hosted page (no card on file is used): the page's address. */
export async function payOrderOnHostedPage(
  deps: PurchaseDeps,
  order: Extract<Order, { kind: 'new' }>,
  payment: Payment & { successUrl: string; cancelUrl: string },
  key: string,
): Promise<string> {
  const prices = await pricesOf(deps.db, keysOf(order));
  const session = await deps.payments.subscriptionCheckout(
    {
      customerId: payment.customerId,
      couponIds: payment.couponIds,
      metadata: order.metadata,
      successUrl: payment.successUrl,
      cancelUrl: payment.cancelUrl,
      ...newLines(order, prices, payment.tax),
    },
    `${key}-checkout`,
  );
  return session.url;
}

/** The card processor's hosted page to save a card (setup mode), back to `successUrl` with `{CHECKOUT_SESSION_ID}`. */
export async function saveCardOnHostedPage(
  deps: Pick<PurchaseDeps, 'payments'>,
  input: { customerId: string; successUrl: string; cancelUrl: string },
  key: string,
): Promise<string> {
  return (await deps.payments.cardCheckout(input, key)).url;
}

/** Back from the hosted page (a card saved, or a subscription paid): mirrored when the session is this account's and complete; answers the card saved there (null: none). */
export async function hostedPageDone(
  deps: Pick<PurchaseDeps, 'db' | 'payments'>,
  accountId: number,
  sessionId: string,
  log?: Logger,
): Promise<string | null> {
  const session = /^cs_[A-Za-z0-9_]+$/.test(sessionId) ? await deps.payments.retrieveCheckoutSession(sessionId) : null;
  const customerId = typeof session?.customer === 'string' ? session.customer : (session?.customer?.id ?? null);
  const owned = customerId
    ? await deps.db('billing_customers').where({ id: customerId, account_id: accountId }).first('id')
    : null;
  if (!owned || session?.status !== 'complete') return null;
  await syncCustomer(deps.db, deps.payments, customerId!, log);
  // The card saved there, which the pay step then chooses (issue [18] item 9).
  const method =
    session.setup_intent && typeof session.setup_intent === 'object' ? session.setup_intent.payment_method : null;
  return (typeof method === 'string' ? method : method?.id) ?? null;
}

/**
 * A new subscription paid on the hosted page (`payOrderOnHostedPage`), once the card processor sends the
 * buyer back: mirrored, with the metadata the order gave it and the coupons it used. Null when the session
 * is unknown, not complete, or another account's.
 */
export async function paidOnHostedPage(
  deps: Pick<PurchaseDeps, 'db' | 'payments'>,
  accountId: number,
  sessionId: string,
  log?: Logger,
): Promise<{ metadata: Record<string, string>; couponIds: string[] } | null> {
  const session = /^cs_[A-Za-z0-9_]+$/.test(sessionId) ? await deps.payments.retrieveCheckoutSession(sessionId) : null;
  const customerId = typeof session?.customer === 'string' ? session.customer : (session?.customer?.id ?? null);
  if (!session || !customerId || session.status !== 'complete') return null;
  if (!(await deps.db('billing_customers').where({ id: customerId, account_id: accountId }).first('id'))) return null;
  await syncCustomer(deps.db, deps.payments, customerId, log);
  const couponIds = (session.discounts ?? []).flatMap((discount) => {
    const coupon = discount.coupon;
    const id = typeof coupon === 'string' ? coupon : (coupon?.id ?? null);
    return id ? [id] : [];
  });
  return { metadata: (session.metadata ?? {}) as Record<string, string>, couponIds };
}

/**
 * A new billing address re-taxes the customer's live subscriptions: every item gets its category's rate at
 * the new address from the next invoice on (what was paid stays as it was). Answers how many were re-taxed.
 */
export async function retaxCustomer(
  deps: PurchaseDeps,
  input: { customerId: string; accountId: number; postalCode: string; state: string },
): Promise<number> {
  const subscriptions = await deps
    .db('billing_subscriptions')
    .where({ customer_id: input.customerId })
    .whereIn('status', LIVE_STATUSES as unknown as string[])
    .select('id');
  let count = 0;
  for (const { id } of subscriptions) {
    const items: CurrentItem[] = (
      await deps.db('billing_subscription_items').where({ subscription_id: id }).orderBy('id')
    ).map((row) => ({ id: row.id, lookupKey: row.lookup_key, quantity: row.quantity }));
    if (!items.length) continue;
    const tax = await salesTaxPlan(deps, {
      items: items.flatMap((item) => (item.lookupKey ? [{ lookupKey: item.lookupKey, quantity: item.quantity }] : [])),
      postalCode: input.postalCode,
      state: input.state,
      accountId: input.accountId,
    });
    const rates = items.map((item) => ({
      itemId: item.id,
      taxRateIds: item.lookupKey ? taxRatesOf(tax, item.lookupKey) : [],
    }));
    // A key of its own each time: setting the same rates twice changes nothing, whereas a key made of the
    // rates would replay an old answer after a move away and back (TX, then NY, then TX again).
    await deps.payments.retaxItems(id, rates, `retax-${id}-${crypto.randomUUID()}`);
    count += 1;
  }
  if (count) await syncCustomer(deps.db, deps.payments, input.customerId);
  return count;
}
