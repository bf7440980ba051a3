// The money table of sales tax after an upgrade or an added seat (issue [18] item 1): each line is taxed at
// its own category's rate (the local rate table: NY software 4 %, membership 0 %; MA software 6.25 %,
// membership 0 %; TX 80 % of 6.25 % = 5 % on membership and software, one-time services 0 %), through a
// tax rate on each subscription item, so that the renewal after a change is taxed line by line, not at a
// blended rate set on the whole subscription. Each figure is worked out by hand below; the purchases go
// through the portal's purchase path (server/domain/billing/purchase.ts) on a test clock, against the
// local card server and, with STRIPE_TEST_SECRET_KEY=sk_test_…, against Stripe's test mode as well.
//
// Stripe's rules behind the figures: an exclusive tax rate is charged on each line after its discounts,
// rounded to the cent per line, and the invoice's tax is the sum of its lines' taxes
// (https://docs.stripe.com/billing/taxes/tax-rates); a line's own tax rates (a subscription item's
// `tax_rates`) replace the subscription's `default_tax_rates` for that line
// (https://docs.stripe.com/api/subscription_items/object#subscription_item_object-tax_rates).
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import {
  addSeatChanges,
  newMembershipItems,
  payOrder,
  practiceManagementChanges,
  salesTaxOf,
  type CurrentItem,
  type ItemChange,
  type Order,
  type PurchaseDeps,
} from '../../server/domain/billing';
import { targetGateways } from '../support/billing';
import { ctx } from '../support/context';
import { DAY, forEachStripeTarget, JAN_15_2026 } from '../support/stripe-target';

interface Scenario {
  title: string;
  address: { postalCode: string; state: string };
  /** The first purchase: items (and one-time help) at Jan 15. */
  first: { items: { lookupKey: string; quantity: number }[]; oneTime: string[] };
  /** The change ten days later, from the subscription's items. */
  change: (items: CurrentItem[]) => ItemChange[];
  /** The first invoice's subtotal and tax, and the renewal's (Feb 15) subtotal and tax, in cents. */
  firstInvoice: { subtotal: number; tax: number };
  renewal: { subtotal: number; tax: number };
  /** The rates (percent) the renewal names, one entry per rate: no blended rate. */
  renewalRates: number[];
}

const SCENARIOS: Scenario[] = [
  {
    // Dana (seeds/demo-billing.ts: New York, 10107, a membership at the NY/CA price, $69) adds practice
    // management Professional ($19). Membership 6900 × 0 % = 0; software 1900 × 4 % = 76.
    // Renewal: 6900 + 1900 = 8800, tax 76 ($0.76). (A blended rate from the added line alone, 4 %, on the
    // whole subscription would be 8800 × 4 % = 352, the $3.52 of the issue.)
    title: 'NY (Dana): membership $69 at 0 % + Professional $19 at 4 %',
    address: { postalCode: '10107', state: 'NY' },
    first: { items: newMembershipItems('basic', 'ny'), oneTime: [] },
    change: (items) => practiceManagementChanges(items, 'professional'),
    firstInvoice: { subtotal: 6900, tax: 0 },
    renewal: { subtotal: 8800, tax: 76 },
    renewalRates: [4],
  },
  {
    // Morgan's practice (Boston, 02114), seat-based: three seats of membership ($59) with practice
    // management Professional ($19 a seat), adds a fourth seat. First invoice: 3 × 5900 + 3 × 1900 = 23400,
    // tax 5700 × 6.25 % = 356.25 → 356. Renewal: 4 × 5900 = 23600 at 0 % and 4 × 1900 = 7600 at 6.25 % =
    // 475 ($4.75). (The old blended rate: the added seat's lines, 5900 + 1900 = 7800 taxed 118.75 → 119, i.e.
    // 1.5256 %, on the whole 31200 = 475.99 → 476, an invoice line "Sales tax (1.5256 %)".)
    title: 'MA (Morgan): a fourth seat, membership 4 × $59 at 0 % + Professional 4 × $19 at 6.25 %',
    address: { postalCode: '02114', state: 'MA' },
    first: {
      items: newMembershipItems('professional', 'non_ny').map((item) => ({ ...item, quantity: 3 })),
      oneTime: [],
    },
    change: (items) => addSeatChanges(items, 'non_ny'),
    firstInvoice: { subtotal: 23400, tax: 356 },
    renewal: { subtotal: 31200, tax: 475 },
    renewalRates: [6.25],
  },
  {
    // Austin (78701): a membership ($59) with professional copywriting ($70, once), then Premium practice
    // management ($39). First invoice: 5900 × 5 % = 295, copywriting 7000 × 0 % = 0: 12900, tax 295 (a
    // blended 2.2868 % would have taxed the copywriting too). Renewal: 5900 × 5 % = 295 and 3900 × 5 % =
    // 195: 9800, tax 490 ($4.90), at one rate of 5 % named once.
    title: 'TX: membership $59 + copywriting once at 0 %, then Premium $39, both at 5 %',
    address: { postalCode: '78701', state: 'TX' },
    first: { items: newMembershipItems('basic', 'non_ny'), oneTime: ['copywriting_v3'] },
    change: (items) => practiceManagementChanges(items, 'premium'),
    firstInvoice: { subtotal: 12900, tax: 295 },
    renewal: { subtotal: 9800, tax: 490 },
    renewalRates: [5],
  },
];

