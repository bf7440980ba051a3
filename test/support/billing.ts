// Billing as tests need it: customers, cards and subscriptions made on the local card server through
// the portal's own gateway, and the server's signed events posted to the portal's webhook.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { syncCatalog, syncCustomer } from '../../server/domain/billing';
import { type LocalStripe, PaymentsGateway } from '../../server/integrations/payments';
import { ctx } from './context';
import { createProviderUser } from './factories';
import { drainJobs } from './jobs';
import type { StripeTarget } from './stripe-target';

export const gateway = () => ctx().integrations.payments.gateway;

/**
 * The portal's gateway for each target of a money test: the local card server's own (its catalog synced at
 * the run's start), or one over Stripe test mode, with the catalog synced into that account, which writes its
 * price ids to billing_prices until `restoreLocalCatalog` writes the local ones back.
 */
export function targetGateways() {
  let onStripe: PaymentsGateway | null = null;
  return {
    async of(target: StripeTarget): Promise<PaymentsGateway> {
      if (target.name === 'local card server') return gateway();
      if (!onStripe) {
        onStripe = new PaymentsGateway(async () => target.stripe, 'whsec_unused_here');
        await syncCatalog(ctx().db, onStripe);
      }
      return onStripe;
    },
    usedStripe: () => onStripe !== null,
    async restoreLocalCatalog(): Promise<void> {
      onStripe = null;
      await syncCatalog(ctx().db, gateway());
    },
  };
}

/**
 * The payment forms' billing address and accepted terms, as posted: an Oregon address, which has no
 * sales tax, so the totals are the plan's (tax has tests of its own).
 */
export const PAYMENT_ADDRESS = {
  address_line1: '1 Main St',
  address_line2: '',
  address_city: 'Portland',
  address_state: 'OR',
  address_postal_code: '97201',
  terms: '1',
};

export async function localStripe(): Promise<LocalStripe> {
  const local = await ctx().integrations.payments.local();
  if (!local) throw new Error('these tests run against the local card server (no STRIPE_* keys)');
  return local;
}

export async function priceId(lookupKey: string): Promise<string> {
  const row = await ctx().db('billing_prices').where({ lookup_key: lookupKey }).first('id');
  if (!row) throw new Error(`no catalog price ${lookupKey}`);
  return row.id;
}

let counter = 0;
const key = (what: string) => `test-${process.pid}-${Date.now()}-${(counter += 1)}-${what}`;

/**
 * A Stripe customer for the account, with a default card (a Stripe test card token) and, unless
 * `membership` is null, a monthly membership for the given providers; mirrored at once.
 */
export async function billedAccount(
  accountId: number,
  providerIds: number[],
  options: { card?: string | null; membership?: string | null; incomplete?: boolean } = {},
) {
  const payments = gateway();
  const customer = await payments.createCustomer(
    { accountId, email: `billing${accountId}@example.test`, name: `Account ${accountId}` },
    key('customer'),
  );
  const cardId =
    options.card === null ? null : await payments.attachCard(customer.id, options.card ?? 'pm_card_visa', key('card'));
  let subscriptionId: string | null = null;
  if (options.membership !== null) {
    const subscription = await payments.createSubscription(
      {
        customer: customer.id,
        items: [
          {
            price: await priceId(options.membership ?? 'membership_monthly_v3'),
            quantity: Math.max(providerIds.length, 1),
          },
        ],
        metadata:
          providerIds.length > 1
            ? { seat_based: 'yes', provider_ids: providerIds.join(',') }
            : { provider_id: String(providerIds[0]) },
        // Stripe's default: the first invoice is charged, and a declined card leaves the membership incomplete.
        ...(options.incomplete ? { payment_behavior: 'allow_incomplete' as const } : {}),
      },
      key('subscription'),
    );
    subscriptionId = subscription.id;
  }
  await syncCustomer(ctx().db, payments, customer.id);
  return { customerId: customer.id, cardId, subscriptionId };
}

/** Posts every event the local card server has not delivered yet to POST /webhooks/stripe; answers the statuses. */
export async function deliverEvents(): Promise<number[]> {
  const statuses: number[] = [];
  await (await localStripe()).deliverPending(async (payload, signature) => {
    const response = await supertest(ctx().app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
    statuses.push(response.status);
    return response.status < 300;
  });
  return statuses;
}

export interface MembershipSetup {
  items: [string, number][];
  seatBased?: boolean;
  providers?: number;
  paidProviders?: number;
  card?: string;
  status?: 'canceled';
}

/**
 * A provider the payment form takes straight to its steps: a location in `state` (which decides its price,
 * spec 3 §9) and the photographer question answered.
 */
export async function readyToPay(providerId: number, state = 'TX'): Promise<void> {
  await ctx().db('locations').insert({ provider_id: providerId, state, remote_location: true, accepting_patients: 40 });
  await ctx().db('providers').where({ id: providerId }).update({ photographer_availability: 'available' });
}

/**
 * An owner whose account pays for its first providers (`paidProviders`, default 1) with a subscription
 * of these items (lookup key, quantity): seat-based unless said, canceled if asked; locations in TX and
 * the photographer question answered, so the payment form goes straight to its steps.
 */
export async function membershipOf(options: MembershipSetup) {
  const user = await createProviderUser(ctx().db, {
    providers: Array.from({ length: options.providers ?? 1 }, () => ({ status: 'active' as const })),
  });
  for (const providerId of user.providerIds) await readyToPay(providerId);
  const { customerId } = await billedAccount(user.accountId, user.providerIds, {
    card: options.card ?? 'pm_card_visa',
    membership: null,
  });
  const paid = user.providerIds.slice(0, options.paidProviders ?? 1);
  const subscription = await gateway().createSubscription(
    {
      customer: customerId,
      items: await Promise.all(
        options.items.map(async ([lookupKey, quantity]) => ({ price: await priceId(lookupKey), quantity })),
      ),
      metadata:
        options.seatBased === false
          ? { provider_id: String(paid[0]) }
          : { seat_based: 'yes', provider_ids: paid.join(',') },
    },
    key('membership'),
  );
  if (options.status === 'canceled') await gateway().cancelSubscription(subscription.id, key('cancel'));
  await syncCustomer(ctx().db, gateway(), customerId);
  return { user, customerId, subscriptionId: subscription.id };
}

/** A day as the pages write it, e.g. "Nov 25, 2026". */
export const shownDay = (unix: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(unix * 1000),
  );

/**
 * The local card server's own clock (not a test clock), moved forward by a test; `putBack` after each test,
 * as the worker's files share it. `advance` runs what came due (renewals, retries, trials ending), delivers
 * the events to the portal's webhook, which must accept them all, and runs the jobs they queued.
 */
export function serverClock() {
  let moved = 0;
  return {
    async advance(seconds: number): Promise<void> {
      const local = await localStripe();
      local.advanceClock(seconds);
      moved += seconds;
      await local.renew();
      const statuses = await deliverEvents();
      assert.ok(
        statuses.every((status) => status === 200),
        `the portal accepts every event: ${statuses.join(', ')}`,
      );
      await drainJobs();
    },
    now: () => Math.floor(Date.now() / 1000) + moved,
    async putBack(): Promise<void> {
      if (moved) (await localStripe()).advanceClock(-moved);
      moved = 0;
    },
  };
}
