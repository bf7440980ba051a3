// Registration as a visitor meets it (issue 4 items 1 and 2; spec 1 §2 Registration page, §4
// Registration and onboarding, §5 Registration form and Phone, §8 Registration failures). Messages
// are asserted word for word.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { INVITE_PASSWORD, REGISTRATION_PASSWORD, hashToken, newLinkToken } from '../../server/domain/accounts';
import { SIGNUP_LIMIT } from '../../server/features/signup/throttle';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, mainTextOf, textOf, type Agent } from '../support/http';
import { auditActions, lastEmail, linkPath, outbox } from './auth-helpers';

const request = () => supertest(ctx().app);
const PASSWORD = 'Sunny1';

/** A complete individual signup; override any field. */
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

const practice = (overrides: Record<string, string> = {}) => ({
  type: 'practice',
  company_name: 'Harbor Light Counseling',
  full_name: 'Morgan Lee',
  send_referrals_to: 'practice',
  email: 'morgan@example.test',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms: '1',
  website: '',
  ...overrides,
});

async function post(client: Agent, page: string, action: string, body: Record<string, string>) {
  const form = await client.get(page);
  return client
    .post(action)
    .type('form')
    .send({ _csrf: csrfFrom(form.text), ...body });
}

const signUp = (client: Agent, body: Record<string, string>, page = '/signup') => post(client, page, '/signup', body);

async function isSignedIn(client: Agent): Promise<boolean> {
  return (await client.get('/auth/session').set('Accept', 'application/json')).status === 200;
}

async function counts() {
  const db = ctx().db;
  const count = async (table: string) => Number((await db(table).count<{ count: string }[]>({ count: '*' }))[0]!.count);
  return {
    users: await count('users'),
    accounts: await count('accounts'),
    roles: await count('account_roles'),
    providers: await count('providers'),
    clinicians: await count('provider_clinicians'),
  };
}

async function makeInvite(providerId: number, options: { email?: string; expiresAt?: Date; usedAt?: Date } = {}) {
  const token = newLinkToken();
  await ctx()
    .db('invite_tokens')
    .insert({
      token_hash: hashToken(token),
      provider_id: providerId,
      email: options.email ?? 'invited@example.test',
      expires_at: options.expiresAt ?? new Date(Date.now() + 86_400_000),
      used_at: options.usedAt ?? null,
    });
  return token;
}

