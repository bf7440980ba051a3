// The membership gates (issue [9] item 7, spec 1 §6, spec 3 §4) follow the billing mirror: a paid plan
// comes from a live subscription and its seats, per provider; two-factor no longer needs one (issue [25]);
// Start Membership refuses the inconsistent basic + practice-management account.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf } from '../support/http';
import { drainJobs } from '../support/jobs';
import { billedAccount, deliverEvents, gateway, priceId } from '../support/billing';
import { recomputeAccount, syncCustomer } from '../../server/domain/billing';

async function signedIn(user: { email: string }) {
  const client = agent();
  await signIn(client, user.email);
  return client;
}

describe('gates: a paid plan is derived from live subscriptions', () => {
  it('an active membership opens the benefit pages; canceled on Stripe, the webhook closes them again', async () => {
    const user = await createProviderUser(ctx().db);
    const client = await signedIn(user);
    await client.get('/benefits/web-badge').expect(403);
    const { subscriptionId } = await billedAccount(user.accountId, user.providerIds);
    await client.get('/benefits/web-badge').expect(200);
    await gateway().cancelSubscription(subscriptionId!, `gate-cancel-${subscriptionId}`);
    await deliverEvents();
    await drainJobs();
    assert.match(mainTextOf((await client.get('/benefits/web-badge').expect(403)).text), /activate your membership/i);
  });

  it('a seat-based subscription pays for the providers it lists, not the others of the account', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [{ type: 'practice', companyName: 'Seat Practice' }, { firstName: 'Paid' }, { firstName: 'Unpaid' }],
    });
    await billedAccount(user.accountId, user.providerIds.slice(0, 2));
    const paid = await ctx().db('providers').whereIn('id', user.providerIds).orderBy('id').pluck('has_paid_plan');
    assert.deepEqual(paid, [true, true, false]);
    const account = await ctx().db('accounts').where({ id: user.accountId }).first('seat_based', 'seat_counts', 'tier');
    assert.equal(account!.seat_based, true);
    assert.deepEqual(account!.seat_counts, { ny: 0, non_ny: 2, reimbursify: 0 });
    assert.equal(account!.tier, 'basic');
    const seats = await ctx()
      .db('provider_paid_seats')
      .orderBy('provider_id')
      .select('provider_id', 'seat_kind', 'canceled_at');
    assert.deepEqual(
      seats.map((s) => [Number(s.provider_id), s.seat_kind, s.canceled_at]),
      [
        [user.providerIds[0], 'non_ny', null],
        [user.providerIds[1], 'non_ny', null],
      ],
    );
  });

  it("a subscription naming another account's provider gives that provider nothing", async () => {
    const stranger = await createProviderUser(ctx().db);
    const user = await createProviderUser(ctx().db);
    await billedAccount(user.accountId, [user.providerIds[0]!, stranger.providerIds[0]!]);
    assert.equal(
      (await ctx().db('providers').where({ id: stranger.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
    assert.equal(
      await ctx().db('provider_paid_seats').where({ provider_id: stranger.providerIds[0] }).first(),
      undefined,
    );
  });

  it('two-factor is offered with an active subscription and with a past-due one alike (issue [25]: not tied to a membership)', async () => {
    const user = await createProviderUser(ctx().db);
    const client = await signedIn(user);
    const { subscriptionId } = await billedAccount(user.accountId, user.providerIds);
    assert.match(textOf((await client.get('/account-preferences/two-factor')).text), /Phone number for codes/);
    await ctx().db('billing_subscriptions').where({ id: subscriptionId! }).update({ status: 'past_due' });
    await recomputeAccount(ctx().db, user.accountId);
    assert.match(textOf((await client.get('/account-preferences/two-factor')).text), /Phone number for codes/);
  });
});

describe('gates: Start Membership (spec 3 §4)', () => {
  it('an account with a basic membership and practice management is alerted and sent home', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const { customerId } = await billedAccount(user.accountId, user.providerIds, { membership: null });
    await gateway().createSubscription(
      {
        customer: customerId,
        items: [{ price: await priceId('membership_monthly_v3') }],
        metadata: { provider_id: '999999' },
      },
      `gate-basic-${customerId}`,
    );
    await gateway().createSubscription(
      { customer: customerId, items: [{ price: await priceId('standalone_practice_management_pro_monthly_v3') }] },
      `gate-pm-${customerId}`,
    );
    await syncCustomer(ctx().db, gateway(), customerId);
    const client = await signedIn(user);
    const response = await client.get(`/profiles/pay-for/${user.providerIds[0]}`).expect(303);
    assert.equal(response.headers.location, '/');
    assert.match(textOf((await client.get('/')).text), /basic membership together with practice management/);
  });

  it('an account without that combination reaches the payment step', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const client = await signedIn(user);
    await client.get(`/profiles/pay-for/${user.providerIds[0]}`).expect(200);
  });

  it('the dashboard offers Start membership only to whom may manage billing for the profile', async () => {
    const owner = await createProviderUser(ctx().db, { providers: [{ status: 'reviewing' }] });
    const clinician = await createProviderUser(ctx().db, { roles: [] });
    await ctx().db('provider_clinicians').insert({ user_id: clinician.userId, provider_id: owner.providerIds[0] });
    await ctx().db('users').where({ id: clinician.userId }).update({ selected_provider_id: owner.providerIds[0] });
    const ownerHome = (await (await signedIn(owner)).get('/').expect(200)).text;
    assert.match(ownerHome, new RegExp(`href="/profiles/pay-for/${owner.providerIds[0]}"`));
    const clinicianHome = (await (await signedIn(clinician)).get('/').expect(200)).text;
    assert.match(clinicianHome, /Profile photo/, 'the clinician sees the same checklist');
    assert.doesNotMatch(clinicianHome, /Start membership/);
  });
});
