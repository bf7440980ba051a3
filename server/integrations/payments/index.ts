// The payments port: every billing feature calls Stripe through `PaymentsGateway`, never the SDK
// directly. With STRIPE_* keys it is Stripe; without them the same SDK calls go to the local card
// server, started in this process (on a free port, or LOCAL_STRIPE_PORT) the first time it is needed.
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { Config, StripeConfig } from '../../config';
import { localStripeClient, LOCAL_KEYS, startLocalStripe, type EventReceiver, type LocalStripe } from './local-stripe';
import { PaymentsGateway } from './gateway';

export {
  PaymentsGateway,
  PaymentError,
  type CardView,
  type ChangeLine,
  type ChangeRequest,
  type CheckoutRequest,
  type InvoicePreview,
  type PurchaseLine,
  type SubscribeRequest,
  type CatalogEntry,
  type CouponView,
  type PostalAddress,
  type SubscriptionItemChange,
} from './gateway';
export type { LocalStripe, EventReceiver } from './local-stripe';
export type { Stripe };

export interface Payments {
  readonly mode: 'stripe' | 'local';
  /** For the card field in the browser: Stripe.js's key, or the local server's. */
  readonly publishableKey: string;
  gateway: PaymentsGateway;
  /** The local card server (null with Stripe): its address for the browser, its clock and its event delivery. */
  local(): Promise<LocalStripe | null>;
  close(): Promise<void>;
}

/** Where the portal serves the local card server's hosted pages (checkout, invoices, receipts), outside production. */
export const LOCAL_STRIPE_PREFIX = '/local-stripe';

export interface LocalStripeOptions {
  /** LOCAL_STRIPE_PORT (null: a free port). */
  port?: number | null;
  /** Where links to the hosted pages point (read when a link is made); null: the card server's own address. */
  hostedBase?: (() => string) | null;
  /** Told the card server's address once it listens. */
  logger?: Pick<Logger, 'info'>;
}

/**
 * The local card server's settings: its port, and, outside production, hosted pages linked at the portal's
 * own address under LOCAL_STRIPE_PREFIX, so that links stored in invoices outlive the card server's port.
 * The portal's address is read when a link is made (the browser tests move it to the port they listen on).
 */
export const localStripeOptions = (config: Config, logger?: Pick<Logger, 'info'>): LocalStripeOptions => ({
  port: config.localStripePort,
  hostedBase: servesHostedPages(config) ? () => `${config.portalUrl}${LOCAL_STRIPE_PREFIX}` : null,
  ...(logger ? { logger } : {}),
});

/** Whether the portal serves the card server's hosted pages under LOCAL_STRIPE_PREFIX: never in production, nor with Stripe. */
export const servesHostedPages = (config: Pick<Config, 'env' | 'stripe'>): boolean =>
  config.env !== 'production' && !config.stripe;

export function createPayments(
  db: Knex,
  stripeConfig: StripeConfig | null,
  localOptions: LocalStripeOptions = {},
): Payments {
  if (stripeConfig) {
    const client = new Stripe(stripeConfig.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'members-portal' },
    });
    return {
      mode: 'stripe',
      publishableKey: stripeConfig.publishableKey,
      gateway: new PaymentsGateway(async () => client, stripeConfig.webhookSecret),
      local: async () => null,
      close: async () => undefined,
    };
  }
  // A secret of this process: only the local server, which signs with it, can produce a valid event.
  const webhookSecret = `whsec_local${crypto.randomBytes(24).toString('hex')}`;
  let started: Promise<LocalStripe> | null = null;
  const local = () =>
    (started ??= startLocalStripe(db, {
      webhookSecret,
      port: localOptions.port ?? 0,
      hostedBase: localOptions.hostedBase ?? null,
    }).then((server) => {
      localOptions.logger?.info(
        { url: server.url, hostedPages: server.hostedBase() },
        `the local card server listens on ${server.url}: other tools can use it with the stripe SDK and the key ${LOCAL_KEYS.secret} (host 127.0.0.1, port ${server.port}, protocol http)`,
      );
      return server;
    }));
  let client: Promise<Stripe> | null = null;
  return {
    mode: 'local',
    publishableKey: LOCAL_KEYS.publishable,
    gateway: new PaymentsGateway(() => (client ??= local().then(localStripeClient)), webhookSecret),
    local,
    async close() {
      if (started !== null) await (await started).close();
    },
  };
}

/**
 * The portal's handler for LOCAL_STRIPE_PREFIX: hands the request to the card server (started if need be),
 * whose hosted pages, and API, then answer at the portal's own address; anything else falls through.
 */
export const localStripePages =
  (payments: Payments) =>
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    // The card server's Express app adopts the request (its prototype); the portal's is put back if it falls through.
    const request = Object.getPrototypeOf(req) as object;
    const response = Object.getPrototypeOf(res) as object;
    payments.local().then(
      (local) => {
        if (!local) return next();
        local.handle(req, res, (error) => {
          Object.setPrototypeOf(req, request);
          Object.setPrototypeOf(res, response);
          next(error);
        });
      },
      (error: unknown) => next(error),
    );
  };

/** Delivers the local server's events by posting them to a URL, as Stripe posts to a webhook endpoint. */
export const postTo =
  (url: string): EventReceiver =>
  async (payload, signature) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  };