describe('/signup form (spec 1 §5 Registration form)', () => {
  it('shows the individual form with labelled fields, the honeypot and the terms box', async () => {
    const page = await request().get('/signup').expect(200);
    assert.match(page.text, /<title>Create Your Account \| Members Portal<\/title>/);
    for (const label of [
      'First name',
      'Last name',
      'Email',
      'Phone number',
      'Password',
      'Confirm password',
      'I agree to the terms of service',
    ]) {
      assert.match(page.text, new RegExp(`<label for="[^"]+">${label}</label>`), label);
    }
    assert.match(page.text, /name="website"/);
    assert.match(page.text, /name="_csrf"/);
    assert.match(mainTextOf(page.text), /Create Account Locations About You Your Practice Photos Go Live/);
    const practicePage = await request().get('/signup?type=practice').expect(200);
    for (const label of ['Company name', 'Full name'])
      assert.match(practicePage.text, new RegExp(`<label for="[^"]+">${label}</label>`));
    assert.match(textOf(practicePage.text), /Where should we send client referrals\?/);
    assert.match(practicePage.text, /<input type="hidden" name="type" value="practice"\/>/);
  });

  it('individual: "{Field name} required." for every empty field, and the terms message', async () => {
    const response = await signUp(agent(), { type: 'individual' });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    for (const message of [
      'First name required.',
      'Last name required.',
      'Email required.',
      'Password required.',
      'Confirm password required.',
      'Phone number required.',
      'You must agree to the terms of service.',
    ]) {
      assert.ok(text.includes(message), message);
    }
  });

  it('practice: company name, full name, "Please choose where to send referrals"; phone optional', async () => {
    const response = await signUp(agent(), { type: 'practice', email: 'x@example.test' });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    for (const message of ['Company name required.', 'Full name required.', 'Please choose where to send referrals'])
      assert.ok(text.includes(message), message);
    assert.ok(!text.includes('Phone number required.'));
    assert.match(text, /Phone number \(optional\)/);
  });

  it('"Passwords do not match.", "Invalid email." and the six-character registration rule; typed values come back, passwords do not', async () => {
    let response = await signUp(agent(), individual({ email: 'dana@', password_confirmation: 'Sunny2' }));
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /Invalid email\./);
    assert.match(textOf(response.text), /Passwords do not match\./);
    assert.match(response.text, /value="dana@"/);
    assert.match(response.text, /value="Dana"/);
    assert.doesNotMatch(response.text, /Sunny1|Sunny2/);
    assert.match(response.text, /aria-invalid="true"/);

    response = await signUp(agent(), individual({ password: 'sunny', password_confirmation: 'sunny' }));
    assert.equal(response.status, 422);
    assert.ok(textOf(response.text).includes(REGISTRATION_PASSWORD.message));
    // Six characters with upper, lower and a digit are enough here (not the eight-character invite rule).
    assert.equal(
      (await signUp(agent(), individual({ password: 'Abcde1', password_confirmation: 'Abcde1' }))).status,
      303,
    );
  });

  it('phone rules of spec 1 §5 Phone: invalid and international messages', async () => {
    let response = await signUp(agent(), individual({ phone_number: '555-12' }));
    assert.match(
      textOf(response.text),
      /Please enter a valid US phone number\. Note that we do not share your phone number with anyone\./,
    );
    response = await signUp(agent(), individual({ phone_number: '+44 20 7946 0958' }));
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /contact support/);
  });

  it('names are trimmed, and an all-caps name of 3+ characters is capitalised', async () => {
    assert.equal((await signUp(agent(), individual({ first_name: '  DANA ', last_name: ' de la Cruz ' }))).status, 303);
    const user = await ctx().db('users').where({ email: 'dana.rivera@example.test' }).first();
    assert.equal(user!.first_name, 'Dana');
    assert.equal(user!.last_name, 'de la Cruz');
    const provider = await ctx().db('providers').first();
    assert.equal(provider!.first_name, 'Dana');
    assert.equal(
      (await signUp(agent(), practice({ full_name: 'MORGAN LEE', company_name: '  ABC Counseling ' }))).status,
      303,
    );
    const owner = await ctx().db('users').where({ email: 'morgan@example.test' }).first();
    assert.equal(owner!.full_name, 'Morgan lee');
    assert.equal(owner!.company_name, 'ABC Counseling');
  });
});

describe('the bot check (local captcha adapter: honeypot)', () => {
  it('a filled honeypot field is refused and nothing is created', async () => {
    const response = await signUp(agent(), individual({ website: 'http://spam.example' }));
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /We could not confirm that you are a person/);
    assert.equal((await counts()).users, 0);
    assert.deepEqual(await auditActions(), ['signup_bot_refused']);
  });

  it('at most 20 new logins per IP address an hour: then "There have been too many attempts. Please try again later."', async () => {
    assert.equal((await signUp(agent(), individual())).status, 303);
    const row = await ctx().db('rate_limits').where('key', 'like', 'signups_ip:%').first();
    assert.equal(row!.points, 1);
    await ctx().db('rate_limits').where({ key: row!.key }).update({ points: SIGNUP_LIMIT.perIp });
    const refused = await signUp(agent(), individual({ email: 'second@example.test' }));
    assert.equal(refused.status, 429);
    assert.match(textOf(refused.text), /There have been too many attempts\. Please try again later\./);
    assert.equal((await counts()).users, 1);
  });
});

