// One suite, two targets (issue [17]): tests written once against the stripe SDK, with test clocks, run
// on every `npm test` against the local card server and, when STRIPE_TEST_SECRET_KEY holds a Stripe
// test-mode key, against Stripe's test mode as well. Each test makes its own products, prices and
// customers (on a clock of its own), so runs never meet; the clocks, and with them their customers,
// are deleted after each test.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { localStripeClient } from '../../server/integrations/payments/local-stripe';
import { localStripe } from './billing';

const stripeTestKey = process.env.STRIPE_TEST_SECRET_KEY ?? '';

export interface StripeTarget {
  readonly name: 'local card server' | 'Stripe test mode';
  readonly stripe: Stripe;
  /** A test clock frozen at `frozenTime` (unix seconds), deleted with its customers after the test. */
  clock(frozenTime: number): Promise<Stripe.TestHelpers.TestClock>;
  /** Moves a clock to `to` and waits until everything the time drives is done (the clock is `ready`). */
  advance(clockId: string, to: number): Promise<Stripe.TestHelpers.TestClock>;
  /** A customer on the clock, with a default card made from a test token (pm_card_visa, pm_card_chargeCustomerFail…). */
  customer(clockId: string, card?: string): Promise<{ customer: Stripe.Customer; card: string | null }>;
  /** A product of this test, with a price of `unitAmount` cents: recurring when `interval` is given, one-time otherwise. */
  price(unitAmount: number, interval?: 'month' | 'year'): Promise<Stripe.Price>;
  /** A unique label for this test's objects (names and idempotency keys). */
  readonly run: string;
}

/** The invoice a subscription's `latest_invoice` names. */
export async function latestInvoiceOf(stripe: Stripe, subscriptionId: string): Promise<Stripe.Invoice> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  return stripe.invoices.retrieve(String(subscription.latest_invoice));
}

/** 2026-01-15 00:00:00 UTC: a fixed start, so that every figure of a test can be worked out by hand. */
export const JAN_15_2026 = Date.UTC(2026, 0, 15) / 1000;
export const DAY = 24 * 3600;

/**
 * Declares the suite `define` once per target: the local card server always; Stripe's test mode when
 * STRIPE_TEST_SECRET_KEY is set (skipped, and saying so, otherwise).
 */
export function forEachStripeTarget(define: (target: () => StripeTarget) => void): void {
  for (const name of ['local card server', 'Stripe test mode'] as const) {
    describe(`against the ${name}`, () => {
      let current: StripeTarget | null = null;
      let stripe: Stripe;
      const clocks: string[] = [];
      before(async function () {
        if (name === 'Stripe test mode') {
          if (!stripeTestKey) {
            console.log(
              '    (skipped: set STRIPE_TEST_SECRET_KEY=sk_test_… to run this suite against Stripe test mode)',
            );
            this.skip();
          }
          if (!/^(sk|rk)_test_/.test(stripeTestKey)) throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode key');
          this.timeout(600_000); // Stripe takes seconds to minutes to advance a clock
          stripe = new Stripe(stripeTestKey, { maxNetworkRetries: 2 });
        }
      });
      beforeEach(async function () {
        // The local server's state lives in the test database, which is emptied before each test.
        if (name === 'local card server') stripe = localStripeClient(await localStripe());
        if (name === 'Stripe test mode') this.timeout(600_000);
        const run = `${name === 'Stripe test mode' ? 'contract' : 'local'}-${crypto.randomBytes(4).toString('hex')}`;
        current = makeTarget(name, stripe, run, clocks);
      });
      afterEach(async () => {
        for (const id of clocks.splice(0)) await stripe.testHelpers.testClocks.del(id).catch(() => undefined);
      });
      define(() => {
        if (!current) throw new Error('the target is set before each test');
        return current;
      });
    });
  }
}

function makeTarget(name: StripeTarget['name'], stripe: Stripe, run: string, clocks: string[]): StripeTarget {
  let count = 0;
  const key = (what: string) => `${run}-${(count += 1)}-${what}`;
  return {
    name,
    stripe,
    run,
    async clock(frozenTime) {
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozenTime, name: run });
      clocks.push(clock.id);
      return clock;
    },
    async advance(clockId, to) {
      let clock = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
      const deadline = Date.now() + 10 * 60_000;
      while (clock.status !== 'ready') {
        if (clock.status === 'internal_failure') throw new Error(`test clock ${clockId} failed to advance`);
        if (Date.now() > deadline) throw new Error(`test clock ${clockId} still ${clock.status} after 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, name === 'Stripe test mode' ? 2000 : 20));
        clock = await stripe.testHelpers.testClocks.retrieve(clockId);
      }
      return clock;
    },
    async customer(clockId, card = 'pm_card_visa') {
      const customer = await stripe.customers.create(
        { test_clock: clockId, name: run, email: `${run}@example.test` },
        { idempotencyKey: key('customer') },
      );
      if (!card) return { customer, card: null };
      const method = await stripe.paymentMethods.attach(
        card,
        { customer: customer.id },
        { idempotencyKey: key('card') },
      );
      const updated = await stripe.customers.update(
        customer.id,
        { invoice_settings: { default_payment_method: method.id } },
        { idempotencyKey: key('default-card') },
      );
      return { customer: updated, card: method.id };
    },
    async price(unitAmount, interval) {
      const product = await stripe.products.create(
        { name: `${run} product ${count + 1}` },
        { idempotencyKey: key('product') },
      );
      return stripe.prices.create(
        {
          product: product.id,
          unit_amount: unitAmount,
          currency: 'usd',
          ...(interval ? { recurring: { interval } } : {}),
        },
        { idempotencyKey: key('price') },
      );
    },
  };
}
