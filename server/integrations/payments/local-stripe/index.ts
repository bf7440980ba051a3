// The local card server: a Stripe-compatible HTTP server the portal starts in-process (on a free port, or
// LOCAL_STRIPE_PORT) when no Stripe keys are set, so that the stripe SDK, and every page built on it, works offline.
// State lives in PostgreSQL; events are signed as Stripe signs them and delivered to the portal's
// webhook (or handed to whoever asked for them: the tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import {
  apiRouter,
  catchUpServerClock,
  clockTime,
  configureRetries,
  retrySettingsFrom,
  type ApiContext,
  type RetrySettings,
} from './api';
import { Ledger, seconds, type Obj } from './billing';
import { hostedRouter } from './hosted';
import { installSchema, LocalStore, newId } from './store';

export { retrySettingsFrom };

export const LOCAL_KEYS = { secret: 'sk_test_local', publishable: 'pk_test_local' } as const;

/** Receives one signed event; true when it was accepted (a 2xx), as Stripe judges a delivery. */
export type EventReceiver = (payload: string, signature: string) => Promise<boolean>;

export interface LocalStripe {
  /** The server's address, e.g. http://127.0.0.1:40123 (the SDK's host, port and protocol). */
  url: string;
  /**
   * Where the hosted pages' links point (checkout `url`, `hosted_invoice_url`, `receipt_url`): the portal's
   * own address under its prefix when it serves them, else this server's address.
   */
  hostedBase(): string;
  /** The whole server as a request handler, for the portal to serve the hosted pages at its own address. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void): void;
  host: string;
  port: number;
  store: LocalStore;
  /**
   * Moves the server's own clock (seconds), the one of customers on no test clock; what it makes due
   * happens before the next request (or within a minute, on a timer).
   */
  advanceClock(seconds: number): void;
  /** The retry schedule of declined renewals and what follows the last retry (tests change it). */
  configureRetries(settings: RetrySettings): void;
  /** Where events go from now on (null: they wait until `deliverPending` is given a receiver). */
  deliverTo(receiver: EventReceiver | null): void;
  /** Sends every event not yet accepted, oldest first, to the receiver; answers how many were accepted. */
  deliverPending(receiver?: EventReceiver): Promise<number>;
  /** Applies now what the server's clock has made due (expiry, renewals, retries), as the next request would. */
  tick(): Promise<void>;
  /**
   * The same, answering how many renewal invoices it made (one per period passed, taxed with the
   * subscription's `default_tax_rates`).
   */
  renew(): Promise<number>;
  /** How many API calls the server has answered (the benchmark checks that a page makes none). */
  requestCount(): number;
  /** A Stripe-Signature header for a payload, as the server signs its events (tests: old timestamps, replays). */
  sign(payload: string, timestamp?: number): string;
  close(): Promise<void>;
}

