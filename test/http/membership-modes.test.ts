// The payment form's other modes (issue [10]; spec 3 §2 routes, §4 "Payment flow" modes and flashes, §5):
// add seat, the submitRequest step, practice management and Private Pay Booster upgrades (seat-based and
// legacy), switch to monthly, and reactivation; each with its ids refused to other accounts.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf, signIn, textOf } from '../support/http';
import { gateway, membershipOf, priceId, type MembershipSetup, PAYMENT_ADDRESS } from '../support/billing';
import { syncCustomer } from '../../server/domain/billing';

/** An owner with providers (the first paid on the given items), signed in. */
async function member(options: MembershipSetup) {
  const made = await membershipOf(options);
  const client = agent();
  await signIn(client, made.user.email);
  return { ...made, client };
}

async function payStep(client: ReturnType<typeof agent>, path: string) {
  const page = await client.get(path).expect(200);
  return {
    page,
    text: mainTextOf(page.text),
    attempt: /name="attempt" value="([^"]+)"/.exec(page.text)![1]!,
    csrf: csrfFrom(page.text),
  };
}

const itemsOf = async (subscriptionId: string) =>
  Object.fromEntries(
    (
      await ctx()
        .db('billing_subscription_items')
        .where({ subscription_id: subscriptionId })
        .select('lookup_key', 'quantity')
    ).map((i) => [i.lookup_key, i.quantity]),
  );

describe('payment form: add seat', () => {
  it('adds a seat for a new clinician on the seat-based subscription, with the proration preview; a double submit adds one', async () => {
    const { user, client, subscriptionId } = await member({
      items: [
        ['membership_monthly_v3', 1],
        ['practice_management_professional_monthly_v3', 1],
      ],
      providers: 2,
    });
    const newcomer = user.providerIds[1]!;
    const plan = mainTextOf((await client.get(`/profiles/pay-for/${newcomer}`).expect(200)).text);
    assert.match(plan, /Add a seat for Taylor Test1 to your practice's membership: \$78\.00 a month more, prorated/);
    const { text, attempt, csrf } = await payStep(client, `/profiles/pay-for/${newcomer}?step=pay`);
    assert.match(text, /Remaining time on (\d+ × )?Directory membership/);
    assert.match(text, /Remaining time on (\d+ × )?Practice management \(Professional\)/);
    assert.match(text, /Charged now for the rest of this billing period/);
    const body = formBody({ ...PAYMENT_ADDRESS, source: '', attempt, _csrf: csrf });
    const [first, second] = await Promise.all(
      [1, 2].map(() => client.post(`/profiles/pay-for/${newcomer}`).type('form').send(body)),
    );
    assert.equal(first!.status, 303);
    assert.equal(second!.status, 303);
    assert.equal(first!.headers.location, `/profiles/about-you-for/${newcomer}`);
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 2,
      practice_management_professional_monthly_v3: 2,
    });
    assert.equal((await ctx().db('providers').where({ id: newcomer }).first('has_paid_plan'))!.has_paid_plan, true);
    assert.equal((await ctx().db('billing_subscriptions').where({ account_id: user.accountId })).length, 1);
    // The seat is held: the form no longer offers to pay for it.
    assert.equal((await client.get(`/profiles/pay-for/${newcomer}`)).status, 303);
  });

  it('a customised seat mix becomes a support request (submitRequest), then Plan Management with the flash', async () => {
    const { user, client, subscriptionId } = await member({
      items: [
        ['membership_monthly_v3', 2],
        ['private_pay_booster_pro_monthly_v3', 1],
      ],
      providers: 3,
      paidProviders: 2,
    });
    const newcomer = user.providerIds[2]!;
    const page = await client.get(`/profiles/pay-for/${newcomer}`).expect(200);
    assert.match(mainTextOf(page.text), /customised mix of seats/);
    assert.doesNotMatch(page.text, /name="attempt"/);
    const sent = await client
      .post(`/profiles/pay-for/${newcomer}/request`)
      .type('form')
      .send(formBody({ _csrf: csrfFrom(page.text) }));
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.location, '/plan-management');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      /Support request submitted, we'll contact you shortly!/,
    );
    assert.equal(
      (await ctx().db('support_requests').where({ account_id: user.accountId, template: 'membership-change' })).length,
      1,
    );
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 2,
      private_pay_booster_pro_monthly_v3: 1,
    });
  });
});

