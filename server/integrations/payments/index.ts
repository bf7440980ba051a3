// The payments port: every billing feature calls Stripe through `PaymentsGateway`, never the SDK
// directly. With STRIPE_* keys it is Stripe; without them the same SDK calls go to the local card
// server, started in this process on a free port the first time it is needed.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { localStripeClient, LOCAL_KEYS, startLocalStripe, type EventReceiver, type LocalStripe } from './local-stripe';
import { PaymentsGateway } from './gateway';

export {
  PaymentsGateway,
  PaymentError,
  type CardView,
  type CheckoutRequest,
  type CatalogEntry,
  type CouponView,
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

export function createPayments(db: Knex, stripeConfig: StripeConfig | null): Payments {
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
  const local = () => (started ??= startLocalStripe(db, { webhookSecret }));
  let client: Promise<Stripe> | null = null;
  return {
    mode: 'local',
    publishableKey: LOCAL_KEYS.publishable,
    gateway: new PaymentsGateway(() => (client ??= local().then(localStripeClient)), webhookSecret),
    local,
    async close() {
      if (started) await (await started).close();
    },
  };
}

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