const gateways = targetGateways();

const taxOf = (invoice: Stripe.Invoice) => (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);

forEachStripeTarget((target) => {
  after(async function () {
    if (!gateways.usedStripe()) return;
    this.timeout(120_000);
    await gateways.restoreLocalCatalog();
  });

  describe('money table: sales tax per line, on the renewal after an upgrade or an added seat', () => {
    for (const scenario of SCENARIOS) {
      it(`${scenario.title}: renewal tax ${scenario.renewal.tax}`, async function () {
        if (target().name === 'Stripe test mode') this.timeout(600_000);
        const { stripe } = target();
        const payments = await gateways.of(target());
        const deps: PurchaseDeps = { db: ctx().db, payments, tax: ctx().integrations.tax };
        const clock = await target().clock(JAN_15_2026);
        const { customer, card } = await target().customer(clock.id);

        const first: Order = { kind: 'new', ...scenario.first, metadata: { test: target().run } };
        await payOrder(
          deps,
          first,
          {
            customerId: customer.id,
            couponIds: [],
            cardId: card,
            tax: await salesTaxOf(deps, first, scenario.address, 0),
          },
          `${target().run}-first`,
        );
        const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
        assert.ok(subscription, 'the subscription was made');
        const opening = await stripe.invoices.retrieve(String(subscription.latest_invoice));
        assert.deepEqual(
          { subtotal: opening.subtotal, tax: taxOf(opening) },
          scenario.firstInvoice,
          'the first invoice taxes each line at its own rate',
        );

        // Ten days later, the change, charged at once (its proration taxed per item too).
        await target().advance(clock.id, JAN_15_2026 + 10 * DAY);
        const items: CurrentItem[] = subscription.items.data.map((item) => ({
          id: item.id,
          lookupKey: item.price.lookup_key,
          quantity: item.quantity ?? 1,
        }));
        const change: Order = {
          kind: 'change',
          subscriptionId: subscription.id,
          currentItems: items,
          changes: scenario.change(items),
        };
        await payOrder(
          deps,
          change,
          {
            customerId: customer.id,
            couponIds: [],
            tax: await salesTaxOf(deps, change, scenario.address, 0),
            prorationDate: JAN_15_2026 + 10 * DAY,
          },
          `${target().run}-change`,
        );

        // Feb 15 (31 days after Jan 15): the renewal, taxed line by line.
        await target().advance(clock.id, JAN_15_2026 + 31 * DAY + 3600);
        const invoices = (await stripe.invoices.list({ customer: customer.id, limit: 10 })).data;
        const renewal = invoices.find((invoice) => invoice.billing_reason === 'subscription_cycle');
        assert.ok(renewal, 'the renewal was invoiced');
        assert.deepEqual({ subtotal: renewal.subtotal, tax: taxOf(renewal) }, scenario.renewal);
        const rates = await Promise.all(
          (renewal.total_taxes ?? []).map(
            async (tax) => (await stripe.taxRates.retrieve(String(tax.tax_rate_details?.tax_rate))).percentage,
          ),
        );
        assert.deepEqual(rates, scenario.renewalRates, 'each rate is a state rate of a category, no blend');
        // The membership line carries no tax where membership is untaxed.
        for (const line of renewal.lines.data) {
          const lineTax = (line.taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
          const product = String(line.pricing?.price_details?.product ?? '');
          if (product === 'portal_membership' && scenario.address.state !== 'TX') assert.equal(lineTax, 0, product);
        }
        assert.equal(renewal.status, 'paid');
      });
    }
  });
});