describe('payment form: practice management upgrade', () => {
  it('adds practice management to every seat, asking for a choice first; flash on Plan Management', async () => {
    const { user, client, subscriptionId } = await member({
      items: [['membership_monthly_v3', 2]],
      providers: 2,
      paidProviders: 2,
    });
    const path = `/practice-management/upgrade/${user.accountId}`;
    const page = await client.get(path).expect(200);
    assert.match(page.text, /<title>Add Practice Management \|/);
    assert.match(mainTextOf(page.text), /Practice management Professional: \$38\.00 a month/);
    const unchosen = await client.get(`${path}?step=pay`).expect(422);
    assert.match(mainTextOf(unchosen.text), /Please select a practice management option to upgrade\./);
    const { text, attempt, csrf } = await payStep(client, `${path}?step=pay&tier=premium`);
    assert.match(text, /Remaining time on (\d+ × )?Practice management \(Premium\)/);
    const paid = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, tier: 'premium', source: '', attempt, _csrf: csrf }));
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.location, '/plan-management');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      /Successful payment! Thank you for upgrading your plan!/,
    );
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 2,
      practice_management_premium_monthly_v3: 2,
    });
    assert.equal((await ctx().db('accounts').where({ id: user.accountId }).first('tier'))!.tier, 'premium');
    // Premium has nothing further: an empty title and the alert.
    const done = await client.get(path).expect(200);
    assert.match(mainTextOf(done.text), /should not have been reachable/);
  });

  it('titles a professional account "Upgrade to Practice Management Premium", and swaps the price', async () => {
    const { user, client, subscriptionId } = await member({
      items: [
        ['membership_monthly_v3', 1],
        ['practice_management_professional_monthly_v3', 1],
      ],
    });
    const path = `/practice-management/upgrade/${user.accountId}`;
    assert.match((await client.get(path).expect(200)).text, /<title>Upgrade to Practice Management Premium \|/);
    const { attempt, csrf } = await payStep(client, `${path}?step=pay&tier=premium`);
    assert.equal(
      (
        await client
          .post(path)
          .type('form')
          .send(formBody({ ...PAYMENT_ADDRESS, tier: 'premium', attempt, _csrf: csrf }))
      ).status,
      303,
    );
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 1,
      practice_management_premium_monthly_v3: 1,
    });
  });

  it('upgrades a sole legacy subscription (legacy upgrade); two legacy subscriptions go to /plan-management', async () => {
    const { user, client, customerId, subscriptionId } = await member({
      items: [['membership_monthly_v3', 1]],
      seatBased: false,
      providers: 2,
    });
    const path = `/practice-management/upgrade/${user.accountId}`;
    const { attempt, csrf } = await payStep(client, `${path}?step=pay&tier=professional`);
    assert.equal(
      (
        await client
          .post(path)
          .type('form')
          .send(formBody({ ...PAYMENT_ADDRESS, tier: 'professional', attempt, _csrf: csrf }))
      ).headers.location,
      '/plan-management',
    );
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 1,
      practice_management_professional_monthly_v3: 1,
    });

    const two = await member({ items: [['membership_monthly_v3', 1]], seatBased: false, providers: 2 });
    const second = await gateway().createSubscription(
      {
        customer: two.customerId,
        items: [{ price: await priceId('membership_monthly_v3') }],
        metadata: { provider_id: String(two.user.providerIds[1]) },
      },
      `modes-second-${two.customerId}`,
    );
    await syncCustomer(ctx().db, gateway(), two.customerId);
    assert.ok(second.id && customerId);
    const redirected = await two.client.get(`/practice-management/upgrade/${two.user.accountId}`).expect(303);
    assert.equal(redirected.headers.location, '/plan-management');
  });

  it("refuses another account's id, and a declined card changes nothing", async () => {
    const other = await member({ items: [['membership_monthly_v3', 1]] });
    const { user, client, subscriptionId } = await member({
      items: [['membership_monthly_v3', 1]],
      card: 'pm_card_visa',
    });
    await client.get(`/practice-management/upgrade/${other.user.accountId}`).expect(404);
    await client.get(`/reimbursify/upgrade/${other.user.accountId}`).expect(404);
    // The card on file now declines: the upgrade's charge fails and shows Stripe's message.
    const customerId = (await ctx().db('billing_customers').where({ account_id: user.accountId }).first('id'))!.id;
    const declining = await gateway().attachCard(
      customerId,
      'pm_card_chargeCustomerFail',
      `modes-decline-${user.accountId}`,
    );
    await syncCustomer(ctx().db, gateway(), customerId);
    const path = `/practice-management/upgrade/${user.accountId}`;
    const { attempt, csrf } = await payStep(client, `${path}?step=pay&tier=professional`);
    const failed = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, tier: 'professional', source: declining, attempt, _csrf: csrf }))
      .expect(422);
    assert.match(textOf(/id="payment-failure"[^>]*>([^<]*)</.exec(failed.text)![1]!), /Your card was declined\./);
    assert.deepEqual(await itemsOf(subscriptionId), { membership_monthly_v3: 1 });
    // An attempt of this form cannot pay another form (the reimbursify upgrade): it has expired there.
    const stale = await client
      .post(`/reimbursify/upgrade/${user.accountId}`)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, tier: 'pro', attempt, _csrf: csrf }))
      .expect(422);
    assert.match(mainTextOf(stale.text), /This payment page has expired, so nothing was charged\./);
  });
});

