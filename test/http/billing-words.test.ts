// What the billing pages say and offer (issue [18] items 3 and 11): checkout sells the one-time add-ons
// only; a seat-based practice's new profile is sent to pay for its seat; Private Pay Booster offers only
// what the account does not have, as Plan Management does; the photographer question, an invalid postal
// code, the empty title, the two membership prices and a paid practice's trial end.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, formBody, mainTextOf, signIn } from '../support/http';
import {
  billedAccount,
  membershipOf,
  PAYMENT_ADDRESS,
  priceId,
  type MembershipSetup,
  readyToPay,
} from '../support/billing';

async function member(options: MembershipSetup) {
  const made = await membershipOf(options);
  const client = agent();
  await signIn(client, made.user.email);
  return { ...made, client };
}

describe('checkout sells the one-time add-ons only (issue [18] item 3)', () => {
  it('a membership price at /checkout/{priceId} and its success page are not found; an add-on still sells', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    const client = agent();
    await signIn(client, user.email);
    for (const lookupKey of [
      'membership_monthly_v3',
      'membership_monthly_ny_ca_v4',
      'private_pay_booster_pro_monthly_v3',
    ]) {
      const id = await priceId(lookupKey);
      await client.get(`/checkout/${id}`).expect(404);
      await agent().get(`/checkout/no-sign-in/${id}`).expect(404);
      await client.get(`/checkout/success/${id}?session_id=cs_test_abc`).expect(404);
    }
    const start = await client.get(`/checkout/${await priceId('copywriting_v3')}`).expect(303);
    assert.match(start.headers.location, /\/pay\/cs_test_/);
  });
});

