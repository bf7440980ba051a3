// The local card server's state, in PostgreSQL (schema local_stripe), so that the demo's customers and
// subscriptions outlive a restart just as they would on Stripe. The schema belongs to the local server,
// not to the portal's migrations: a portal pointed at Stripe never has it (server/integrations/local-state.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { installLocalState, LOCAL_TABLES } from '../../local-state';

/** Any object the card server keeps: Stripe's id and `object` name. */
export interface StoredObject {
  id: string;
  object: string;
}

/** A stored object whose type is not in StoredObjects (yet), or an event: any fields. */
export type StripeObject = StoredObject & Record<string, unknown>;

/** What the card server keeps on a payment method beyond Stripe's shape: how its test card behaves (cards.ts). */
export type StoredPaymentMethod = Stripe.PaymentMethod & { _behaviour?: 'succeeds' | 'declined' | 'declines-charges' };

/** A discount kept on a subscription: its id, the coupon it applies and its start. */
export type KeptDiscount = { id: string; object: 'discount'; coupon: Stripe.Coupon; start: number };

/**
 * What the card server keeps on a subscription beyond Stripe's shape: its discounts, in the order they
 * apply, each with its coupon and start, which the invoices and previews read (billing.ts `discountsOn`);
 * `discount` is the first (a subscription stored before there could be several has only that). Stripe
 * removed `subscription.discount` in API 2025-03-31; both are stripped on output (subscriptions.ts
 * `subscriptionView`).
 */
export type StoredSubscription = Stripe.Subscription & {
  discount?: KeptDiscount | null;
  kept_discounts?: KeptDiscount[];
};

/** A checkout session with what its hosted page needs (its items and tax rates), stripped on output. */
export type StoredCheckoutSession = Stripe.Checkout.Session & {
  line_items_data: { price: string; quantity: number; tax_rates?: string[] }[];
  tax_rates_data: string[];
};

/**
 * The stored objects typed by their `object` name, as the stripe SDK describes them (API version
 * 2026-10-28): get, list and withStatus answer these types for these names. Expandable fields hold ids,
 * as Stripe returns them unexpanded.
 */
export interface StoredObjects {
  customer: Stripe.Customer;
  customer_balance_transaction: Stripe.CustomerBalanceTransaction;
  payment_method: StoredPaymentMethod;
  setup_intent: Stripe.SetupIntent;
  product: Stripe.Product;
  price: Stripe.Price;
  coupon: Stripe.Coupon;
  promotion_code: Stripe.PromotionCode;
  tax_rate: Stripe.TaxRate;
  payment_intent: Stripe.PaymentIntent;
  charge: Stripe.Charge;
  refund: Stripe.Refund;
  invoice: Stripe.Invoice;
  subscription: StoredSubscription;
  discount: Stripe.Discount;
  'checkout.session': StoredCheckoutSession;
  'test_helpers.test_clock': Stripe.TestHelpers.TestClock;
}

export type StoredType = keyof StoredObjects;

const OBJECTS = LOCAL_TABLES.cardObjects;
const IDEMPOTENCY = LOCAL_TABLES.cardIdempotency;
const EVENTS = LOCAL_TABLES.cardEvents;

/** The card server's schema and tables, where missing (their definition is with every stand-in's, in local-state.ts). */
export const installSchema = (db: Knex): Promise<void> => installLocalState(db, 'cardServer');

/** Stripe-like ids: a prefix and 24 random characters. */
export const newId = (prefix: string) =>
  `${prefix}_${crypto.randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24).padEnd(24, '0')}`;

/** The transaction of the request being answered, and what waits for its commit. */
const requestTransaction = new AsyncLocalStorage<{ trx: Knex.Transaction; afterCommit: (() => void)[] }>();

export class LocalStore {
  constructor(private readonly pool: Knex) {}

  /** Inside `atomically`, its transaction; otherwise the pool. */
  private get db(): Knex {
    return requestTransaction.getStore()?.trx ?? this.pool;
  }

