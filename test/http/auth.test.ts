// Sign-in, two-factor, sessions, logout, password reset, account recovery and confirmation, as a
// visitor meets them (issue 3; spec 1 §4 Session, Password reset and recovery; §5 Login, Reset
// request and recovery; §8; §9). Messages are asserted word for word.
import assert from 'node:assert/strict';
import type { SessionData } from 'express-session';
import supertest from 'supertest';
import { SIGN_IN_LIMITS, hashToken } from '../../server/domain/accounts';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, signIn, textOf, tokenFor, type Agent } from '../support/http';
import { auditActions, codeIn, enrolTwoFactor, lastEmail, lastSms, linkPath, outbox, postForm } from './auth-helpers';

const request = () => supertest(ctx().app);
const TOO_MANY = 'There have been too many attempts. Please try again later.';
const WRONG_CODE = 'The code you entered is not correct';
const NEW_PASSWORD = 'Brand-new-password-42';

async function logIn(client: Agent, email: string, password = TEST_PASSWORD, extra: Record<string, string> = {}) {
  return postForm(client, '/login', '/login', { email, password, ...extra });
}

async function isSignedIn(client: Agent): Promise<boolean> {
  return (await client.get('/auth/session').set('Accept', 'application/json')).status === 200;
}

describe('/login form (spec 1 §5 Login)', () => {
  it('asks for an e-mail address, a valid one, and a password, keeping what was typed', async () => {
    const client = agent();
    let response = await logIn(client, '', '');
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /You must enter an email address/);
    assert.match(textOf(response.text), /You must enter a password/);
    response = await logIn(client, 'dana@', 'x');
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /Invalid email address format/);
    assert.match(response.text, /value="dana@"/);
    assert.match(response.text, /aria-invalid="true"/);
  });

  it('prefills ?email= and links to login help', async () => {
    const page = await request().get('/login?email=dana%40example.com').expect(200);
    assert.match(page.text, /value="dana@example.com"/);
    assert.match(page.text, /href="\/login\/help"/);
  });

  it('wrong credentials: "Incorrect email or password" with a reset-password link, for a known or unknown address', async () => {
    const user = await createProviderUser(ctx().db);
    for (const [email, password] of [
      [user.email, 'Wrong-password-1'],
      ['nobody@example.test', TEST_PASSWORD],
    ] as const) {
      const response = await logIn(agent(), email, password);
      assert.equal(response.status, 401);
      assert.match(textOf(response.text), /Incorrect email or password\. Please try again, or reset your password/);
      assert.match(response.text, /href="\/password\/request"/);
    }
    assert.deepEqual(await auditActions(user.userId), ['sign_in_failed']);
  });

  it('e-mail addresses are matched without regard to case', async () => {
    const user = await createProviderUser(ctx().db, { email: 'robin.case@example.test' });
    const response = await logIn(agent(), 'Robin.Case@Example.TEST');
    assert.equal(response.status, 303);
    assert.deepEqual(await auditActions(user.userId), ['sign_in']);
  });
});

