// The money table of dunning (issue [18] items 5 and 8): what a member owes once a renewal is declined, and the
// credit left once a renewal is paid from the balance, worked out by hand and checked against the invoice the
// card processor made and against what Plan Management says (read from the mirror). Written once, it runs
// against the local card server and, with STRIPE_TEST_SECRET_KEY=sk_test_…, against Stripe's test mode
// (test/support/stripe-target.ts); each row is a customer on a test clock of its own, from Jan 15, 2026.
//
// The rules behind the figures, as Stripe documents them:
// - a renewal invoice bills the next period of each item, quantity × unit amount
//   (https://docs.stripe.com/billing/subscriptions/overview);
// - a percent_off coupon takes that share of the subtotal, to the nearest cent, half a cent up
//   (https://docs.stripe.com/billing/subscriptions/coupons);
// - the customer's credit balance (negative) is applied when the invoice is finalized: amount_due = total +
//   starting_balance, never below 0; what is left of the credit stays on the customer
//   (https://docs.stripe.com/billing/customer/balance);
// - a declined card leaves the invoice open with amount_remaining = amount_due, and next_payment_attempt set
//   (https://docs.stripe.com/api/invoices/object). Stripe's Smart Retries choose their own time, so the page
//   is checked against the invoice's own next_payment_attempt.
import assert from 'node:assert/strict';
import { syncCustomer } from '../../server/domain/billing';
import { PaymentsGateway } from '../../server/integrations/payments';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn, textOf } from '../support/http';
import { DAY, forEachStripeTarget, JAN_15_2026, latestInvoiceOf, type StripeTarget } from '../support/stripe-target';

/** Renewal invoices are finalized and charged about an hour after the period's end: read two hours past it. */
const SETTLED = 2 * 3600;
const FEB_15 = JAN_15_2026 + 31 * DAY;

const shown = (unix: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(unix * 1000),
  );
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

interface Row {
  what: string;
  /** Unit amount (cents) × quantity of each item: the §9 prices. */
  items: [number, number][];
  /** A forever percent_off coupon on the subscription. */
  percentOff?: number;
  /** A credit given after the first invoice, in cents (positive here; Stripe stores it negative). */
  credit?: number;
  /** What is owed once the renewal is declined, by hand. */
  owed: number;
}

const ROWS: Row[] = [
  { what: 'one membership at $59.00', items: [[5900, 1]], owed: 5900 },
  // 3 × $69.00 (NY/CA) + 3 × $19.00 (practice management professional) = 207.00 + 57.00 = 264.00
  {
    what: 'three NY/CA seats with practice management professional',
    items: [
      [6900, 3],
      [1900, 3],
    ],
    owed: 26400,
  },
  // $59.00 − a $10.00 credit = $49.00
  { what: 'one membership at $59.00 with a $10.00 credit', items: [[5900, 1]], credit: 1000, owed: 4900 },
  // premium: $59.00 + $39.00 = $98.00; 25 % off = $24.50 → $73.50
  {
    what: 'premium ($59.00 + $39.00) with 25 % off',
    items: [
      [5900, 1],
      [3900, 1],
    ],
    percentOff: 25,
    owed: 7350,
  },
  // $69.00 × 12.5 % = $8.625 → $8.63 (half a cent up) → $69.00 − $8.63 = $60.37
  { what: 'one NY/CA membership with 12.5 % off', items: [[6900, 1]], percentOff: 12.5, owed: 6037 },
];

/** The portal's gateway over a target's client: the mirror is read from the same processor as the test. */
function gatewayOver(target: StripeTarget): PaymentsGateway {
  return new PaymentsGateway(async () => target.stripe, 'whsec_unused_here');
}

