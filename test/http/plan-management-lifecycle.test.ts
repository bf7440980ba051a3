// A membership's life as the portal shows it (issue [17] "Done when"): subscribe → renewal paid → renewal
// declined (past_due, while the card processor retries) → unpaid or canceled after the last retry → paid
// again with a new card → active; and a trial (trialing → active). At each step the card server's signed
// events go to the portal's webhook and its sync job (as Stripe's would), then Plan Management, developer
// tools and the payment form are read as a member sees them: the status words, the next payment date, the
// invoices with their amounts and states. What Stripe does at each step, by its documentation:
// - a renewal invoice at each period's end, charged to the default card
//   (https://docs.stripe.com/billing/subscriptions/overview, "How subscriptions work");
// - a declined renewal leaves the invoice open and the subscription past_due; retries follow the account's
//   schedule, then the subscription becomes unpaid, or canceled, as configured
//   (https://docs.stripe.com/billing/revenue-recovery/smart-retries, "Manage failed payments");
// - an open invoice is paid with another card by invoices.pay (https://docs.stripe.com/api/invoices/pay),
//   after which the subscription is active again;
// - a trial is `trialing` until trial_end, then the first invoice is charged and it is active
//   (https://docs.stripe.com/billing/subscriptions/trials).
import assert from 'node:assert/strict';
import type { Agent } from 'supertest';
import { syncCustomer } from '../../server/domain/billing';
import { PLAN_MESSAGES } from '../../server/features/plan-management/validation';
import {
  billedAccount,
  deliverEvents,
  gateway,
  localStripe,
  membershipOf,
  priceId,
  serverClock,
  shownDay,
} from '../support/billing';
import { ctx } from '../support/context';
import { agent, postForm, signIn, textOf } from '../support/http';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';

const DAY = 24 * 3600;
let made = 0;
const key = (what: string) => `lifecycle-${process.pid}-${Date.now()}-${(made += 1)}-${what}`;

const clock = serverClock();
const { advance, now: localNow } = clock;
const shown = shownDay;

async function subscriptionOf(id: string) {
  return (await gateway().client()).subscriptions.retrieve(id);
}

/** The part of Plan Management about one membership: its heading (with the status tag) to the next heading. */
async function planPage(client: Agent) {
  const page = await client.get('/plan-management').expect(200);
  return textOf(page.text);
}

/** The billing history's rows as text: "Nov 25, 2026 … $59.00 Paid". */
async function historyRows(): Promise<{ total: number; status: string | null }[]> {
  return (await ctx().db('billing_invoices').orderBy('created_at').select('total', 'status')).map((row) => ({
    total: row.total,
    status: row.status,
  }));
}