describe('a successful registration (spec 1 §4 Registration and onboarding)', () => {
  it('creates user, account (owner), incomplete new-wizard provider and clinician access; mails a confirmation; signs in; goes to the next wizard step', async () => {
    const client = agent();
    const response = await signUp(client, individual({ email: 'Dana.Rivera@Example.test' }));
    assert.equal(response.status, 303);
    const db = ctx().db;
    const user = await db('users').where({ email: 'dana.rivera@example.test' }).first();
    assert.ok(user, 'the e-mail is stored lower-cased');
    assert.deepEqual(user.scopes, ['provider']);
    assert.equal(user.phone_number, '+12125550142');
    assert.equal(user.email_confirmed_at, null);
    const roles = await db('account_roles').where({ user_id: user.id });
    assert.deepEqual(
      roles.map((r) => r.role),
      ['owner'],
    );
    const provider = await db('providers').where({ account_id: roles[0].account_id }).first();
    assert.equal(provider!.type, 'individual');
    assert.equal(provider!.status, 'incomplete');
    assert.equal(provider!.created_with_new_wizard, true);
    assert.equal(provider!.signup_source, 'signup');
    assert.equal(provider!.contact_email, 'dana.rivera@example.test');
    assert.ok(await db('provider_clinicians').where({ user_id: user.id, provider_id: provider!.id }).first());
    assert.equal(user.selected_provider_id, provider!.id);
    assert.equal(response.headers.location, `/profiles/create/${provider!.id}`);

    assert.equal(await isSignedIn(client), true);
    const mail = await lastEmail();
    assert.equal(mail.recipient, 'dana.rivera@example.test');
    const confirm = linkPath(mail, '/account/confirm/');
    await client.get(confirm).expect(303);
    assert.ok((await db('users').where({ id: user.id }).first())!.email_confirmed_at, 'the link confirms the address');
    assert.deepEqual(await auditActions(user.id), ['registered', 'email_confirmed']);
  });

  it('issues a new session id and keeps the just-registered flag and the selected profile in the session', async () => {
    const client = agent();
    // A visitor's session exists once it holds something: here the reset request it made.
    const resetPage = await client.get('/password/request');
    const remembered = await client
      .post('/password/request')
      .type('form')
      .send({ _csrf: csrfFrom(resetPage.text), email: 'someone@example.test' })
      .expect(303);
    const before = String(remembered.headers['set-cookie']).match(/portal\.sid=([^;]+)/)?.[1];
    const page = await client.get('/signup');
    const response = await client
      .post('/signup')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...individual() })
      .expect(303);
    const after = String(response.headers['set-cookie']).match(/portal\.sid=([^;]+)/)?.[1];
    assert.ok(before && after && before !== after);
    const row = (await ctx().db('sessions').whereNotNull('user_id').first())!;
    const sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
    assert.equal(sess.justRegistered, true);
    assert.ok(sess.signedInAt);
    const provider = await ctx().db('providers').first();
    assert.equal(sess.providerId, provider!.id);
  });

  it('a group practice: company name on the account and profile, referrals choice kept, phone may be left out', async () => {
    const client = agent();
    assert.equal((await signUp(client, practice(), '/signup?type=practice')).status, 303);
    const provider = await ctx().db('providers').first();
    assert.equal(provider!.type, 'practice');
    assert.equal(provider!.company_name, 'Harbor Light Counseling');
    assert.equal(provider!.phone_number, null);
    assert.equal(jsonObject(provider!.custom_content).send_referrals_to, 'practice');
    const account = await ctx().db('accounts').where({ id: provider!.account_id }).first();
    assert.equal(account!.name, 'Harbor Light Counseling');
  });

  it('one transaction: a failing insert leaves nothing behind, and the form says so (spec 1 §8)', async () => {
    const db = ctx().db;
    await db.raw(
      `CREATE OR REPLACE FUNCTION test_refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
    );
    await db.raw(
      'CREATE TRIGGER test_refuse_clinicians BEFORE INSERT ON provider_clinicians FOR EACH ROW EXECUTE FUNCTION test_refuse_insert()',
    );
    try {
      const client = agent();
      const response = await signUp(client, individual());
      assert.equal(response.status, 500);
      assert.match(textOf(response.text), /There was an error creating your account\./);
      assert.match(response.text, /value="Dana"/);
      assert.deepEqual(await counts(), { users: 0, accounts: 0, roles: 0, providers: 0, clinicians: 0 });
      assert.equal(
        await ctx()
          .db('auth_tokens')
          .count<{ count: string }[]>({ count: '*' })
          .then((r) => Number(r[0]!.count)),
        0,
      );
      assert.deepEqual(await outbox('email'), []);
      assert.equal(await isSignedIn(client), false);
    } finally {
      await db.raw('DROP TRIGGER IF EXISTS test_refuse_clinicians ON provider_clinicians');
      await db.raw('DROP FUNCTION IF EXISTS test_refuse_insert()');
    }
  });
});

describe('partner and referral offers (spec 1 §2, §9)', () => {
  it('?partner=owl shows the partner banner with "25% off first year", records the source and keeps the offer for payment', async () => {
    const client = agent();
    const page = await client.get('/signup?partner=owl').expect(200);
    assert.match(mainTextOf(page.text), /25% off first year/);
    assert.match(page.text, /<input type="hidden" name="partner" value="owl"\/>/);
    assert.match(page.text, /href="\/signup\?type=practice&amp;partner=owl"/);
    // The offer survives a failed post.
    const failed = await client
      .post('/signup')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...individual({ first_name: '' }), partner: 'owl' });
    assert.equal(failed.status, 422);
    assert.match(mainTextOf(failed.text), /25% off first year/);
    await client
      .post('/signup')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...individual(), partner: 'owl' })
      .expect(303);
    assert.equal((await ctx().db('providers').first())!.signup_source, 'partner:owl');
    const row = (await ctx().db('sessions').whereNotNull('user_id').first())!;
    const sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
    assert.deepEqual(sess.signupOffer, { kind: 'partner', partner: 'owl', text: '25% off first year' });
  });

  it('an unknown partner shows no banner', async () => {
    const page = await request().get('/signup?partner=someone').expect(200);
    assert.doesNotMatch(mainTextOf(page.text), /25% off/);
  });

  it('?referral=CODE shows the $49 offer and carries the code', async () => {
    const client = agent();
    const page = await client.get('/signup?referral=DANA-49').expect(200);
    assert.match(mainTextOf(page.text), /\$49 off/);
    await client
      .post('/signup')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...individual(), referral: 'DANA-49' })
      .expect(303);
    assert.equal((await ctx().db('providers').first())!.signup_source, 'referral:DANA-49');
  });
});

describe('registration failures: an e-mail already on file (spec 1 §8)', () => {
  it('e-mail already used: the view asking to log in, with /login?email=', async () => {
    const existing = await createProviderUser(ctx().db, { email: 'taken@example.test' });
    const response = await signUp(agent(), individual({ email: 'Taken@Example.test' }));
    assert.equal(response.status, 409);
    assert.match(textOf(response.text), /already exists\. Please log in instead\./);
    assert.match(response.text, /href="\/login\?email=taken%40example\.test"/);
    assert.equal((await counts()).users, 1);
    assert.deepEqual(await auditActions(existing.userId), []);
  });

  it('a blocked account (error set): 403 "Uh oh! This account cannot be accessed…"', async () => {
    const existing = await createProviderUser(ctx().db, { email: 'blocked@example.test' });
    await ctx().db('accounts').where({ id: existing.accountId }).update({ error: 'fraud review' });
    const response = await signUp(agent(), individual({ email: 'blocked@example.test' }));
    assert.equal(response.status, 403);
    assert.match(textOf(response.text), /Uh oh! This account cannot be accessed…/);
  });

  it('a standalone practice-management account: its page, with log-in and practice-management links when paid', async () => {
    const existing = await createProviderUser(ctx().db, { email: 'pm@example.test' });
    await ctx().db('accounts').where({ id: existing.accountId }).update({ standalone_practice_management: true });
    let response = await signUp(agent(), individual({ email: 'pm@example.test' }));
    assert.equal(response.status, 409);
    assert.match(textOf(response.text), /already belongs to a practice-management account/);
    assert.match(response.text, /href="\/login\?email=pm%40example\.test"/);
    await ctx()
      .db('accounts')
      .where({ id: existing.accountId })
      .update({ has_paid_practice_management_plan: true, practice_management: { subdomain: 'harbor' } });
    response = await signUp(agent(), individual({ email: 'pm@example.test' }));
    assert.match(response.text, /href="https:\/\/harbor\.practice\.example\.com"/);
  });

  it('a client user: offered to add a therapist profile or to go to the client login', async () => {
    await createProviderUser(ctx().db, { email: 'casey@example.test', scopes: ['client'], providers: [] });
    const response = await signUp(
      agent(),
      individual({ email: 'casey@example.test', partner: 'owl' }),
      '/signup?partner=owl',
    );
    assert.equal(response.status, 200);
    const text = textOf(response.text);
    assert.match(text, /belongs to a client account/);
    assert.match(
      response.text,
      /href="\/signup-from-client\?email=casey%40example\.test&amp;partner=owl">Add a therapist profile/,
    );
    assert.match(response.text, new RegExp(`href="${ctx().config.clientSiteUrl}">Go to client login`));
  });
});

describe('/signup when signed in', () => {
  it('an incomplete profile made with the new wizard is sent to its wizard; others go home', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ created_with_new_wizard: true });
    const client = agent();
    assert.equal((await post(client, '/login', '/login', { email: user.email, password: TEST_PASSWORD })).status, 303);
    assert.equal((await client.get('/signup').expect(303)).headers.location, `/profiles/create/${user.providerIds[0]}`);
    await ctx().db('providers').where({ id: user.providerIds[0] }).update({ status: 'active' });
    assert.equal((await client.get('/signup').expect(303)).headers.location, '/');
  });
});

describe('/signup/invite/{inviteToken}', () => {
  it('a valid invitation prefills the invited e-mail, uses the eight-character rule, grants clinician access, uses up the token and signs in', async () => {
    const owner = await createProviderUser(ctx().db, {
      providers: [{ status: 'incomplete', firstName: 'Priya', lastName: 'Shah' }],
    });
    const providerId = owner.providerIds[0]!;
    const token = await makeInvite(providerId);
    const client = agent();
    const page = await client.get(`/signup/invite/${token}`).expect(200);
    assert.match(page.text, /value="invited@example.test"/);
    assert.match(mainTextOf(page.text), /Priya Shah/);
    assert.ok(textOf(page.text).includes(INVITE_PASSWORD.message), 'the eight-character rule is explained');
    const body = {
      first_name: 'PRIYA',
      last_name: 'Shah',
      email: 'invited@example.test',
      password: 'Abcde1',
      password_confirmation: 'Abcde1',
      terms: '1',
      website: '',
    };
    let response = await client
      .post(`/signup/invite/${token}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...body });
    assert.equal(response.status, 422);
    assert.ok(textOf(response.text).includes(INVITE_PASSWORD.message));
    assert.ok(!textOf(response.text).includes('Phone number required.'), 'phone is optional for invited signups');

    response = await client
      .post(`/signup/invite/${token}`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), ...body, password: 'Sunny-day', password_confirmation: 'Sunny-day' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `/profiles/create/${providerId}`);
    const user = await ctx().db('users').where({ email: 'invited@example.test' }).first();
    assert.equal(user!.first_name, 'Priya');
    assert.ok(user!.email_confirmed_at, 'the invited address is confirmed by the invitation link');
    assert.ok(await ctx().db('provider_clinicians').where({ user_id: user!.id, provider_id: providerId }).first());
    assert.deepEqual(
      await ctx().db('account_roles').where({ user_id: user!.id }),
      [],
      'clinician access only, no account role',
    );
    assert.ok((await ctx().db('invite_tokens').first())!.used_at);
    assert.equal(await isSignedIn(client), true);
    assert.deepEqual(await outbox('email'), [], 'no confirmation needed for the invited address');

    // Used now: the clear page with a link to /login.
    const again = await request().get(`/signup/invite/${token}`);
    assert.equal(again.status, 410);
    assert.match(textOf(again.text), /no longer valid/);
    assert.match(again.text, /href="\/login"/);
  });

  it('another address than the invited one gets a confirmation e-mail', async () => {
    const owner = await createProviderUser(ctx().db, { providers: [{ status: 'active' }] });
    const token = await makeInvite(owner.providerIds[0]!);
    const client = agent();
    const body = {
      first_name: 'Priya',
      last_name: 'Shah',
      email: 'priya@example.test',
      password: 'Sunny-day',
      password_confirmation: 'Sunny-day',
      terms: '1',
    };
    const response = await post(client, `/signup/invite/${token}`, `/signup/invite/${token}`, body);
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/', 'a live profile has no wizard to finish');
    assert.equal((await lastEmail()).recipient, 'priya@example.test');
  });

  it('unknown, used and expired tokens show the clear page with a link to /login', async () => {
    const owner = await createProviderUser(ctx().db);
    const used = await makeInvite(owner.providerIds[0]!, { usedAt: new Date() });
    const expired = await makeInvite(owner.providerIds[0]!, { expiresAt: new Date(Date.now() - 1000) });
    for (const token of ['nonsense', newLinkToken(), used, expired]) {
      const response = await request().get(`/signup/invite/${token}`);
      assert.equal(response.status, 410, token);
      assert.match(response.text, /href="\/login"/);
    }
    const client = agent();
    const form = await client.get('/signup');
    const response = await client
      .post(`/signup/invite/${expired}`)
      .type('form')
      .send({
        _csrf: csrfFrom(form.text),
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.test',
        password: 'Sunny-day',
        password_confirmation: 'Sunny-day',
        terms: '1',
      });
    assert.equal(response.status, 410);
    assert.equal((await counts()).users, 1);
  });
});