describe('wrong words (issue [18] item 11)', () => {
  it('a new profile in a seat-based practice goes to the payment form for its $78.00 seat, not "nothing to pay"', async () => {
    const { user, client } = await member({
      items: [
        ['membership_monthly_v3', 1],
        ['practice_management_professional_monthly_v3', 1],
      ],
    });
    const form = await client.get('/profiles/create?type=individual').expect(200);
    const created = await client
      .post('/profiles/create')
      .type('form')
      .send({
        _csrf: csrfFrom(form.text),
        type: 'individual',
        first_name: 'Casey',
        last_name: 'Seat',
        phone_number: '(212) 555-0150',
      })
      .expect(303);
    assert.match(created.headers.location!, /^\/profiles\/pay-for\/\d+$/);
    const page = mainTextOf((await client.get(created.headers.location!).expect(200)).text);
    assert.doesNotMatch(page, /nothing to pay/);
    // A seat: membership $59.00 + practice management Professional $19.00 = $78.00 a month (spec 3 §9).
    assert.match(page, /\$78\.00/);
    assert.ok(user.accountId);
  });

  it('Private Pay Booster: a current customer is offered Premium only, on Plan Management and the form; a legacy one goes to /contact on both', async () => {
    const flags = JSON.stringify({ 'account-enable-sso-upgrade-current-reimbursify': true });
    const seat = await member({ items: [['membership_monthly_v3', 1]] });
    await ctx()
      .db('accounts')
      .where({ id: seat.user.accountId })
      .update({ reimbursify_account_created: true, feature_flags: flags });
    const plan = (await seat.client.get('/plan-management').expect(200)).text;
    assert.doesNotMatch(mainTextOf(plan), /Add Private Pay Booster/);
    assert.match(
      plan,
      new RegExp(`href="/reimbursify/upgrade/${seat.user.accountId}"[^>]*>\\s*Upgrade to Private Pay Booster Premium`),
    );
    const form = mainTextOf((await seat.client.get(`/reimbursify/upgrade/${seat.user.accountId}`).expect(200)).text);
    assert.match(form, /Upgrade to Private Pay Booster Premium/);
    assert.doesNotMatch(form, /Private Pay Booster Pro: \$/);

    // Dana: one legacy membership (not seat-based) and Private Pay Booster Pro from the tool.
    const dana = await member({ items: [['membership_monthly_ny_ca_v4', 1]], seatBased: false });
    await ctx()
      .db('accounts')
      .where({ id: dana.user.accountId })
      .update({ reimbursify_account_created: true, feature_flags: flags });
    const danaPlan = (await dana.client.get('/plan-management').expect(200)).text;
    assert.doesNotMatch(mainTextOf(danaPlan), /Add Private Pay Booster/);
    assert.match(danaPlan, /href="\/contact"[^>]*>\s*Upgrade to Private Pay Booster Premium/);
    const sent = await dana.client.get(`/reimbursify/upgrade/${dana.user.accountId}`).expect(303);
    assert.equal(sent.headers.location, '/contact');
  });

  it('the photographer question does not promise a shoot with every membership', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    await ctx()
      .db('locations')
      .insert({ provider_id: user.providerIds[0], state: 'TX', remote_location: true, accepting_patients: 40 });
    await billedAccount(user.accountId, user.providerIds, { membership: null });
    const client = agent();
    await signIn(client, user.email);
    const page = mainTextOf(
      (await client.get(`/profiles/pay-for/${user.providerIds[0]}?step=pay&tier=premium`).expect(200)).text,
    );
    assert.match(page, /Is one of our photographers near you\?/);
    assert.doesNotMatch(page, /Every membership includes a professional photo shoot/);
    assert.match(page, /bought separately/);
  });

  it('a 4-digit ZIP is an invalid postal code, not a missing one; the form keeps what was typed', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    await readyToPay(user.providerIds[0]);
    await billedAccount(user.accountId, user.providerIds, { membership: null });
    const client = agent();
    await signIn(client, user.email);
    const path = `/profiles/pay-for/${user.providerIds[0]}`;
    const page = await client.get(`${path}?step=pay&tier=basic`).expect(200);
    const posted = await client
      .post(path)
      .type('form')
      .send(
        formBody({
          ...PAYMENT_ADDRESS,
          address_postal_code: '9720',
          tier: 'basic',
          source: /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!,
          attempt: /name="attempt" value="([^"]+)"/.exec(page.text)![1]!,
          _csrf: csrfFrom(page.text),
        }),
      )
      .expect(422);
    const text = mainTextOf(posted.text);
    assert.match(text, /Postal code invalid: enter a 5-digit ZIP code, such as 10001 or 10001-1234\./);
    assert.doesNotMatch(text, /Postal code required\./);
    assert.match(posted.text, /id="address_postal_code"[^>]*value="9720"|value="9720"[^>]*id="address_postal_code"/);
  });

  it('the practice-management upgrade of a Premium account has an empty title, not "Your plan"', async () => {
    const { user, client } = await member({
      items: [
        ['membership_monthly_v3', 1],
        ['practice_management_premium_monthly_v3', 1],
      ],
    });
    const page = (await client.get(`/practice-management/upgrade/${user.accountId}`).expect(200)).text;
    assert.match(mainTextOf(page), /should not have been reachable/);
    assert.doesNotMatch(page, /Your plan/);
    assert.doesNotMatch(page, /<h1>/);
    assert.match(page, new RegExp(`<title>${ctx().config.brandName}</title>`));
  });

  it('Plan Management names the NY/CA and the standard membership prices of one subscription', async () => {
    const { client } = await member({
      items: [
        ['membership_monthly_ny_ca_v4', 2],
        ['membership_monthly_v3', 2],
      ],
      providers: 4,
      paidProviders: 4,
    });
    const text = mainTextOf((await client.get('/plan-management').expect(200)).text);
    // 2 × $69.00 = $138.00 and 2 × $59.00 = $118.00.
    assert.match(text, /Directory membership \(NY\/CA price\) × 2 \$138\.00/);
    assert.match(text, /Directory membership \(standard price\) × 2 \$118\.00/);
  });

  it('a practice that pays for practice management is not told when a trial ends', async () => {
    const user = await createProviderUser(ctx().db, {
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Paid Waters', status: 'active' }],
    });
    const clinic = {
      subdomain: 'paid-after-trial',
      status: 'active',
      trial_end: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    };
    await ctx()
      .db('accounts')
      .where({ id: user.accountId })
      .update({ has_paid_practice_management_plan: true, practice_management: JSON.stringify(clinic) });
    const client = agent();
    await signIn(client, user.email);
    const text = mainTextOf((await client.get('/practice-management').expect(200)).text);
    assert.match(text, /paid-after-trial/);
    assert.doesNotMatch(text, /Trial ends/);
  });
});
