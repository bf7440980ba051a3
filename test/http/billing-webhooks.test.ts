// POST /webhooks/stripe (issue [9] item 4): the signature on the raw body, each event once, and a mirror
// that follows Stripe's current state whatever the order and number of deliveries.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { billedAccount, deliverEvents, gateway, localStripe } from '../support/billing';
import { reconcile, syncCustomer } from '../../server/domain/billing';

const post = (payload: string, signature?: string) => {
  const request = supertest(ctx().app).post('/webhooks/stripe').set('Content-Type', 'application/json');
  return (signature ? request.set('Stripe-Signature', signature) : request).send(payload);
};

const sampleEvent = (id: string, customer: string, type = 'customer.subscription.updated') =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'sub_x', object: 'subscription', customer } },
  });

describe('Stripe webhooks: signatures', () => {
  it('refuses a missing, a forged and a stale signature with 400 and records nothing', async () => {
    const local = await localStripe();
    const payload = sampleEvent('evt_sig1', 'cus_nobody');
    assert.equal((await post(payload)).status, 400);
    const forged = local.sign(payload).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    assert.equal((await post(payload, forged)).status, 400);
    const stale = local.sign(payload, Math.floor(Date.now() / 1000) - 600); // beyond the 5-minute tolerance
    assert.equal((await post(payload, stale)).status, 400);
    const tampered = local.sign(payload);
    assert.equal((await post(payload.replace('cus_nobody', 'cus_somebody'), tampered)).status, 400);
    assert.equal(Number((await ctx().db('billing_webhook_events').count({ n: '*' }).first())!.n), 0);
  });

  it('accepts a signed event once: a replay or a duplicate delivery is answered 200 and does nothing', async () => {
    const local = await localStripe();
    const payload = sampleEvent('evt_dup1', 'cus_dup');
    const signature = local.sign(payload);
    const first = await post(payload, signature);
    assert.equal(first.status, 200);
    assert.equal(first.body.outcome, 'queued');
    const again = await post(payload, signature);
    assert.equal(again.status, 200);
    assert.equal(again.body.outcome, 'duplicate');
    const resent = await post(payload, local.sign(payload)); // Stripe's own retry, signed anew
    assert.equal(resent.body.outcome, 'duplicate');
    const jobs = await ctx().db.raw(`select count(*)::int as n from pgboss.job where name = 'billing.sync-customer'`);
    assert.equal(jobs.rows[0].n, 1);
  });
});

describe('Stripe webhooks: the tolerance window and the event shape', () => {
  const eventRows = async () => Number((await ctx().db('billing_webhook_events').count({ n: '*' }).first())!.n);

  it('refuses a signature dated in the future (+1 hour, +1 year) like a stale one', async () => {
    const local = await localStripe();
    const payload = sampleEvent('evt_future1', 'cus_future');
    const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    assert.equal((await post(payload, local.sign(payload, inSeconds(3600)))).status, 400);
    assert.equal((await post(payload, local.sign(payload, inSeconds(365 * 24 * 3600)))).status, 400);
    assert.equal(await eventRows(), 0);
    assert.equal(
      (await post(payload, local.sign(payload, inSeconds(60)))).status,
      200,
      'a clock a minute ahead is within the window',
    );
  });

  it('a validly signed body that is not a usable event answers 400 and stores nothing', async () => {
    const local = await localStripe();
    const malformed = [
      'null',
      '[]',
      '"evt"',
      '42',
      '{}',
      JSON.stringify({ id: 'evt_m1', type: 'customer.updated' }),
      JSON.stringify({ id: 'evt_m2', type: 'customer.updated', data: null }),
      JSON.stringify({ id: 'evt_m3', type: 'customer.updated', data: { object: null } }),
      JSON.stringify({ id: 42, type: 'customer.updated', data: { object: { object: 'customer', id: 'cus_1' } } }),
      JSON.stringify({ id: 'evt_m4', data: { object: { object: 'customer', id: 'cus_1' } } }),
      JSON.stringify({
        id: 'evt_\u0000',
        type: 'customer.updated',
        data: { object: { object: 'customer', id: 'cus_1' } },
      }),
      JSON.stringify({
        id: 'evt_m5',
        type: 'customer.updated',
        data: { object: { object: 'customer', id: 'cus_\u0000' } },
      }),
      JSON.stringify({ id: 'evt_m6', type: 'invoice.paid', data: { object: { id: 'in_1', customer: { id: 7 } } } }),
      JSON.stringify({ id: 'evt_m7', type: 'invoice.paid', data: { object: { id: 'in_1', customer: 'cus_\u0000' } } }),
      JSON.stringify({
        id: 'evt_m8',
        type: 'invoice.paid',
        data: { object: { id: 'in_1' }, previous_attributes: 'x' },
      }),
      JSON.stringify({ id: 'x'.repeat(300), type: 'invoice.paid', data: { object: { id: 'in_1' } } }),
    ];
    for (const payload of malformed) {
      const response = await post(payload, local.sign(payload));
      assert.equal(response.status, 400, `${payload.slice(0, 80)} answered ${response.status}`);
    }
    assert.equal(await eventRows(), 0);
  });

  it('an event about a customer Stripe does not know is synced once: no retries, one warning', async () => {
    const local = await localStripe();
    const payload = sampleEvent('evt_unknown1', 'cus_never_existed');
    assert.equal((await post(payload, local.sign(payload))).status, 200);
    assert.equal(await drainJobs(), 1);
    const jobs = await ctx().db.raw(`select state, retry_count from pgboss.job where name = 'billing.sync-customer'`);
    assert.deepEqual(
      jobs.rows.map((j: { state: string; retry_count: number }) => [j.state, j.retry_count]),
      [['completed', 0]],
    );
    // What the job did, with its log in view: one warning naming the customer, nothing mirrored.
    const warned: unknown[] = [];
    const logger = {
      info() {},
      warn: (entry: unknown, message?: string) => warned.push([entry, message]),
      error() {},
      debug() {},
    } as never;
    assert.equal(await syncCustomer(ctx().db, gateway(), 'cus_never_existed', logger), null);
    assert.equal(warned.length, 1);
    assert.match(JSON.stringify(warned), /cus_never_existed.*no such customer/);
    assert.equal(await ctx().db('billing_customers').where({ id: 'cus_never_existed' }).first(), undefined);
  });
});

