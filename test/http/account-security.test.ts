// Two-factor for everyone (issue [25] item 1) and signed-in devices (item 4): setting up an authenticator
// app, signing in with its code, with a recovery code (once each), with SMS without a membership, the
// remembered device for every method, a lost device; the sessions page (list, sign one out, sign out every
// other one, another user's id refused, a live stream ending with its session).
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import {
  checkAuthenticatorCode,
  newRecoveryCodes,
  pendingAuthenticatorSecret,
  startAuthenticatorSetup,
  storeRecoveryCodes,
} from '../../server/domain/accounts';
import { decryptText } from '../../server/domain/data-protection';
import { receiveClientMessage } from '../../server/domain/messaging';
import { publicSessionId } from '../../server/http/device-sessions';
import { ctx } from '../support/context';
import { CookieJar } from '../support/cookie-jar';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, signIn, textOf, type Agent } from '../support/http';
import { auditActions, codeIn, enrolTwoFactor, lastSms, outbox, postForm } from './auth-helpers';

const db = () => ctx().db;
const SETTINGS = '/account-preferences';
const AUTHENTICATOR = '/account-preferences/authenticator';
const SESSIONS = '/account-preferences/sessions';
const WRONG_APP_CODE = 'The code you entered is not correct. Please enter the code your app shows now.';
const WRONG_RECOVERY_CODE = 'The recovery code you entered is not correct, or it was used already.';
const TOO_MANY = 'There have been too many attempts. Please try again later.';

/** A code of the app for `secret`, at a given moment (a later 30-second step gives a new code). */
const appCode = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function isSignedIn(client: Agent): Promise<boolean> {
  return (await client.get('/auth/session').set('Accept', 'application/json')).status === 200;
}

const logIn = (client: Agent, email: string, extra: Record<string, string> = {}) =>
  postForm(client, '/login', '/login', { email, password: TEST_PASSWORD, ...extra });

const verify = (client: Agent, body: Record<string, string>, page = '/login/verify') =>
  postForm(client, page, '/login/verify', body);

/** Sets up an authenticator app for the user as the pages would, and returns its secret and recovery codes. */
async function withAuthenticator(userId: number): Promise<{ secret: string; codes: string[] }> {
  await startAuthenticatorSetup(db(), userId);
  const secret = (await pendingAuthenticatorSecret(db(), userId))!;
  const fresh = await newRecoveryCodes();
  // The setup's code is an earlier step's, so sign-in codes of the current step are still fresh.
  const ok = await db().transaction(async (trx) => {
    const accepted = await checkAuthenticatorCode(trx, userId, await appCode(secret, Date.now() - 30_000), {
      pending: true,
    });
    if (accepted) await storeRecoveryCodes(trx, userId, fresh);
    return accepted;
  });
  assert.ok(ok, 'the set-up code was accepted');
  return { secret, codes: fresh.codes };
}