describe('plan management through a membership’s life', () => {
  let client: Agent;
  afterEach(() => clock.putBack());

  async function member(card = 'pm_card_visa', extra: Record<string, unknown> = {}) {
    const setup = await membershipOf({ items: [['membership_monthly_v3', 1]], card });
    client = agent();
    await signIn(client, setup.user.email);
    if (Object.keys(extra).length) {
      await gateway().updateSubscription(setup.subscriptionId, extra as never, key('update'));
    }
    await deliverEvents();
    await drainJobs();
    return setup;
  }

  it('subscribe → renewal paid → declined (past_due, retried) → unpaid → paid with a new card → active', async () => {
    (await localStripe()).configureRetries({ days: [3, 5, 7], after: 'unpaid' });
    const { user, customerId, subscriptionId } = await member();
    const providerId = user.providerIds[0];
    const profileLive = async () =>
      (await ctx().db('providers').where({ id: providerId }).first('has_paid_plan'))!.has_paid_plan as boolean;

    // 1. Subscribed: active, the first invoice paid, the next payment at the period's end.
    let subscription = await subscriptionOf(subscriptionId);
    let periodEnd = subscription.items.data[0].current_period_end;
    let text = await planPage(client);
    assert.match(text, /Seat-based membership Active/);
    assert.match(text, new RegExp(`Next payment ${shown(periodEnd)}`));
    assert.deepEqual(await historyRows(), [{ total: 5900, status: 'paid' }]);
    assert.equal(await profileLive(), true);

    // 2. The period ends: a renewal invoice of $59.00, paid; the next payment a period later.
    await advance(periodEnd - localNow() + 3600);
    subscription = await subscriptionOf(subscriptionId);
    assert.equal(subscription.status, 'active');
    assert.ok(subscription.items.data[0].current_period_end > periodEnd, 'a new period began');
    periodEnd = subscription.items.data[0].current_period_end;
    text = await planPage(client);
    assert.match(text, /Seat-based membership Active/);
    assert.match(text, new RegExp(`Next payment ${shown(periodEnd)}`));
    assert.deepEqual(await historyRows(), [
      { total: 5900, status: 'paid' },
      { total: 5900, status: 'paid' },
    ]);
    assert.match(text, /\$59\.00 Paid.*\$59\.00 Paid/s);

    // 3. The card now declines: the next renewal's invoice stays open, the membership is past due (still live:
    // the profile keeps its paid plan while the card processor retries).
    const failing = await gateway().attachCard(customerId, 'pm_card_chargeCustomerFail', key('failing'));
    await gateway().setDefaultCard(customerId, failing, key('default-failing'));
    await advance(periodEnd - localNow() + 3600);
    subscription = await subscriptionOf(subscriptionId);
    assert.equal(subscription.status, 'past_due');
    text = await planPage(client);
    assert.match(text, /Seat-based membership Past due/);
    assert.match(
      text,
      /Your membership payment failed: \$59\.00 is owed\. We will try your card again on/,
      'the member is asked to pay',
    );
    assert.deepEqual((await historyRows()).at(-1), { total: 5900, status: 'open' });
    assert.match(text, /\$59\.00 Open/);
    assert.equal(await profileLive(), true);
    const developer = textOf((await client.get('/developer-tools').expect(200)).text);
    assert.match(developer, new RegExp(`${subscriptionId} past_due`));

    // 4. The retries (3, 5 and 7 days apart) all decline: unpaid. The invoice stays open, the profile has no
    // paid plan any more, and the payment form sends the member to update the card, not to pay again.
    for (const days of [3, 5, 7]) await advance(days * DAY + 3600);
    subscription = await subscriptionOf(subscriptionId);
    assert.equal(subscription.status, 'unpaid');
    text = await planPage(client);
    assert.match(text, /Seat-based membership Unpaid/);
    assert.ok(text.includes('$59.00 is owed. We will not try your card again'));
    assert.deepEqual((await historyRows()).at(-1), { total: 5900, status: 'open' });
    assert.equal(await profileLive(), false);
    assert.match(
      textOf((await client.get('/developer-tools').expect(200)).text),
      new RegExp(`${subscriptionId} unpaid`),
    );
    const form = await client.get(`/profiles/pay-for/${providerId}`).expect(303);
    assert.equal(form.headers.location, '/plan-management#owed-payments');
    assert.ok(textOf((await client.get('/plan-management').expect(200)).text).includes(PLAN_MESSAGES.payOpenInvoice));

    // 5. A new card, made the default on Plan Management, pays the open invoice (invoices.pay): active again.
    // (The card is added as the hosted card page adds it; that page has tests of its own.)
    const good = await gateway().attachCard(customerId, 'pm_card_mastercard', key('good'));
    await syncCustomer(ctx().db, gateway(), customerId);
    const response = await postForm(client, '/plan-management', `/plan-management/payment-methods/${good}/default`, {});
    assert.equal(response.status, 303);
    await deliverEvents();
    await drainJobs();
    subscription = await subscriptionOf(subscriptionId);
    assert.equal(subscription.status, 'active');
    text = await planPage(client);
    assert.ok(text.includes(PLAN_MESSAGES.openInvoicePaid), text.slice(0, 400));
    assert.match(text, /Seat-based membership Active/);
    assert.ok(!text.includes(PLAN_MESSAGES.incomplete));
    assert.ok(!text.includes('is owed'));
    assert.deepEqual((await historyRows()).at(-1), { total: 5900, status: 'paid' });
    assert.equal(await profileLive(), true);
  });

  it('after the last retry, canceled (the default): under canceled memberships, to be reactivated', async () => {
    (await localStripe()).configureRetries({ days: [3, 5, 7], after: 'canceled' });
    const { user, customerId, subscriptionId } = await member();
    const failing = await gateway().attachCard(customerId, 'pm_card_chargeCustomerFail', key('failing'));
    await gateway().setDefaultCard(customerId, failing, key('default-failing'));
    const periodEnd = (await subscriptionOf(subscriptionId)).items.data[0].current_period_end;
    await advance(periodEnd - localNow() + 3600);
    assert.equal((await subscriptionOf(subscriptionId)).status, 'past_due');
    for (const days of [3, 5, 7]) await advance(days * DAY + 3600);
    const subscription = await subscriptionOf(subscriptionId);
    assert.equal(subscription.status, 'canceled');
    const text = await planPage(client);
    assert.match(text, /Canceled memberships.*Seat-based membership Canceled/s);
    assert.match(text, new RegExp(`Ended ${shown(subscription.ended_at!)}`));
    assert.match(text, /Reactivate this membership/);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
  });

  it('a trial: trialing shows as Active, with the first payment on the trial’s end; then the card is charged', async () => {
    const user = await createProviderUser(ctx().db);
    const { customerId } = await billedAccount(user.accountId, user.providerIds, { membership: null });
    // A membership with a 14-day trial.
    const subscription = await gateway().createSubscription(
      {
        customer: customerId,
        items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }],
        trial_period_days: 14,
        metadata: { seat_based: 'yes', provider_ids: String(user.providerIds[0]) },
      },
      key('trial'),
    );
    assert.equal(subscription.status, 'trialing');
    client = agent();
    await signIn(client, user.email);
    await deliverEvents();
    await drainJobs();
    const trialEnd = subscription.trial_end!;
    let text = await planPage(client);
    assert.match(text, /Seat-based membership Active/, 'trialing shows as Active (spec 3 §4)');
    assert.match(text, new RegExp(`Next payment ${shown(trialEnd)}`));
    assert.ok(!(await historyRows()).some((row) => row.total > 0), 'nothing is charged during the trial');

    await advance(trialEnd - localNow() + 3600);
    const after = await subscriptionOf(subscription.id);
    assert.equal(after.status, 'active');
    text = await planPage(client);
    assert.match(text, /Seat-based membership Active/);
    assert.deepEqual(
      (await historyRows()).filter((row) => row.total > 0),
      [{ total: 5900, status: 'paid' }],
    );
  });
});