forEachStripeTarget((target) => {
  /** A portal member whose customer (on the target, on a clock) is mirrored into its account. */
  async function member(card = 'pm_card_visa') {
    const { stripe, clock, customer } = target();
    const testClock = await clock(JAN_15_2026);
    const user = await createProviderUser(ctx().db);
    const { customer: made } = await customer(testClock.id, card);
    await stripe.customers.update(made.id, { metadata: { account_id: String(user.accountId) } });
    const payments = gatewayOver(target());
    const client = agent();
    await signIn(client, user.email);
    return { user, customerId: made.id, testClock, payments, client };
  }

  async function subscribe(customerId: string, row: Pick<Row, 'items' | 'percentOff'>, providerId: number) {
    const { stripe, price, run } = target();
    const items = [];
    for (const [amount, quantity] of row.items) items.push({ price: (await price(amount, 'month')).id, quantity });
    const coupon = row.percentOff
      ? await stripe.coupons.create({
          percent_off: row.percentOff,
          duration: 'forever',
          name: `${run} ${row.percentOff}`,
        })
      : null;
    const subscription = await stripe.subscriptions.create({
      customer: customerId,
      items,
      metadata: { seat_based: 'yes', provider_ids: String(providerId) },
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
    });
    // A deleted coupon stays on the subscriptions that have it (https://docs.stripe.com/api/coupons/delete):
    // Stripe test mode keeps nothing of this run (the local server's state goes with the test database).
    if (coupon && target().name === 'Stripe test mode') await stripe.coupons.del(coupon.id);
    return subscription;
  }

  describe('money table: what a declined renewal leaves owed', () => {
    for (const row of ROWS) {
      it(`${row.what}: ${dollars(row.owed)} owed`, async function () {
        this.timeout(target().name === 'Stripe test mode' ? 1_200_000 : 30_000);
        const { stripe, advance } = target();
        const { user, customerId, testClock, payments, client } = await member();
        const subscription = await subscribe(customerId, row, user.providerIds[0]!);
        assert.equal(subscription.status, 'active');
        if (row.credit)
          await stripe.customers.createBalanceTransaction(customerId, { amount: -row.credit, currency: 'usd' });
        // The card declines from now on; the renewal on Feb 15 is declined.
        const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customerId });
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: failing.id } });
        await advance(testClock.id, FEB_15 + SETTLED);

        const invoice = await latestInvoiceOf(stripe, subscription.id);
        assert.equal(invoice.billing_reason, 'subscription_cycle');
        assert.equal(invoice.status, 'open');
        assert.equal(invoice.amount_remaining, row.owed);
        assert.equal((await stripe.subscriptions.retrieve(subscription.id)).status, 'past_due');
        assert.ok(invoice.next_payment_attempt, 'a retry is scheduled');

        // What the member reads on Plan Management, from the mirror.
        await syncCustomer(ctx().db, payments, customerId);
        const text = textOf((await client.get('/plan-management').expect(200)).text);
        assert.ok(
          text.includes(
            `Your membership payment failed: ${dollars(row.owed)} is owed. We will try your card again on ${shown(invoice.next_payment_attempt!)}.`,
          ),
          text.slice(0, 800),
        );
        assert.ok(text.includes(`Pay ${dollars(row.owed)} now`));
      });
    }
  });

  describe('money table: the credit balance', () => {
    it('a $707.98 credit pays a $59.00 renewal: $648.98 left, shown as a credit used on the next invoices', async function () {
      this.timeout(target().name === 'Stripe test mode' ? 1_200_000 : 30_000);
      const { stripe, advance } = target();
      const { user, customerId, testClock, payments, client } = await member();
      const subscription = await subscribe(customerId, { items: [[5900, 1]] }, user.providerIds[0]!);
      await stripe.customers.createBalanceTransaction(customerId, { amount: -70798, currency: 'usd' });
      await advance(testClock.id, FEB_15 + SETTLED);
      const renewal = await latestInvoiceOf(stripe, subscription.id);
      // $707.98 − $59.00 = $648.98 left; nothing charged to the card.
      assert.equal(renewal.status, 'paid');
      assert.equal(renewal.amount_due, 0);
      assert.equal(renewal.starting_balance, -70798);
      assert.equal(renewal.ending_balance, -64898);
      assert.equal(((await stripe.customers.retrieve(customerId)) as { balance: number }).balance, -64898);
      await syncCustomer(ctx().db, payments, customerId);
      const text = textOf((await client.get('/plan-management').expect(200)).text);
      assert.match(text, /Credit balance: \$648\.98, used on your next invoices/);
      assert.doesNotMatch(text, /is owed/);
    });
  });
});
