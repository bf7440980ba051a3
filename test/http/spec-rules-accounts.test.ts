// Spec 1 §3 rules about accounts (issue [14] items 2 and 3): an account with an error is ignored
// everywhere, the signed-in user's viewer included; an account's reserved names (feature_flags.reserved_name)
// cannot be taken by another sign-up or profile creation, and a sign-up that takes one is kept on hold
// with the error stored on its account (spec 1 §8).
import assert from 'node:assert/strict';
import { RESERVED_NAME_ERROR, RESERVED_NAME_MESSAGE } from '../../server/domain/accounts';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, textOf, type Agent } from '../support/http';

const DENIED = /Oops! You are unable to access this resource\.\.\./;

describe('accounts with an error are ignored by the viewer (spec 1 §3)', () => {
  it("lists neither the profiles nor the roles of the user's account that has an error", async () => {
    const db = ctx().db;
    const user = await createProviderUser(db, { providers: [{ firstName: 'Ann' }, { firstName: 'Ben' }] });
    // A second account of the same user: a profile with clinician access, and the roles that open Practice Inbox and Referral Data.
    const [broken] = await db('accounts').insert({ name: 'broken', error: 'reserved_name' }).returning('id');
    const [errolProfile] = await db('providers')
      .insert({
        account_id: broken.id,
        type: 'individual',
        status: 'active',
        first_name: 'Errol',
        last_name: 'Broken',
        slug: 'errol-broken',
      })
      .returning('id');
    await db('provider_clinicians').insert({ user_id: user.userId, provider_id: errolProfile.id });
    for (const role of ['intake-coordinator', 'intake-exporter'])
      await db('account_roles').insert({ user_id: user.userId, account_id: broken.id, role });

    const client = agent();
    await signIn(client, user.email);
    const profiles = mainTextOf((await client.get('/profiles').expect(200)).text);
    assert.match(profiles, /Ann Test/);
    assert.match(profiles, /Ben Test1/);
    assert.doesNotMatch(profiles, /Errol/);
    // The profile cannot be selected either: asking for it keeps the current one.
    const home = await client.get(`/profiles?current_provider_id=${errolProfile.id}`).expect(200);
    assert.doesNotMatch(textOf(home.text), /Errol/);
    // The roles on that account open nothing.
    assert.match(mainTextOf((await client.get('/practice-inbox').expect(403)).text), DENIED);
    assert.match(mainTextOf((await client.get('/referral-data').expect(403)).text), DENIED);
    assert.doesNotMatch(home.text, />\s*Practice Inbox\s*</);
    assert.doesNotMatch(home.text, />\s*Referral Data\s*</);

    // Once the error is cleared, the same user sees that account's profile and roles again.
    await db('accounts').where({ id: broken.id }).update({ error: null });
    const again = await client.get('/profiles').expect(200);
    assert.match(mainTextOf(again.text), /Errol Broken/);
    await client.get('/practice-inbox').expect(200);
  });
});

// ---- reserved names

const PASSWORD = 'Sunny1';
const individual = (overrides: Record<string, string> = {}) => ({
  type: 'individual',
  first_name: 'Dana',
  last_name: 'Rivera',
  email: 'dana.rivera@example.test',
  phone_number: '(212) 555-0142',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: '1',
  website: '',
  ...overrides,
});

async function signUp(client: Agent, body: Record<string, string>) {
  const form = await client.get('/signup');
  return client
    .post('/signup')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), ...body });
}

/** An account that reserves the names of its profiles (an individual Dana Rivera and a practice Harbor Light Counseling). */
async function reservingAccount(flag: unknown = true) {
  const made = await createProviderUser(ctx().db, {
    providers: [
      { firstName: 'Dana', lastName: 'Rivera' },
      { type: 'practice', companyName: 'Harbor Light Counseling' },
    ],
  });
  await ctx()
    .db('accounts')
    .where({ id: made.accountId })
    .update({ feature_flags: JSON.stringify({ reserved_name: flag }) });
  return made;
}

const accountOfLogin = async (email: string) =>
  ctx()
    .db('accounts as a')
    .join('account_roles as r', 'r.account_id', 'a.id')
    .join('users as u', 'u.id', 'r.user_id')
    .where('u.email', email)
    .first('a.id', 'a.error');

async function isSignedIn(client: Agent): Promise<boolean> {
  return (await client.get('/auth/session').set('Accept', 'application/json')).status === 200;
}