describe('Stripe webhooks: the mirror follows Stripe', () => {
  it('a delivered event makes the sync job re-read the customer: a new card and a canceled membership reach the mirror', async () => {
    const user = await createProviderUser(ctx().db);
    const { customerId, subscriptionId } = await billedAccount(user.accountId, user.providerIds);
    await deliverEvents(); // the creation events: nothing new for the mirror
    await drainJobs();
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      true,
    );

    // Changes made on Stripe's side (the dashboard, support): the portal hears of them by webhook only.
    await gateway().cancelSubscription(subscriptionId!, `test-cancel-${subscriptionId}`);
    await gateway().attachCard(customerId, 'pm_card_mastercard', `test-card2-${customerId}`);
    const statuses = await deliverEvents();
    assert.ok(statuses.length >= 2 && statuses.every((s) => s === 200), `statuses: ${statuses}`);
    assert.ok((await drainJobs()) >= 1);
    assert.equal(
      (await ctx().db('billing_subscriptions').where({ id: subscriptionId! }).first('status'))!.status,
      'canceled',
    );
    assert.equal(
      Number(
        (await ctx().db('billing_payment_methods').where({ customer_id: customerId }).count({ n: '*' }).first())!.n,
      ),
      2,
    );
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
    assert.equal(
      (await ctx().db('accounts').where({ id: user.accountId }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
  });

  it('out of order: an old "active" event processed after the cancellation leaves the membership canceled', async () => {
    const user = await createProviderUser(ctx().db);
    const { subscriptionId } = await billedAccount(user.accountId, user.providerIds);
    const local = await localStripe();
    const events = await local.store.events();
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    await gateway().cancelSubscription(subscriptionId!, `test-cancel-${subscriptionId}`);
    const deleted = (await local.store.events()).find((e) => e.type === 'customer.subscription.deleted')!;
    // The newer event arrives first, the older one last.
    for (const event of [deleted, created]) {
      const payload = JSON.stringify(event);
      assert.equal((await post(payload, local.sign(payload))).status, 200);
    }
    await drainJobs();
    const row = (await ctx().db('billing_subscriptions').where({ id: subscriptionId! }).first('status'))!;
    assert.equal(row.status, 'canceled');
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
  });

  it('an event about a customer of no account of ours is stored and changes no account', async () => {
    const other = await gateway().createCustomer(
      { accountId: 999999, email: 'stranger@example.test', name: 'Stranger' },
      `test-stranger-${Date.now()}`,
    );
    await deliverEvents();
    assert.ok((await drainJobs()) >= 1);
    assert.equal(await ctx().db('billing_customers').where({ id: other.id }).first(), undefined);
  });

  it('the nightly reconcile repairs drift without any webhook, and logs what it changed', async () => {
    const user = await createProviderUser(ctx().db);
    const { subscriptionId } = await billedAccount(user.accountId, user.providerIds);
    await ctx().db('billing_subscriptions').where({ id: subscriptionId! }).update({ status: 'past_due' }); // drift
    const logged: unknown[] = [];
    const logger = { info() {}, warn: (entry: unknown) => logged.push(entry), error() {}, debug() {} } as never;
    const outcome = await reconcile(ctx().db, gateway(), logger);
    assert.equal(outcome.changed, 1);
    assert.equal(
      (await ctx().db('billing_subscriptions').where({ id: subscriptionId! }).first('status'))!.status,
      'active',
    );
    assert.match(JSON.stringify(logged), new RegExp(`${subscriptionId}: past_due → active`));
  });
});