describe('payment form: Private Pay Booster upgrade', () => {
  it('adds Private Pay Booster Pro to every seat, then offers Premium only', async () => {
    const { user, client, subscriptionId } = await member({ items: [['membership_monthly_v3', 1]] });
    const path = `/reimbursify/upgrade/${user.accountId}`;
    const { attempt, csrf } = await payStep(client, `${path}?step=pay&tier=pro`);
    const paid = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, tier: 'pro', attempt, _csrf: csrf }));
    assert.equal(paid.headers.location, '/plan-management');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      /Successful payment! Thank you for upgrading Private Pay Booster!/,
    );
    assert.deepEqual(await itemsOf(subscriptionId), {
      membership_monthly_v3: 1,
      private_pay_booster_pro_monthly_v3: 1,
    });
    assert.equal(
      (await ctx().db('accounts').where({ id: user.accountId }).first('has_paid_reimbursify_plan'))!
        .has_paid_reimbursify_plan,
      true,
    );
    const again = mainTextOf((await client.get(path).expect(200)).text);
    assert.match(again, /Private Pay Booster Premium/);
    assert.doesNotMatch(again, /Private Pay Booster Pro:/);
  });
});

describe('payment form: switch to monthly', () => {
  it('switches a yearly membership to monthly prices with the flash; ids without sub_ go to Plan Management, others are not found', async () => {
    const { user, client, subscriptionId } = await member({ items: [['membership_yearly_v3', 1]], seatBased: false });
    const other = await member({ items: [['membership_yearly_v3', 1]], seatBased: false });
    await client.get(`/membership/switch-to-monthly/${other.subscriptionId}`).expect(404);
    assert.equal(
      (await client.get('/membership/switch-to-monthly/12345').expect(303)).headers.location,
      '/plan-management',
    );
    const path = `/membership/switch-to-monthly/${subscriptionId}`;
    assert.match(mainTextOf((await client.get(path).expect(200)).text), /Pay \$59\.00 a month instead of once a year/);
    const { attempt, csrf } = await payStep(client, `${path}?step=pay`);
    const switched = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, attempt, _csrf: csrf }));
    assert.equal(switched.headers.location, '/plan-management');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      /Success! You have switched from annual to monthly payments!/,
    );
    assert.deepEqual(await itemsOf(subscriptionId), { membership_monthly_v3: 1 });
    assert.equal(
      (await ctx().db('billing_subscriptions').where({ id: subscriptionId }).first('interval'))!.interval,
      'month',
    );
    assert.equal(user.accountId > 0, true);
  });
});

describe('payment form: reactivate', () => {
  it('starts a canceled membership again, with the flash and the next steps', async () => {
    const { user, client, subscriptionId } = await member({
      items: [
        ['membership_monthly_v3', 1],
        ['practice_management_professional_monthly_v3', 1],
      ],
      status: 'canceled',
    });
    const providerId = user.providerIds[0]!;
    const path = `/profiles/pay-for/${providerId}`;
    assert.match(
      mainTextOf((await client.get(`${path}?reactivate=${subscriptionId}`).expect(200)).text),
      /Reactivate the Professional membership of Taylor Test: \$78\.00 a month\./,
    );
    const { text, attempt, csrf } = await payStep(client, `${path}?step=pay&reactivate=${subscriptionId}`);
    assert.match(text, /Total due today \$78\.00/);
    const card = (await ctx()
      .db('billing_payment_methods')
      .whereIn('customer_id', ctx().db('billing_customers').where({ account_id: user.accountId }).select('id'))
      .first('id'))!.id;
    const done = await client
      .post(path)
      .type('form')
      .send(formBody({ ...PAYMENT_ADDRESS, source: card, reactivate: subscriptionId, attempt, _csrf: csrf }));
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, `${path}/reactivated`);
    const page = await client.get(done.headers.location).expect(200);
    assert.match(textOf(page.text), /You have successfully reactivated your subscription!/);
    assert.match(mainTextOf(page.text), /Next steps/);
    const live = await ctx()
      .db('billing_subscriptions')
      .where({ account_id: user.accountId, status: 'active' })
      .select('id', 'provider_ids');
    assert.equal(live.length, 1);
    assert.notEqual(live[0].id, subscriptionId);
    assert.equal((await ctx().db('providers').where({ id: providerId }).first('has_paid_plan'))!.has_paid_plan, true);
  });
});