describe('sign-in throttling (5 failures per e-mail per 15 min, 100 per IP per hour)', () => {
  it('the sixth try after five failures for one e-mail is refused, even with the right password', async () => {
    const user = await createProviderUser(ctx().db);
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.failures; i += 1)
      assert.equal((await logIn(agent(), user.email, 'Wrong-password-1')).status, 401);
    const refused = await logIn(agent(), user.email);
    assert.equal(refused.status, 429);
    assert.match(textOf(refused.text), new RegExp(TOO_MANY.replace(/\./g, '\\.')));
    const actions = await auditActions(user.userId);
    assert.equal(actions.filter((a) => a === 'sign_in_failed').length, 5);
    assert.ok(actions.includes('sign_in_locked'), 'the lock-out is audited');
    // The counter lives in PostgreSQL, shared by every server process.
    const row = await ctx().db('rate_limits').where('key', 'like', 'sign_in_email:%').first();
    assert.ok(row!.points >= 5, `points ${row!.points}`);
  });

  it('a successful sign-in does not count, and does not wipe the failures of its window (a burst could go on)', async () => {
    const user = await createProviderUser(ctx().db);
    for (let i = 0; i < 4; i += 1) await logIn(agent(), user.email, 'Wrong-password-1');
    assert.equal((await logIn(agent(), user.email)).status, 303);
    assert.equal((await logIn(agent(), user.email)).status, 303);
    assert.equal((await logIn(agent(), user.email, 'Wrong-password-1')).status, 401);
    assert.equal((await logIn(agent(), user.email)).status, 429);
  });

  it('a lock-out ends with its window: nobody can lock a user out for good', async () => {
    const user = await createProviderUser(ctx().db);
    for (let i = 0; i < 5; i += 1) await logIn(agent(), user.email, 'Wrong-password-1');
    assert.equal((await logIn(agent(), user.email)).status, 429);
    const row = await ctx().db('rate_limits').where('key', 'like', 'sign_in_email:%').first();
    assert.ok(row!.expire! - Date.now() <= 15 * 60 * 1000 + 1000, 'the window is at most 15 minutes');
    await ctx()
      .db('rate_limits')
      .update({ expire: Date.now() - 1 }); // 15 minutes later
    assert.equal((await logIn(agent(), user.email)).status, 303);
  });

  it('100 failures from one IP address within the hour lock that address for accounts never signed in from it', async () => {
    const user = await createProviderUser(ctx().db);
    await logIn(agent(), 'someone@example.test', 'Wrong-password-1');
    await ctx()
      .db('rate_limits')
      .where('key', 'like', 'sign_in_ip:%')
      .update({ points: SIGN_IN_LIMITS.perIp.failures - 1 });
    await logIn(agent(), 'someone-else@example.test', 'Wrong-password-1');
    const refused = await logIn(agent(), user.email);
    assert.equal(refused.status, 429);
    assert.match(textOf(refused.text), /There have been too many attempts\. Please try again later\./);
  });
});

describe('sign-in outcomes (spec 1 §4 Session)', () => {
  it('otherwise signed in: sent to /profiles, or to the path the login form carries (?next=)', async () => {
    const user = await createProviderUser(ctx().db);
    const first = await logIn(agent(), user.email);
    assert.equal(first.status, 303);
    assert.equal(first.headers.location, '/profiles');
    const client = agent();
    const sent = await client.get('/profile/specialties').expect(303);
    assert.equal(sent.headers.location, `/login?next=${encodeURIComponent('/profile/specialties')}`);
    assert.equal(
      (
        await postForm(client, sent.headers.location!, '/login', {
          email: user.email,
          password: TEST_PASSWORD,
          next: '/profile/specialties',
        })
      ).headers.location,
      '/profile/specialties',
    );
    assert.deepEqual(await auditActions(user.userId), ['sign_in', 'sign_in']);
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.ok(row!.last_sign_in_at);
  });

  it('a client-scope user is asked whether the client login was meant, with a link to the client site, and not signed in', async () => {
    const user = await createProviderUser(ctx().db, { scopes: ['client'] });
    const client = agent();
    const response = await logIn(client, user.email);
    assert.equal(response.status, 200);
    assert.match(textOf(response.text), /Did you mean to log in as a client\?/);
    assert.match(response.text, new RegExp(`href="${ctx().config.clientSiteUrl}"`));
    assert.equal(await isSignedIn(client), false);
  });

  it('origin=client: a user with both scopes is asked, and may continue to the portal', async () => {
    const user = await createProviderUser(ctx().db, { scopes: ['provider', 'client'] });
    const client = agent();
    const page = await client.get('/login?origin=client').expect(200);
    assert.match(page.text, /name="origin" value="client"/);
    const response = await logIn(client, user.email, TEST_PASSWORD, { origin: 'client' });
    assert.equal(response.status, 200);
    assert.match(textOf(response.text), /Did you mean to log in as a client\?/);
    assert.match(response.text, /href="\/profiles">Continue to the Members Portal/);
    assert.equal(await isSignedIn(client), true);
  });

  it('standalone practice-management account not paid: sent to payment', async () => {
    const user = await createProviderUser(ctx().db);
    await ctx().db('accounts').where({ id: user.accountId }).update({ standalone_practice_management: true });
    const response = await logIn(agent(), user.email);
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `/practice-management/upgrade/${user.accountId}`);
  });

  it('standalone practice-management account paid: a page with the link', async () => {
    const user = await createProviderUser(ctx().db);
    await ctx()
      .db('accounts')
      .where({ id: user.accountId })
      .update({
        standalone_practice_management: true,
        has_paid_practice_management_plan: true,
        practice_management: JSON.stringify({ subdomain: 'calm-waters' }),
      });
    const client = agent();
    const response = await logIn(client, user.email);
    assert.equal(response.status, 200);
    assert.match(response.text, /href="https:\/\/calm-waters\.practice\.example\.com">Log in to Practice Management/);
    assert.equal(await isSignedIn(client), true);
  });

  it('reimbursify_redirect_url is honoured only for allow-listed hosts', async () => {
    const user = await createProviderUser(ctx().db);
    const good = 'https://reimbursify.example.com/sso/start';
    const client = agent();
    const page = await client.get(`/login?reimbursify_redirect_url=${encodeURIComponent(good)}`);
    assert.match(page.text, /name="reimbursify_redirect_url" value="https:\/\/reimbursify.example.com\/sso\/start"/);
    assert.equal(
      (await logIn(client, user.email, TEST_PASSWORD, { reimbursify_redirect_url: good })).headers.location,
      good,
    );
    const evil = await logIn(agent(), user.email, TEST_PASSWORD, {
      reimbursify_redirect_url: 'https://evil.example.net/steal',
    });
    assert.equal(evil.headers.location, '/profiles');
    const hidden = await request().get('/login?reimbursify_redirect_url=https%3A%2F%2Fevil.example.net%2F');
    assert.doesNotMatch(hidden.text, /evil\.example\.net/);
  });

  it('a signed-in visitor of /login goes on to the portal', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    assert.equal((await client.get('/login').expect(303)).headers.location, '/profiles');
  });
});