  /** Runs `work` all or nothing (within a piece of work already atomic, as part of it). */
  async atomically<T>(work: () => Promise<T>): Promise<T> {
    if (requestTransaction.getStore()) return work();
    const afterCommit: (() => void)[] = [];
    const result = await this.pool.transaction((trx) => requestTransaction.run({ trx, afterCommit }, work));
    for (const then of afterCommit) then();
    return result;
  }

  /** Runs `then` once the current piece of work is committed (at once outside one). */
  afterCommit(then: () => void): void {
    const current = requestTransaction.getStore();
    if (current) current.afterCommit.push(then);
    else then();
  }

  /** The object of that id, or null (also when it is of another type). */
  async get<K extends StoredType>(id: string, type: K): Promise<StoredObjects[K] | null>;
  async get<T extends StoredObject = StripeObject>(id: string, type?: string): Promise<T | null>;
  async get(id: string, type?: string): Promise<StoredObject | null> {
    const row = await this.db(OBJECTS).where({ id }).first('data', 'type');
    if (!row || (type && row.type !== type)) return null;
    return row.data;
  }

  async put<T extends StoredObject>(object: T): Promise<T> {
    const owner = (object as { customer?: unknown }).customer;
    await this.db(OBJECTS)
      .insert({
        id: object.id,
        type: object.object,
        customer: typeof owner === 'string' ? owner : null,
        data: JSON.stringify(object),
      })
      .onConflict('id')
      .merge(['data', 'customer']);
    return object;
  }

  /** Objects of a type, newest first, optionally of one customer and matching a predicate. */
  async list<K extends StoredType>(
    type: K,
    where?: { customer?: string },
    match?: (object: StoredObjects[K]) => boolean,
  ): Promise<StoredObjects[K][]>;
  async list<T extends StoredObject = StripeObject>(
    type: string,
    where?: { customer?: string },
    match?: (object: T) => boolean,
  ): Promise<T[]>;
  async list(
    type: string,
    where: { customer?: string } = {},
    match: (object: StoredObject) => boolean = () => true,
  ): Promise<StoredObject[]> {
    const query = this.db(OBJECTS).where({ type }).orderBy('seq', 'desc').select('data');
    if (where.customer) query.andWhere({ customer: where.customer });
    return (await query).map((row: { data: StoredObject }) => row.data).filter(match);
  }

  /** Objects of a type in one status, found by the database (the expiry check runs before every request). */
  async withStatus<K extends StoredType>(type: K, status: string): Promise<StoredObjects[K][]>;
  async withStatus<T extends StoredObject = StripeObject>(type: string, status: string): Promise<T[]>;
  async withStatus(type: string, status: string): Promise<StoredObject[]> {
    const rows = await this.db(OBJECTS)
      .where({ type })
      .whereRaw(`data->>'status' = ?`, [status])
      .orderBy('seq', 'desc')
      .select('data');
    return rows.map((row: { data: StripeObject }) => row.data);
  }

  async remembered(key: string): Promise<{ status: number; body: unknown } | null> {
    return (await this.db(IDEMPOTENCY).where({ key }).first('status', 'body')) ?? null;
  }

  async remember(key: string, status: number, body: unknown): Promise<void> {
    await this.db(IDEMPOTENCY)
      .insert({ key, status, body: JSON.stringify(body) })
      .onConflict('key')
      .ignore();
  }

  async addEvent(event: StripeObject): Promise<void> {
    await this.db(EVENTS).insert({ id: event.id, data: JSON.stringify(event) });
  }

  async events(options: { undelivered?: boolean } = {}): Promise<StripeObject[]> {
    const query = this.db(EVENTS).orderBy('seq').select('data');
    if (options.undelivered) query.whereNull('delivered_at');
    return (await query).map((row: { data: StripeObject }) => row.data);
  }

  /** Deletes one object, or every object of a customer (a test clock's deletion takes its customers' objects). */
  async remove(where: { id: string } | { customer: string }): Promise<void> {
    await this.db(OBJECTS).where(where).delete();
  }

  async markDelivered(id: string): Promise<void> {
    await this.db(EVENTS).where({ id }).update({ delivered_at: this.db.fn.now() });
  }
}