describe('reserved names: sign-up (spec 1 §3 feature_flags.reserved_name, §8 the reserved-name error is stored)', () => {
  it('a sign-up taking a reserved name (any case and spacing) is kept on hold: the error is stored on its account, nobody is signed in', async () => {
    await reservingAccount();
    const client = agent();
    const response = await signUp(client, individual({ first_name: '  DANA ', last_name: 'rivera' }));
    assert.equal(response.status, 409);
    const text = mainTextOf(response.text);
    assert.match(text, /The name Dana rivera is reserved for another profile in our directory\./);
    assert.match(text, /We have kept your registration, but it stays on hold until our team has checked it\./);
    const account = await accountOfLogin('dana.rivera@example.test');
    assert.equal(account.error, RESERVED_NAME_ERROR);
    const provider = await ctx().db('providers').where({ account_id: account.id }).first('first_name', 'last_name');
    assert.deepEqual({ ...provider }, { first_name: 'Dana', last_name: 'rivera' });
    assert.equal(await isSignedIn(client), false);
    // The same address again: the held account cannot be used (spec 1 §8: "Uh oh! This account cannot be accessed…").
    const again = await signUp(agent(), individual());
    assert.equal(again.status, 403);
    assert.match(textOf(again.text), /Uh oh! This account cannot be accessed…/);
  });

  it('signing in to a held registration signs nobody in: the on-hold page instead of an empty profile list', async () => {
    await reservingAccount();
    assert.equal((await signUp(agent(), individual())).status, 409);
    const client = agent();
    const login = await client.get('/login');
    const response = await client
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), email: 'dana.rivera@example.test', password: PASSWORD });
    assert.equal(response.status, 403);
    assert.match(mainTextOf(response.text), /Your account is on hold until our team has checked it\./);
    assert.equal(await isSignedIn(client), false);
    // Once our team clears the error, the same login signs in.
    await ctx()
      .db('accounts')
      .where({ id: (await accountOfLogin('dana.rivera@example.test')).id })
      .update({ error: null });
    await signIn(client, 'dana.rivera@example.test', PASSWORD);
    assert.equal(await isSignedIn(client), true);
  });

  it("a practice's company name is reserved too", async () => {
    await reservingAccount();
    const response = await signUp(agent(), {
      type: 'practice',
      company_name: 'harbor light  counseling',
      full_name: 'Morgan Lee',
      send_referrals_to: 'practice',
      email: 'morgan@example.test',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms: '1',
      website: '',
    });
    assert.equal(response.status, 409);
    assert.match(mainTextOf(response.text), /The name harbor light counseling is reserved/);
    assert.equal((await accountOfLogin('morgan@example.test')).error, RESERVED_NAME_ERROR);
  });

  it('the same name is free when no account reserves it, or when the reserving account itself has an error', async () => {
    const unflagged = await reservingAccount(false);
    let response = await signUp(agent(), individual());
    assert.equal(response.status, 303);
    assert.equal((await accountOfLogin('dana.rivera@example.test')).error, null);

    await ctx()
      .db('accounts')
      .where({ id: unflagged.accountId })
      .update({ feature_flags: JSON.stringify({ reserved_name: true }), error: 'closed' });
    response = await signUp(agent(), individual({ email: 'dana.two@example.test' }));
    assert.equal(response.status, 303);
    assert.equal((await accountOfLogin('dana.two@example.test')).error, null);
  });

  it('/signup-from-client: the new account is held the same way', async () => {
    await reservingAccount();
    const client = await createProviderUser(ctx().db, {
      email: 'casey@example.test',
      scopes: ['client'],
      providers: [],
    });
    await ctx().db('account_roles').where({ user_id: client.userId }).del();
    await ctx().db('accounts').where({ id: client.accountId }).del();
    const browser = agent();
    const page = await browser.get('/signup-from-client').expect(200);
    const response = await browser
      .post('/signup-from-client')
      .type('form')
      .send({
        _csrf: csrfFrom(page.text),
        email: 'casey@example.test',
        password: TEST_PASSWORD,
        type: 'individual',
        first_name: 'Dana',
        last_name: 'Rivera',
        phone_number: '2125550142',
        terms: '1',
      });
    assert.equal(response.status, 409);
    assert.match(mainTextOf(response.text), /The name Dana Rivera is reserved/);
    assert.equal((await accountOfLogin('casey@example.test')).error, RESERVED_NAME_ERROR);
  });
});

describe('reserved names: profile creation', () => {
  async function create(client: Agent, body: Record<string, string>) {
    const page = await client.get(`/profiles/create?type=${body.type}`).expect(200);
    return client
      .post('/profiles/create')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...body });
  }

  it("another account's owner cannot take a reserved name: the message beside the name, typed values kept, nothing created, their account untouched", async () => {
    await reservingAccount();
    const owner = await createProviderUser(ctx().db, { providers: [{ firstName: 'Olive', lastName: 'Owner' }] });
    const client = agent();
    await signIn(client, owner.email);
    const before = Number((await ctx().db('providers').count({ n: '*' }))[0]!.n);
    const response = await create(client, {
      type: 'individual',
      first_name: 'DANA',
      last_name: 'rivera',
      phone_number: '2125550142',
    });
    assert.equal(response.status, 422);
    assert.ok(
      response.text.includes(`id="first_name-error">${RESERVED_NAME_MESSAGE.replace(/'/g, '&#x27;')}<`),
      'the message beside the first name',
    );
    assert.match(response.text, /name="last_name"[^>]*value="rivera"/);
    const practice = await create(client, {
      type: 'practice',
      company_name: 'Harbor Light Counseling',
      full_name: 'Jordan Hale',
      phone_number: '2125550143',
    });
    assert.equal(practice.status, 422);
    assert.ok(practice.text.includes(`id="company_name-error">${RESERVED_NAME_MESSAGE.replace(/'/g, '&#x27;')}<`));
    assert.equal(Number((await ctx().db('providers').count({ n: '*' }))[0]!.n), before);
    assert.equal((await ctx().db('accounts').where({ id: owner.accountId }).first('error'))!.error, null);
    // Another name goes through.
    assert.equal(
      (
        await create(client, {
          type: 'individual',
          first_name: 'Dana',
          last_name: 'Rivers',
          phone_number: '2125550142',
        })
      ).status,
      303,
    );
  });

  it('the reserving account may reuse its own names (only the same-name question is asked)', async () => {
    const reserving = await reservingAccount();
    const client = agent();
    await signIn(client, reserving.email);
    const response = await create(client, {
      type: 'individual',
      first_name: 'Dana',
      last_name: 'Rivera',
      phone_number: '2125550142',
    });
    assert.equal(response.status, 200);
    assert.doesNotMatch(textOf(response.text), /reserved/);
    assert.match(textOf(response.text), /Create anyway/);
  });
});