async function signedIn(options: Parameters<typeof createProviderUser>[1] = {}) {
  const user = await createProviderUser(db(), options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

describe('authenticator app: setting it up (issue [25])', () => {
  it('password, then a QR code and the key as text, then a code from the app; ten recovery codes shown once, stored hashed', async () => {
    const { user, client } = await signedIn({ paid: false });
    const page = await client.get(AUTHENTICATOR).expect(200);
    assert.match(textOf(page.text), /Off/);

    const noPassword = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/setup`, { password: '' });
    assert.equal(noPassword.status, 422);
    assert.ok(textOf(noPassword.text).includes('Please enter your current passsword.'));
    const wrongPassword = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/setup`, { password: 'Nope-nope-1' });
    assert.equal(wrongPassword.status, 422);
    assert.ok(textOf(wrongPassword.text).includes('The password you entered is not correct.'));

    const started = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/setup`, { password: TEST_PASSWORD });
    assert.equal(started.status, 303);
    assert.equal(started.headers.location, `${AUTHENTICATOR}/setup`);
    const setup = await client.get(`${AUTHENTICATOR}/setup`).expect(200);
    assert.match(setup.text, /<img[^>]+src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/);
    const key = /id="manual-key">([A-Z2-7 ]+)</.exec(setup.text)![1]!.replace(/ /g, '');
    assert.equal(key.length, 32, 'a 160-bit key');
    const stored = await db()('user_authenticators').where({ user_id: user.userId }).first();
    assert.match(stored.secret, /^v1:/, 'the secret is kept encrypted in its one column');
    assert.ok(!stored.secret.includes(key), 'no trace of the key in the table');
    assert.equal(await decryptText(db(), stored.secret), key);
    assert.equal(stored.confirmed_at, null, 'not on before a code');

    const wrong = await postForm(client, `${AUTHENTICATOR}/setup`, `${AUTHENTICATOR}/confirmation`, {
      code: otherThan(await appCode(key)),
    });
    assert.equal(wrong.status, 422);
    assert.ok(textOf(wrong.text).includes(WRONG_APP_CODE));

    const right = await postForm(client, `${AUTHENTICATOR}/setup`, `${AUTHENTICATOR}/confirmation`, {
      code: await appCode(key),
    });
    assert.equal(right.status, 200);
    const codes = [...right.text.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    const rows = await db()('recovery_codes').where({ user_id: user.userId });
    assert.equal(rows.length, 10);
    for (const row of rows) for (const code of codes) assert.ok(!row.code_hash.includes(code.replace('-', '')));
    // Shown once: no page shows them again.
    for (const path of [AUTHENTICATOR, SETTINGS, `${AUTHENTICATOR}/setup`]) {
      const again = await client.get(path);
      assert.ok(!again.text.includes(codes[0]!), path);
    }
    assert.match(textOf((await client.get(SETTINGS)).text), /Authenticator app\s*On\s*10 recovery codes left/);
    assert.ok((await auditActions(user.userId)).includes('authenticator_enabled'));
  });

  it('new recovery codes (password or a code from the app) replace the old ones', async () => {
    const { user, client } = await signedIn();
    const { secret, codes: old } = await withAuthenticator(user.userId);
    const noProof = await postForm(client, AUTHENTICATOR, '/account-preferences/recovery-codes', {
      password: '',
      code: '',
    });
    assert.equal(noProof.status, 422);
    assert.ok(textOf(noProof.text).includes('Enter your current password or a code from your authenticator app.'));
    const made = await postForm(client, AUTHENTICATOR, '/account-preferences/recovery-codes', {
      password: '',
      code: await appCode(secret),
    });
    assert.equal(made.status, 200);
    const fresh = [...made.text.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);
    assert.equal(fresh.length, 10);
    assert.ok(!fresh.includes(old[0]!));

    const client2 = agent();
    await logIn(client2, user.email);
    const stale = await verify(client2, { method: 'recovery', token: old[0]! }, '/login/verify?method=recovery');
    assert.equal(stale.status, 422, 'an old code no longer works');
    const current = await verify(client2, { method: 'recovery', token: fresh[0]! }, '/login/verify?method=recovery');
    assert.equal(current.status, 303);
  });

  it('turning the app off asks for the password or a current code', async () => {
    const { user, client } = await signedIn();
    const { secret } = await withAuthenticator(user.userId);
    const wrong = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/removal`, {
      password: '',
      code: otherThan(await appCode(secret)),
    });
    assert.equal(wrong.status, 422);
    assert.ok(textOf(wrong.text).includes(WRONG_APP_CODE));
    const off = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/removal`, {
      password: TEST_PASSWORD,
      code: '',
    });
    assert.equal(off.status, 303);
    assert.ok(textOf((await client.get(AUTHENTICATOR)).text).includes('Your authenticator app is turned off.'));
    assert.equal(await db()('user_authenticators').where({ user_id: user.userId }).first(), undefined);
    assert.equal((await db()('recovery_codes').where({ user_id: user.userId })).length, 0);
    // The next sign-in asks for nothing more.
    const again = agent();
    const login = await logIn(again, user.email);
    assert.equal(login.headers.location, '/profiles');
  });
});

describe('signing in with a second factor (issue [25])', () => {
  it('with a code from the app: no SMS is sent; a wrong code is refused; the right one signs in, and works once', async () => {
    const user = await createProviderUser(db(), { paid: false });
    const { secret } = await withAuthenticator(user.userId);
    const client = agent();
    const login = await logIn(client, user.email);
    assert.equal(login.headers.location, '/login/verify');
    assert.equal(await isSignedIn(client), false);
    assert.equal((await outbox('sms')).length, 0, 'nothing is texted');
    const page = await client.get('/login/verify').expect(200);
    assert.match(textOf(page.text), /Open your authenticator app/);
    assert.match(page.text, /href="\/login\/verify\?method=recovery"/);

    const wrong = await verify(client, { method: 'authenticator', token: otherThan(await appCode(secret)) });
    assert.equal(wrong.status, 422);
    assert.ok(textOf(wrong.text).includes(WRONG_APP_CODE));
    const code = await appCode(secret);
    const right = await verify(client, { method: 'authenticator', token: code });
    assert.equal(right.status, 303);
    assert.equal(right.headers.location, '/profiles');
    assert.equal(await isSignedIn(client), true);

    const replay = agent();
    await logIn(replay, user.email);
    const reused = await verify(replay, { method: 'authenticator', token: code });
    assert.equal(reused.status, 422, 'the same code does not work twice');
  });

  it('remembers the device for 30 days after a code from the app', async () => {
    const user = await createProviderUser(db());
    const { secret } = await withAuthenticator(user.userId);
    const client = agent();
    await logIn(client, user.email);
    const right = await verify(client, { method: 'authenticator', token: await appCode(secret), remember: '1' });
    assert.equal(right.status, 303);
    const cookie = String(right.headers['set-cookie']);
    assert.match(cookie, /portal\.2fa=[A-Za-z0-9_-]{43};/);
    assert.match(cookie, /Max-Age=2592000/);
    await postForm(client, '/logout', '/logout', {});
    assert.equal(await isSignedIn(client), false);
    const again = await logIn(client, user.email);
    assert.equal(again.status, 303);
    assert.equal(again.headers.location, '/profiles', 'no code asked on this device');
    // Another device is asked.
    const other = agent();
    assert.equal((await logIn(other, user.email)).headers.location, '/login/verify');
  });

  it('throttles codes from the app: after 5 wrong ones even the right one waits', async () => {
    const user = await createProviderUser(db());
    const { secret } = await withAuthenticator(user.userId);
    const client = agent();
    await logIn(client, user.email);
    const right = await appCode(secret);
    for (let i = 0; i < 5; i++) {
      const wrong = await verify(client, { method: 'authenticator', token: otherThan(right) });
      assert.equal(wrong.status, 422);
    }
    const blocked = await verify(client, { method: 'authenticator', token: right });
    assert.equal(blocked.status, 429);
    assert.ok(textOf(blocked.text).includes(TOO_MANY));
    assert.equal(await isSignedIn(client), false);
  });

  it('lost device: a recovery code signs in once and says how many are left; then the app is turned off and set up again', async () => {
    const user = await createProviderUser(db());
    const { codes } = await withAuthenticator(user.userId);
    const client = agent();
    await logIn(client, user.email);
    const page = await client.get('/login/verify?method=recovery').expect(200);
    assert.match(page.text, /name="method" value="recovery"/);
    assert.match(textOf(page.text), /Recovery code/);
    const wrong = await verify(client, { method: 'recovery', token: 'aaaaa-bbbbb' }, '/login/verify?method=recovery');
    assert.equal(wrong.status, 422);
    assert.ok(textOf(wrong.text).includes(WRONG_RECOVERY_CODE));
    const typed = codes[3]!.toUpperCase().replace('-', ' ');
    const right = await verify(client, { method: 'recovery', token: typed }, '/login/verify?method=recovery');
    assert.equal(right.status, 303);
    assert.equal(await isSignedIn(client), true);
    const landing = await client.get('/').redirects(2);
    assert.ok(
      textOf(landing.text).includes('You signed in with a recovery code. You have 9 recovery codes left.'),
      `${landing.status} ${landing.headers.location} ${textOf(landing.text).slice(0, 300)}`,
    );
    assert.ok((await auditActions(user.userId)).includes('recovery_code_used'));

    const again = agent();
    await logIn(again, user.email);
    const reused = await verify(again, { method: 'recovery', token: codes[3]! }, '/login/verify?method=recovery');
    assert.equal(reused.status, 422, 'each code works once');
    assert.ok(textOf(reused.text).includes(WRONG_RECOVERY_CODE));

    // Signed in without the phone: the app is turned off with the password, and a new one set up.
    const off = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/removal`, {
      password: TEST_PASSWORD,
      code: '',
    });
    assert.equal(off.status, 303);
    const started = await postForm(client, AUTHENTICATOR, `${AUTHENTICATOR}/setup`, { password: TEST_PASSWORD });
    assert.equal(started.headers.location, `${AUTHENTICATOR}/setup`);
    const key = /id="manual-key">([A-Z2-7 ]+)</.exec((await client.get(`${AUTHENTICATOR}/setup`)).text)![1]!;
    const on = await postForm(client, `${AUTHENTICATOR}/setup`, `${AUTHENTICATOR}/confirmation`, {
      code: await appCode(key.replace(/ /g, '')),
    });
    assert.equal(on.status, 200);
  });

  it('SMS without a membership: set up on Account Settings, then asked at sign-in', async () => {
    const { user, client } = await signedIn({ paid: false });
    const started = await postForm(client, SETTINGS, '/account-preferences/two-factor', {
      phone_number: '(212) 555-0199',
      password: TEST_PASSWORD,
    });
    assert.equal(started.status, 303);
    const confirmed = await postForm(
      client,
      '/account-preferences/two-factor/code',
      '/account-preferences/two-factor/confirmation',
      { token: codeIn(await lastSms()) },
    );
    assert.equal(confirmed.status, 303);
    const next = agent();
    assert.equal((await logIn(next, user.email)).headers.location, '/login/verify');
    const sms = await lastSms();
    assert.equal(sms.recipient, '+12125550199');
    const page = await next.get('/login/verify');
    assert.match(textOf(page.text), /ending in 0199/);
    const right = await verify(next, { method: 'sms', token: codeIn(sms), remember: '1' });
    assert.equal(right.status, 303);
    assert.equal(await isSignedIn(next), true);
    assert.match(String(right.headers['set-cookie']), /portal\.2fa=/, 'remembered after SMS too');
  });

  it('with both the app and SMS, the app is asked first and a text can be chosen instead', async () => {
    const user = await createProviderUser(db());
    await enrolTwoFactor(user.userId, '+12125550177');
    await withAuthenticator(user.userId);
    const client = agent();
    await logIn(client, user.email);
    assert.equal((await outbox('sms')).length, 0);
    const page = await client.get('/login/verify');
    assert.match(textOf(page.text), /Text a code to the phone number ending in 0177/);
    // Asking for SMS by the address alone sends nothing and does not switch.
    assert.match(textOf((await client.get('/login/verify?method=sms')).text), /Open your authenticator app/);
    const sent = await postForm(client, '/login/verify', '/login/verify/new-code', {});
    assert.equal(sent.status, 303);
    const sms = await lastSms();
    assert.equal(sms.recipient, '+12125550177');
    assert.match(textOf((await client.get('/login/verify')).text), /We sent a 6-digit code by text message/);
    const right = await verify(client, { method: 'sms', token: codeIn(sms) });
    assert.equal(right.status, 303);
    assert.equal(await isSignedIn(client), true);
  });
});

