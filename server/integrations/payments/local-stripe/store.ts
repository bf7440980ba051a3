// The local card server's state, in PostgreSQL (schema local_stripe), so that the demo's customers and
// subscriptions outlive a restart just as they would on Stripe. The schema belongs to the local server,
// not to the portal's migrations: a portal pointed at Stripe never has it (server/integrations/local-state.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { installLocalState, LOCAL_TABLES } from '../../local-state';

export type StripeObject = Record<string, unknown> & { id: string; object: string };

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

  async get<T extends StripeObject>(id: string, type?: string): Promise<T | null> {
    const row = await this.db(OBJECTS).where({ id }).first('data', 'type');
    if (!row || (type && row.type !== type)) return null;
    return row.data as T;
  }

  async put<T extends StripeObject>(object: T): Promise<T> {
    const customer = typeof object.customer === 'string' ? object.customer : null;
    await this.db(OBJECTS)
      .insert({ id: object.id, type: object.object, customer, data: JSON.stringify(object) })
      .onConflict('id')
      .merge(['data', 'customer']);
    return object;
  }

  /** Objects of a type, newest first, optionally of one customer and matching a predicate. */
  async list<T extends StripeObject>(
    type: string,
    where: { customer?: string } = {},
    match: (object: T) => boolean = () => true,
  ): Promise<T[]> {
    const query = this.db(OBJECTS).where({ type }).orderBy('seq', 'desc').select('data');
    if (where.customer) query.andWhere({ customer: where.customer });
    return (await query).map((row: { data: T }) => row.data).filter(match);
  }

  /** Objects of a type in one status, found by the database (the expiry check runs before every request). */
  async withStatus<T extends StripeObject>(type: string, status: string): Promise<T[]> {
    const rows = await this.db(OBJECTS)
      .where({ type })
      .whereRaw(`data->>'status' = ?`, [status])
      .orderBy('seq', 'desc')
      .select('data');
    return rows.map((row: { data: T }) => row.data);
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