export async function startLocalStripe(
  db: Knex,
  options: {
    webhookSecret: string;
    /** The port to listen on (0 or none: a free one). */
    port?: number | null;
    receiver?: EventReceiver | null;
    /** Where links to the hosted pages point, read when a link is made; none: this server's own address. */
    hostedBase?: (() => string) | null;
    /** Retries of declined renewals; none: LOCAL_STRIPE_RETRY_DAYS and LOCAL_STRIPE_AFTER_RETRIES, or Stripe's default. */
    retries?: RetrySettings;
  },
): Promise<LocalStripe> {
  await installSchema(db);
  const store = new LocalStore(db);
  let offset = 0;
  let receiver: EventReceiver | null = options.receiver ?? null;
  let base = '';
  // A request about a customer on a test clock (and every step of advancing one) reads that clock's time.
  const now = () => {
    const frozen = clockTime();
    return new Date(frozen === undefined ? Date.now() + offset * 1000 : frozen * 1000);
  };
  const signer = new Stripe(LOCAL_KEYS.secret);

  let chain: Promise<unknown> = Promise.resolve();
  // One piece of work at a time in this process, each all or nothing: a process killed half-way through
  // a request leaves no charge without its subscription, as Stripe never would.
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const atomic = () => store.atomically(work);
    const next = chain.then(atomic, atomic);
    chain = next.catch(() => undefined);
    return next;
  };

  const emit = async (type: string, object: Obj, previous?: Obj) => {
    const changed = previous
      ? Object.fromEntries(
          Object.entries(previous).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(object[key])),
        )
      : undefined;
    await store.addEvent({
      id: newId('evt'),
      object: 'event',
      type,
      created: seconds(now()),
      api_version: Stripe.API_VERSION ?? null,
      livemode: false,
      pending_webhooks: 1,
      data: { object: structuredClone(object), ...(changed ? { previous_attributes: changed } : {}) },
      request: { id: null, idempotency_key: null },
    });
    store.afterCommit(scheduleDelivery); // the event can be read once its request is committed
  };
  const ctx: ApiContext = {
    store,
    now,
    emit,
    hostedBase: () => options.hostedBase?.() ?? base,
    publishableKey: LOCAL_KEYS.publishable,
    secretKey: LOCAL_KEYS.secret,
    ledger: null as unknown as Ledger,
  };
  configureRetries(ctx, options.retries ?? retrySettingsFrom(process.env));
  ctx.ledger = new Ledger(store, now, ctx.hostedBase, emit);

  let delivering: Promise<number> | null = null;
  const deliverPending = (to: EventReceiver | null = receiver): Promise<number> => {
    if (!to) return Promise.resolve(0);
    const work = (async () => {
      let accepted = 0;
      for (const event of await store.events({ undelivered: true })) {
        const payload = JSON.stringify(event);
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
        // A receiver that fails keeps the rest waiting, in order, for the next try (Stripe retries for days).
        if (!(await to(payload, signature).catch(() => false))) break;
        await store.markDelivered(event.id);
        accepted += 1;
      }
      return accepted;
    })();
    delivering = work.finally(() => {
      delivering = null;
    });
    return work;
  };
  let timer: NodeJS.Timeout | null = null;
  function scheduleDelivery() {
    if (!receiver || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void (delivering ?? deliverPending());
    }, 50);
    timer.unref();
  }
  const retry = setInterval(() => {
    if (receiver && !delivering) void deliverPending();
  }, 30_000);
  retry.unref();
  // Renewals and retries of customers on no test clock happen by themselves, even with no request coming.
  const clockTimer = setInterval(() => {
    void run(() => catchUpServerClock(ctx)).catch(() => undefined);
  }, 60_000);
  clockTimer.unref();

  const app = express();
  app.disable('x-powered-by');
  // The SDK sends lists and nested values in the query as Stripe reads them (expand[0]=data.product).
  app.set('query parser', 'extended');
  let requests = 0;
  app.use('/v1', (_req, _res, next) => {
    requests += 1;
    next();
  });
  app.use(apiRouter(ctx, run));
  app.use(hostedRouter(ctx, run));
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    hostedBase: ctx.hostedBase,
    handle: (req, res, next) => app(req as express.Request, res as express.Response, next),
    host: '127.0.0.1',
    port,
    store,
    advanceClock(by) {
      offset += by;
    },
    deliverTo(next) {
      receiver = next;
      scheduleDelivery();
    },
    deliverPending: (to) => deliverPending(to ?? receiver),
    configureRetries: (settings) => configureRetries(ctx, settings),
    tick: () => run(() => catchUpServerClock(ctx)).then(() => undefined),
    renew: () => run(() => catchUpServerClock(ctx)),
    requestCount: () => requests,
    sign: (payload, timestamp) =>
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
        ...(timestamp ? { timestamp } : {}),
      }),
    async close() {
      clearInterval(retry);
      clearInterval(clockTimer);
      if (timer) clearTimeout(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An SDK client for the local server (the same calls the portal makes to Stripe). */
export const localStripeClient = (local: Pick<LocalStripe, 'host' | 'port'>) =>
  new Stripe(LOCAL_KEYS.secret, {
    host: local.host,
    port: local.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