describe('an invitation for an existing login', () => {
  it('signing up with a taken address asks to log in, and after logging in the invitation is accepted with one button', async () => {
    const owner = await createProviderUser(ctx().db, {
      providers: [{ status: 'incomplete', firstName: 'Priya', lastName: 'Shah' }],
    });
    const providerId = owner.providerIds[0]!;
    const existing = await createProviderUser(ctx().db, {
      email: 'marcus@example.test',
      providers: [{ firstName: 'Marcus', lastName: 'Bell' }],
    });
    const token = await makeInvite(providerId, { email: 'marcus@example.test' });
    const client = agent();
    const body = {
      first_name: 'Marcus',
      last_name: 'Bell',
      email: 'marcus@example.test',
      password: 'Sunny-day',
      password_confirmation: 'Sunny-day',
      terms: '1',
    };
    const taken = await post(client, `/signup/invite/${token}`, `/signup/invite/${token}`, body);
    assert.equal(taken.status, 409);
    assert.match(taken.text, /href="\/login\?email=marcus%40example\.test"/);

    const loggedIn = await post(client, '/login', '/login', { email: existing.email, password: TEST_PASSWORD });
    assert.equal(loggedIn.headers.location, `/signup/invite/${token}`, 'back to the invitation after logging in');
    const page = await client.get(`/signup/invite/${token}`).expect(200);
    assert.match(mainTextOf(page.text), /invited to work on the profile of Priya Shah/);
    const accepted = await client
      .post(`/signup/invite/${token}/acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(accepted.status, 303);
    assert.equal(accepted.headers.location, `/profiles/create/${providerId}`);
    assert.ok(
      await ctx().db('provider_clinicians').where({ user_id: existing.userId, provider_id: providerId }).first(),
    );
    assert.ok((await ctx().db('invite_tokens').first())!.used_at);
    assert.equal((await client.get(`/signup/invite/${token}`)).status, 410);
  });

  it('another signed-in login cannot accept an invitation sent to someone else', async () => {
    const owner = await createProviderUser(ctx().db);
    const other = await createProviderUser(ctx().db, { email: 'other@example.test' });
    const token = await makeInvite(owner.providerIds[0]!, { email: 'invited@example.test' });
    const client = agent();
    await post(client, '/login', '/login', { email: other.email, password: TEST_PASSWORD });
    const page = await client.get(`/signup/invite/${token}`).expect(200);
    assert.match(mainTextOf(page.text), /This invitation was sent to invited@example\.test/);
    const refused = await client
      .post(`/signup/invite/${token}/acceptance`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) });
    assert.equal(refused.status, 403);
    assert.equal(
      await ctx().db('provider_clinicians').where({ user_id: other.userId, provider_id: owner.providerIds[0] }).first(),
      undefined,
    );
    assert.equal((await ctx().db('invite_tokens').first())!.used_at, null);
  });
});

describe('/signup-from-client (spec 1 §2, §7 POST portal/provider-from-client)', () => {
  const details = (overrides: Record<string, string> = {}) => ({
    type: 'individual',
    first_name: 'Casey',
    last_name: 'Client',
    phone_number: '2125550142',
    terms: '1',
    ...overrides,
  });

  it('a client login proves itself with its password and gains the provider scope, an account (owner) and a profile, then goes to the wizard', async () => {
    const client = await createProviderUser(ctx().db, {
      email: 'casey@example.test',
      scopes: ['client'],
      providers: [],
    });
    await ctx().db('account_roles').where({ user_id: client.userId }).del();
    await ctx().db('accounts').where({ id: client.accountId }).del();
    const browser = agent();
    const page = await browser.get('/signup-from-client?email=casey%40example.test').expect(200);
    assert.match(page.text, /value="casey@example.test"/);
    assert.match(page.text, /<title>Add a Therapist Profile \| Members Portal<\/title>/);

    let response = await browser
      .post('/signup-from-client')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email: 'casey@example.test', password: 'Wrong-1', ...details() });
    assert.equal(response.status, 401);
    assert.match(textOf(response.text), /Incorrect email or password/);

    response = await browser
      .post('/signup-from-client')
      .type('form')
      .send({
        _csrf: csrfFrom(page.text),
        email: 'casey@example.test',
        password: TEST_PASSWORD,
        ...details({ first_name: '' }),
      });
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /First name required\./);

    response = await browser
      .post('/signup-from-client')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email: 'casey@example.test', password: TEST_PASSWORD, ...details() });
    assert.equal(response.status, 303);
    const user = await ctx().db('users').where({ id: client.userId }).first();
    assert.deepEqual(user!.scopes, ['client', 'provider']);
    const role = await ctx().db('account_roles').where({ user_id: client.userId }).first();
    assert.equal(role!.role, 'owner');
    const provider = await ctx().db('providers').where({ account_id: role!.account_id }).first();
    assert.equal(provider!.status, 'incomplete');
    assert.equal(provider!.created_with_new_wizard, true);
    assert.equal(provider!.signup_source, 'client');
    assert.equal(response.headers.location, `/profiles/create/${provider!.id}`);
    assert.equal(await isSignedIn(browser), true);
  });

  it('a login that is already a provider login is told so; a signed-in provider goes home', async () => {
    const provider = await createProviderUser(ctx().db, { email: 'both@example.test', scopes: ['provider', 'client'] });
    const response = await post(agent(), '/signup-from-client', '/signup-from-client', {
      email: provider.email,
      password: TEST_PASSWORD,
      ...details(),
    });
    assert.equal(response.status, 409);
    assert.match(textOf(response.text), /already has a provider account/);
    const client = agent();
    assert.equal(
      (await post(client, '/login', '/login', { email: provider.email, password: TEST_PASSWORD })).status,
      303,
    );
    assert.equal((await client.get('/signup-from-client').expect(303)).headers.location, '/');
  });
});