describe('two-factor sign-in by SMS (spec 1 §4 Session outcome 1, §9)', () => {
  async function startTwoFactor(options: { remember?: boolean } = {}) {
    const user = await createProviderUser(ctx().db, { paid: true });
    await enrolTwoFactor(user.userId, '+12125550142');
    const client = agent();
    const response = await logIn(client, user.email);
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/login/verify');
    void options;
    return { user, client };
  }

  it('asks for the 6-digit code sent by SMS, without signing in yet', async () => {
    const { client } = await startTwoFactor();
    assert.equal(await isSignedIn(client), false);
    const sms = await lastSms();
    assert.equal(sms.recipient, '+12125550142');
    assert.match(sms.body, /^\d{6} is your Members Portal verification code/);
    const page = await client.get('/login/verify').expect(200);
    assert.match(textOf(page.text), /ending in 0142/);
    assert.match(page.text, /name="token"/);
    assert.match(textOf(page.text), /Request new code/);
    // Only the hash is stored.
    const stored = await ctx().db('auth_tokens').where({ purpose: 'two_factor_code' }).first();
    assert.equal(stored!.token_hash, hashToken(codeIn(sms)));
    assert.ok(new Date(stored!.expires_at).getTime() - Date.now() <= 10 * 60 * 1000 + 1000, 'valid 10 minutes');
  });

  it('a wrong code: "The code you entered is not correct"; the right one signs in and remembers the device for 30 days', async () => {
    const { user, client } = await startTwoFactor();
    const code = codeIn(await lastSms());
    const wrong = await postForm(client, '/login/verify', '/login/verify', {
      token: code === '000000' ? '111111' : '000000',
      remember: '1',
    });
    assert.equal(wrong.status, 422);
    assert.match(textOf(wrong.text), new RegExp(WRONG_CODE));
    const right = await postForm(client, '/login/verify', '/login/verify', { token: code, remember: '1' });
    assert.equal(right.status, 303);
    assert.equal(right.headers.location, '/profiles');
    assert.equal(await isSignedIn(client), true);
    const cookie = String(right.headers['set-cookie']);
    assert.match(cookie, /portal\.2fa=[A-Za-z0-9_-]{43};/);
    assert.match(cookie, /Max-Age=2592000/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const secret = /portal\.2fa=([A-Za-z0-9_-]{43})/.exec(cookie)![1]!;
    const remembered = await ctx()
      .db('auth_tokens')
      .where({ purpose: 'two_factor_remember', user_id: user.userId })
      .first();
    assert.equal(remembered!.token_hash, hashToken(secret), 'stored hashed');
    const actions = await auditActions(user.userId);
    assert.ok(actions.includes('two_factor_failed') && actions.includes('sign_in'));
  });

  it('a code works once', async () => {
    const { user, client } = await startTwoFactor();
    const code = codeIn(await lastSms());
    await postForm(client, '/login/verify', '/login/verify', { token: code });
    const again = agent();
    await logIn(again, user.email);
    await ctx()
      .db('auth_tokens')
      .where({ purpose: 'two_factor_code' })
      .whereNull('used_at')
      .update({ token_hash: hashToken('999999') });
    const reused = await postForm(again, '/login/verify', '/login/verify', { token: code });
    assert.equal(reused.status, 422);
  });

  it('an expired code (after 10 minutes) is not correct', async () => {
    const { client } = await startTwoFactor();
    const code = codeIn(await lastSms());
    await ctx()
      .db('auth_tokens')
      .where({ purpose: 'two_factor_code' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const response = await postForm(client, '/login/verify', '/login/verify', { token: code });
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), new RegExp(WRONG_CODE));
  });

  it('after 5 wrong codes the code stops working', async () => {
    const { client } = await startTwoFactor();
    const code = codeIn(await lastSms());
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) await postForm(client, '/login/verify', '/login/verify', { token: wrongCode });
    const response = await postForm(client, '/login/verify', '/login/verify', { token: code });
    assert.equal(response.status, 422);
    assert.equal(await isSignedIn(client), false);
  });

  it('"request new code" sends another code (flash New code sent!) and the old one stops working', async () => {
    const { client } = await startTwoFactor();
    const oldCode = codeIn(await lastSms());
    const resent = await postForm(client, '/login/verify', '/login/verify/new-code', {});
    assert.equal(resent.status, 303);
    assert.equal(resent.headers.location, '/login/verify');
    const page = await client.get('/login/verify');
    assert.match(textOf(page.text), /New code sent!/);
    assert.equal((await outbox('sms')).length, 2);
    const newCode = codeIn(await lastSms());
    if (newCode !== oldCode)
      assert.equal((await postForm(client, '/login/verify', '/login/verify', { token: oldCode })).status, 422);
    assert.equal((await postForm(client, '/login/verify', '/login/verify', { token: newCode })).status, 303);
  });

  it('new codes are limited (5 per 15 minutes per user)', async () => {
    const { client } = await startTwoFactor();
    for (let i = 0; i < 4; i += 1) await postForm(client, '/login/verify', '/login/verify/new-code', {});
    await postForm(client, '/login/verify', '/login/verify/new-code', {});
    assert.match(
      textOf((await client.get('/login/verify')).text),
      /There have been too many attempts\. Please try again later\./,
    );
    assert.equal((await outbox('sms')).length, 5);
  });

  it('signing in again past the limit of new codes sends no more SMS; the last code still works', async () => {
    const { user, client } = await startTwoFactor();
    for (let i = 0; i < 4; i += 1) await postForm(client, '/login/verify', '/login/verify/new-code', {});
    const again = agent();
    assert.equal((await logIn(again, user.email)).headers.location, '/login/verify');
    assert.equal((await outbox('sms')).length, 5);
    assert.equal(
      (await postForm(again, '/login/verify', '/login/verify', { token: codeIn(await lastSms()) })).status,
      303,
    );
  });

  it('a remembered device skips the code; after 30 days the code is asked again', async () => {
    const { user, client } = await startTwoFactor();
    await postForm(client, '/login/verify', '/login/verify', { token: codeIn(await lastSms()), remember: '1' });
    await postForm(client, '/', '/logout', {});
    const skipped = await logIn(client, user.email);
    assert.equal(skipped.headers.location, '/profiles');
    await ctx()
      .db('auth_tokens')
      .where({ purpose: 'two_factor_remember' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await postForm(client, '/', '/logout', {});
    assert.equal((await logIn(client, user.email)).headers.location, '/login/verify');
  });

  it('without "remember this device" no cookie is set', async () => {
    const { client } = await startTwoFactor();
    const response = await postForm(client, '/login/verify', '/login/verify', { token: codeIn(await lastSms()) });
    assert.equal(response.status, 303);
    assert.doesNotMatch(String(response.headers['set-cookie'] ?? ''), /portal\.2fa/);
  });

  it('/login/verify without a pending sign-in goes back to /login', async () => {
    assert.equal((await request().get('/login/verify').expect(303)).headers.location, '/login');
  });
});

describe('sessions (spec 1 §4 Session, §9)', () => {
  it('GET /auth/session answers 401 missing-authentication when signed out, the times when signed in', async () => {
    const signedOut = await request().get('/auth/session').set('Accept', 'application/json').expect(401);
    assert.deepEqual(signedOut.body, { message: 'missing-authentication' });
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const state = await client.get('/auth/session').set('Accept', 'application/json').expect(200);
    assert.equal(state.body.signedIn, true);
    const idleMs = new Date(state.body.expiresAt).getTime() - Date.now();
    assert.ok(idleMs > 59 * 60 * 1000 && idleMs <= 60 * 60 * 1000, '60 minutes idle');
    const token = await tokenFor(client, '/');
    await client.post('/auth/session/refresh').set('X-CSRF-Token', token).set('Accept', 'application/json').expect(200);
  });

  it('the session row and cookie last at most the 12-hour lifetime; idleness is judged on the server', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const row = (await ctx().db('sessions').where({ user_id: user.userId }).first())!;
    const left = new Date(row.expire).getTime() - Date.now();
    assert.ok(left > 11.9 * 60 * 60 * 1000 && left <= 12 * 60 * 60 * 1000 + 5000, `expires in ${left} ms`);
    assert.ok(Date.now() - Number((row.sess as SessionData).signedInAt) < 60_000);
  });

  it("a session idle for 60 minutes ends; the session loop's refresh counts as activity", async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const setLastSeen = (msAgo: number) =>
      ctx().db.raw(
        `update sessions set sess = jsonb_set(sess::jsonb, '{lastSeenAt}', to_jsonb(?::bigint))::json where user_id = ?`,
        [Date.now() - msAgo, user.userId],
      );
    const token = await tokenFor(client, '/logout');
    await setLastSeen(59 * 60 * 1000);
    const refreshed = await client
      .post('/auth/session/refresh')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .expect(200);
    assert.ok(
      new Date(refreshed.body.expiresAt).getTime() - Date.now() > 59 * 60 * 1000,
      'the refresh restarted the idle clock',
    );
    await setLastSeen(61 * 60 * 1000);
    assert.equal((await client.get('/').expect(303)).headers.location, '/login');
  });

  it('a session ends 12 hours after sign-in whatever the activity', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    await ctx().db.raw(
      `update sessions set sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb(?::bigint))::json where user_id = ?`,
      [Date.now() - 12 * 60 * 60 * 1000 - 1000, user.userId],
    );
    assert.equal((await client.get('/').expect(303)).headers.location, '/login');
  });
});