// ---------------------------------------------------------------- signed-in devices

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

async function signInAs(email: string, userAgent: string): Promise<Agent> {
  const client = agent();
  const page = await client.get('/login').set('User-Agent', userAgent);
  const posted = await client
    .post('/login')
    .set('User-Agent', userAgent)
    .type('form')
    .send({ _csrf: csrfFrom(page.text), email, password: TEST_PASSWORD });
  assert.equal(posted.status, 303);
  return client;
}

const sessionIdsIn = (html: string) =>
  [...html.matchAll(/action="\/account-preferences\/sessions\/([A-Za-z0-9_-]{32})\/sign-out"/g)].map((m) => m[1]!);

describe('signed-in devices (issue [25] item 4)', () => {
  it('lists each session: browser and system, a coarse address, signed in and last seen, this device marked', async () => {
    const user = await createProviderUser(db());
    const laptop = await signInAs(user.email, MAC_SAFARI);
    await signInAs(user.email, ANDROID_CHROME);
    const page = await laptop.get(SESSIONS).set('User-Agent', MAC_SAFARI).expect(200);
    const text = textOf(page.text);
    assert.match(text, /Safari on macOS\s*This device/);
    assert.match(text, /Chrome on Android/);
    assert.match(text, /127\.0\.0\.x/);
    assert.ok(!text.includes('127.0.0.1'), 'the address is coarse');
    assert.equal(sessionIdsIn(page.text).length, 1, 'only the other device has a Sign out button');
    assert.match(page.text, /<time dateTime="\d{4}-\d\d-\d\dT/);
    const sids: string[] = (await db()('sessions').where({ user_id: user.userId }).select('sid')).map(
      (row: { sid: string }) => row.sid,
    );
    for (const sid of sids) assert.ok(!page.text.includes(sid), 'session ids are never shown');
  });

  it('last seen is written at most once a minute', async () => {
    const user = await createProviderUser(db());
    const client = await signInAs(user.email, MAC_SAFARI);
    const row = async () => (await db()('sessions').where({ user_id: user.userId }).first())!;
    await client.get(SESSIONS).expect(200); // the first page keeps its CSRF token in the session
    const before = await row();
    await client.get(SESSIONS).expect(200);
    await client.get(SESSIONS).expect(200);
    assert.deepEqual((await row()).sess, before.sess, 'page views within the minute write nothing');
  });

  it('signs one device out: that browser is signed out, this one stays', async () => {
    const user = await createProviderUser(db());
    const laptop = await signInAs(user.email, MAC_SAFARI);
    const phone = await signInAs(user.email, ANDROID_CHROME);
    const [phoneId] = sessionIdsIn((await laptop.get(SESSIONS)).text);
    const out = await postForm(laptop, SESSIONS, `${SESSIONS}/${phoneId}/sign-out`, {});
    assert.equal(out.status, 303);
    assert.equal(out.headers.location, SESSIONS);
    assert.ok(textOf((await laptop.get(SESSIONS)).text).includes('That device is signed out.'));
    assert.equal(await isSignedIn(phone), false);
    assert.equal(await isSignedIn(laptop), true);
    assert.ok((await auditActions(user.userId)).includes('session_ended'));
  });

  it('"Sign out everywhere else" asks first (without JavaScript), then ends every other session', async () => {
    const user = await createProviderUser(db());
    const laptop = await signInAs(user.email, MAC_SAFARI);
    const phone = await signInAs(user.email, ANDROID_CHROME);
    const tablet = await signInAs(user.email, ANDROID_CHROME);
    const asked = await postForm(laptop, SESSIONS, `${SESSIONS}/sign-out-others`, {});
    assert.equal(asked.status, 200);
    assert.ok(textOf(asked.text).includes('Sign out on every other device?'));
    assert.match(asked.text, /name="confirmed" value="1"/);
    assert.equal(await isSignedIn(phone), true, 'nothing happened yet');
    const done = await postForm(laptop, SESSIONS, `${SESSIONS}/sign-out-others`, { confirmed: '1' });
    assert.equal(done.status, 303);
    assert.ok(textOf((await laptop.get(SESSIONS)).text).includes('Signed out 2 other devices.'));
    assert.equal(await isSignedIn(phone), false);
    assert.equal(await isSignedIn(tablet), false);
    assert.equal(await isSignedIn(laptop), true);
  });

  it("another user's session id, a made-up one and this session's own are not found (404)", async () => {
    const a = await createProviderUser(db());
    const b = await createProviderUser(db());
    const client = await signInAs(a.email, MAC_SAFARI);
    const other = await signInAs(b.email, ANDROID_CHROME);
    const [bSid] = (await db()('sessions').where({ user_id: b.userId }).select('sid')).map(
      (row: { sid: string }) => row.sid,
    );
    const [aSid] = (await db()('sessions').where({ user_id: a.userId }).select('sid')).map(
      (row: { sid: string }) => row.sid,
    );
    for (const id of [publicSessionId(bSid!), publicSessionId(aSid!), 'x'.repeat(32), 'nope']) {
      const response = await postForm(client, SESSIONS, `${SESSIONS}/${id}/sign-out`, {});
      assert.equal(response.status, 404, id);
    }
    assert.equal(await isSignedIn(other), true, "B's session stayed");
    assert.equal(await isSignedIn(client), true);
  });
});

describe('signing a device out ends its live streams', function () {
  this.timeout(30_000);
  let server: Server;
  let base: string;

  before(async () => {
    await ctx().changes.whenLive();
    server = await new Promise<Server>((resolve) => {
      const s = ctx().app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function browserSignedIn(email: string) {
    const jar = new CookieJar();
    const _csrf = csrfFrom(await (await jar.fetch(`${base}/login`)).text());
    const posted = await jar.fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf, email, password: TEST_PASSWORD }).toString(),
    });
    assert.equal(posted.status, 303);
    return jar;
  }

  async function ends(response: Response, ms: number): Promise<boolean> {
    const reader = response.body!.getReader();
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
      ]);
      if (chunk === null) return false;
      if (chunk.done) return true;
    }
    return false;
  }

  for (const how of ['one', 'everywhere else'] as const) {
    it(`signing out ${how === 'one' ? 'that device' : 'everywhere else'} ends the other device's message stream`, async () => {
      const user = await createProviderUser(db());
      const received = await receiveClientMessage(db(), ctx().integrations.jobs, {
        providerId: user.providerIds[0]!,
        client: {
          email: `client-${Date.now()}-${Math.random()}@example.test`,
          firstName: 'Alex',
          lastName: 'Morgan',
          phone: '+12125550142',
        },
        content: 'Hello',
        type: 'message',
        now: new Date(),
      });
      const phone = await browserSignedIn(user.email);
      const laptop = await browserSignedIn(user.email);
      const controller = new AbortController();
      const keep = new AbortController();
      try {
        const stream = await phone.fetch(`${base}/messages/${received.clientUserId}/events`, {
          headers: { Accept: 'text/event-stream' },
          signal: controller.signal,
        });
        assert.equal(stream.status, 200);
        const own = await laptop.fetch(`${base}/messages/${received.clientUserId}/events`, {
          headers: { Accept: 'text/event-stream' },
          signal: keep.signal,
        });
        assert.equal(own.status, 200);
        const page = await (await laptop.fetch(`${base}${SESSIONS}`)).text();
        const _csrf = csrfFrom(page);
        const [phoneId] = sessionIdsIn(page);
        const action = how === 'one' ? `${SESSIONS}/${phoneId}/sign-out` : `${SESSIONS}/sign-out-others`;
        const out = await laptop.fetch(`${base}${action}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf, confirmed: '1' }).toString(),
        });
        assert.equal(out.status, 303);
        assert.equal(await ends(stream, 5000), true, "the signed-out device's stream ended");
        assert.equal(await ends(own, 500), false, "this device's own stream stays open");
      } finally {
        controller.abort();
        keep.abort();
      }
    });
  }
});