describe('logout (spec 1 §4: you have been logged out)', () => {
  it('GET /logout shows a one-button page; the POST ends the session and says so', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const page = await client.get('/logout').expect(200);
    assert.match(page.text, /<form action="\/logout" method="post">/);
    const response = await postForm(client, '/logout', '/logout', {});
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/login');
    assert.match(textOf((await client.get('/login')).text), /you have been logged out/);
    assert.equal(await isSignedIn(client), false);
    assert.equal(
      await ctx()
        .db('sessions')
        .where({ user_id: user.userId })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
    assert.deepEqual(await auditActions(user.userId), ['sign_in', 'sign_out']);
  });

  it('forgets the selected profile of the session', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Ann' }, { firstName: 'Ben' }] });
    const client = agent();
    await signIn(client, user.email);
    await postForm(client, '/profiles', `/profiles/${user.providerIds[1]}/selection`, {});
    await postForm(client, '/', '/logout', {});
    const rows = await ctx().db('sessions').select('sess');
    for (const row of rows) assert.equal((row.sess as SessionData).providerId, undefined);
  });
});

describe('login help and password reset (spec 1 §4 Password reset and recovery, §5 Reset request)', () => {
  it('/login/help offers both choices with the reset, signup and client-login links', async () => {
    const page = await request().get('/login/help').expect(200);
    const text = textOf(page.text);
    assert.match(text, /I forgot my password/);
    assert.match(text, /I forgot my email address/);
    for (const href of ['/password/request', '/signup', '/account/recover', ctx().config.clientSiteUrl])
      assert.ok(page.text.includes(`href="${href}"`), href);
  });

  it('/password/request: "Email required." and "Please enter a valid email address."', async () => {
    const client = agent();
    const empty = await postForm(client, '/password/request', '/password/request', { email: '' });
    assert.equal(empty.status, 422);
    assert.match(textOf(empty.text), /Email required\./);
    const bad = await postForm(client, '/password/request', '/password/request', { email: 'not-an-address' });
    assert.match(textOf(bad.text), /Please enter a valid email address\./);
  });

  it('answers the same whether or not the address exists; only a real account gets the e-mail', async () => {
    const user = await createProviderUser(ctx().db);
    const answers: string[] = [];
    for (const email of [user.email, 'nobody@example.test']) {
      const client = agent();
      const response = await postForm(client, '/password/request', '/password/request', { email });
      assert.equal(response.status, 303);
      assert.equal(response.headers.location, '/password/request?sent=1');
      answers.push(
        textOf((await client.get('/password/request?sent=1')).text)
          .replace(email, 'EMAIL')
          .replace(/name="_csrf"[^>]*/, ''),
      );
    }
    assert.equal(answers[0]!.replace(/\s+/g, ' '), answers[1]!.replace(/\s+/g, ' '));
    const mails = await outbox('email');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.recipient, user.email);
    const path = linkPath(mails[0]!, '/password/reset/');
    const stored = await ctx().db('auth_tokens').where({ purpose: 'password_reset' }).first();
    assert.equal(stored!.token_hash, hashToken(path.split('/').pop()!), 'stored as sha256');
    const ttl = new Date(stored!.expires_at).getTime() - Date.now();
    assert.ok(ttl > 59 * 60 * 1000 && ttl <= 60 * 60 * 1000, 'valid one hour');
  });

  it('offers a resend; after 3 attempts the recover-account hint appears', async () => {
    const client = agent();
    await postForm(client, '/password/request', '/password/request', { email: 'who@example.test' });
    let page = await client.get('/password/request?sent=1');
    assert.match(textOf(page.text), /Send it again/);
    assert.doesNotMatch(page.text, /href="\/account\/recover"/);
    await postForm(client, '/password/request?sent=1', '/password/request', { email: 'who@example.test' });
    await postForm(client, '/password/request?sent=1', '/password/request', { email: 'who@example.test' });
    page = await client.get('/password/request?sent=1');
    assert.match(page.text, /href="\/account\/recover"/);
  });

  it('the reset page checks the new password with the exact messages', async () => {
    const user = await createProviderUser(ctx().db);
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const path = linkPath(await lastEmail(), '/password/reset/');
    const client = agent();
    await client.get(path).expect(200);
    const cases: Array<[Record<string, string>, string]> = [
      [{ password: '', password_confirmation: '' }, 'You must enter an password.'],
      [
        { password: 'Short-1', password_confirmation: 'Short-1' },
        'Your password must contain at least twelve characters, an uppercase letter, a lowercase letter, and a symbol or number.',
      ],
      [{ password: NEW_PASSWORD, password_confirmation: 'Something-else-42' }, 'Passwords must match'],
    ];
    for (const [body, message] of cases) {
      const response = await postForm(client, path, path, body);
      assert.equal(response.status, 422);
      assert.ok(textOf(response.text).includes(message), message);
    }
  });

  it('success: "Your password has been successfully reset.", the new password signs in, the link works once', async () => {
    const user = await createProviderUser(ctx().db);
    const elsewhere = agent();
    await signIn(elsewhere, user.email);
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const path = linkPath(await lastEmail(), '/password/reset/');
    const client = agent();
    const done = await postForm(client, path, path, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, '/login');
    assert.match(textOf((await client.get('/login')).text), /Your password has been successfully reset\./);
    assert.equal((await logIn(agent(), user.email)).status, 401, 'the old password no longer works');
    assert.equal((await logIn(agent(), user.email, NEW_PASSWORD)).status, 303);
    assert.equal(await isSignedIn(elsewhere), false, 'other sessions were ended');
    const again = await client.get(path);
    assert.equal(again.status, 410);
    assert.match(textOf(again.text), /Reset password link has expired/);
    assert.match(again.text, /href="\/password\/request"/);
    const actions = await auditActions(user.userId);
    assert.ok(actions.includes('password_reset_requested') && actions.includes('password_reset'));
  });

  it('an expired link (after one hour), an unknown one, or an older one replaced by a new request shows the expired message', async () => {
    const user = await createProviderUser(ctx().db);
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const first = linkPath(await lastEmail(), '/password/reset/');
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const second = linkPath(await lastEmail(), '/password/reset/');
    assert.equal((await request().get(first)).status, 410, 'older link void');
    assert.equal((await request().get(second)).status, 200);
    await ctx()
      .db('auth_tokens')
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await request().get(second);
    assert.equal(expired.status, 410);
    assert.match(textOf(expired.text), /Reset password link has expired/);
    assert.equal((await request().get('/password/reset/not-a-token')).status, 410);
    const client = agent();
    const post = await postForm(client, '/login', second, {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    assert.equal(post.status, 410);
  });

  it('a reset ends a sign-in lock-out for that address', async () => {
    const user = await createProviderUser(ctx().db);
    for (let i = 0; i < 5; i += 1) await logIn(agent(), user.email, 'Wrong-password-1');
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const path = linkPath(await lastEmail(), '/password/reset/');
    await postForm(agent(), path, path, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    assert.equal((await logIn(agent(), user.email, NEW_PASSWORD)).status, 303);
  });

  it('at most 5 reset e-mails an hour go to one address (the answer stays the same)', async () => {
    const user = await createProviderUser(ctx().db);
    for (let i = 0; i < 7; i += 1)
      assert.equal(
        (await postForm(agent(), '/password/request', '/password/request', { email: user.email })).status,
        303,
      );
    assert.equal((await outbox('email')).length, 5);
  });
});

describe('account recovery (spec 1 §5 Reset request and recovery, §8)', () => {
  async function recoverable() {
    const user = await createProviderUser(ctx().db, {
      email: 'dana.rivera@example.test',
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });
    await ctx()
      .db('users')
      .where({ id: user.userId })
      .update({ first_name: 'Dana', last_name: 'Rivera', phone_number: '+12125550142' });
    return user;
  }

  it('asks for first name, last name and a valid US phone number', async () => {
    const client = agent();
    const empty = await postForm(client, '/account/recover', '/account/recover', {
      first_name: '',
      last_name: '',
      phone_number: '',
    });
    assert.equal(empty.status, 422);
    const text = textOf(empty.text);
    for (const message of ['First name required.', 'Last name required.', 'Phone number required.'])
      assert.ok(text.includes(message), message);
    const bad = await postForm(client, '/account/recover', '/account/recover', {
      first_name: 'Dana',
      last_name: 'Rivera',
      phone_number: '555',
    });
    assert.ok(
      textOf(bad.text).includes(
        'Please enter a valid US phone number. Note that we do not share your phone number with anyone.',
      ),
    );
    assert.match(bad.text, /value="Dana"/);
  });

  it('no match: "the information you provided did not match our records"', async () => {
    await recoverable();
    const response = await postForm(agent(), '/account/recover', '/account/recover', {
      first_name: 'Dana',
      last_name: 'Rivera',
      phone_number: '(212) 555-0199',
    });
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /the information you provided did not match our records/);
    assert.equal((await outbox()).length, 0);
  });

  it('a match goes to /account/recovered and sends the reminder to the address on file, never showing it', async () => {
    const user = await recoverable();
    const client = agent();
    const response = await postForm(client, '/account/recover', '/account/recover', {
      first_name: 'dana',
      last_name: 'RIVERA',
      phone_number: '212.555.0142',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/account/recovered');
    const page = await client.get('/account/recovered').expect(200);
    assert.doesNotMatch(page.text, /dana\.rivera@|example\.test/);
    const mail = await lastEmail();
    assert.equal(mail.recipient, user.email);
    assert.match(mail.body, /\/login\?email=/);
    const sms = await lastSms();
    assert.equal(sms.recipient, '+12125550142');
    assert.match(sms.body, /d\*+a@e\*+\.test/);
    assert.doesNotMatch(sms.body, /dana\.rivera@example/);
    assert.ok((await auditActions(user.userId)).includes('account_recovery_requested'));
    // Once: opened again, or directly by anyone, it claims nothing and goes back to the form.
    assert.equal((await client.get('/account/recovered').expect(303)).headers.location, '/account/recover');
    assert.equal((await agent().get('/account/recovered').expect(303)).headers.location, '/account/recover');
  });

  it('look-ups are limited per IP address (10 an hour)', async () => {
    for (let i = 0; i < 10; i += 1)
      await postForm(agent(), '/account/recover', '/account/recover', {
        first_name: 'A',
        last_name: 'B',
        phone_number: '2125550100',
      });
    const refused = await postForm(agent(), '/account/recover', '/account/recover', {
      first_name: 'A',
      last_name: 'B',
      phone_number: '2125550100',
    });
    assert.equal(refused.status, 429);
    assert.match(textOf(refused.text), /There have been too many attempts\. Please try again later\./);
  });
});

describe('/account/confirm/{token}', () => {
  it('confirms the e-mail address once; a bad or used token redirects to /', async () => {
    const user = await createProviderUser(ctx().db);
    const { issueEmailConfirmation, queueEmailConfirmation } = await import('../../server/domain/accounts');
    await ctx().db.transaction(async (trx) => {
      const token = await issueEmailConfirmation(trx, { id: user.userId, email: user.email });
      await queueEmailConfirmation(
        trx,
        { outgoing: ctx().integrations.outgoing, config: ctx().config },
        user.email,
        token,
      );
    });
    const path = linkPath(await lastEmail(), '/account/confirm/');
    const client = agent();
    const confirmed = await client.get(path).expect(303);
    assert.equal(confirmed.headers.location, '/');
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.ok(row!.email_confirmed_at);
    assert.match(textOf((await client.get('/login')).text), /Your email address is confirmed/);
    assert.equal((await request().get(path).expect(303)).headers.location, '/');
    assert.equal((await request().get('/account/confirm/nonsense').expect(303)).headers.location, '/');
    assert.ok((await auditActions(user.userId)).includes('email_confirmed'));
  });
});

describe('audit trail never holds secrets', () => {
  it('no password, code or token appears in the audit log', async () => {
    const user = await createProviderUser(ctx().db, { paid: true });
    await enrolTwoFactor(user.userId);
    const client = agent();
    await logIn(client, user.email, 'Wrong-password-1');
    await logIn(client, user.email);
    const code = codeIn(await lastSms());
    await postForm(client, '/login/verify', '/login/verify', { token: code, remember: '1' });
    await postForm(agent(), '/password/request', '/password/request', { email: user.email });
    const token = linkPath(await lastEmail(), '/password/reset/')
      .split('/')
      .pop()!;
    const rows = await ctx().db('audit_log').select('*');
    const dump = JSON.stringify(rows);
    for (const secret of [TEST_PASSWORD, 'Wrong-password-1', code, token])
      assert.ok(!dump.includes(secret), 'a secret leaked into the audit log');
    for (const row of rows) {
      assert.ok(row.created_at);
      assert.ok(row.action);
      assert.ok(row.ip, `${row.action} has the IP address`);
    }
  });
});
