// Passkeys (issue [25] item 2): the options endpoints (a challenge kept in the session), adding passkeys
// (named, or after the browser), signing in with one without a password and without a second-factor step,
// refused answers (garbage, forged, replayed) as 422 never 500, the per-IP sign-in throttle, another user's
// passkey refused (404), renaming, removing (asked first), and the password with its second factor after the
// last passkey is gone. The browser's part is played by a software authenticator (test/e2e/passkeys.spec.ts
// runs Chromium's virtual one).
import assert from 'node:assert/strict';
import { SIGN_IN_LIMITS } from '../../server/domain/accounts';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, signIn, textOf, tokenFor, type Agent } from '../support/http';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { auditActions, codeIn, enrolTwoFactor, lastSms, postForm } from './auth-helpers';

const db = () => ctx().db;
const origin = () => new URL(ctx().config.portalUrl).origin;
const LIST = '/account-preferences/passkeys';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REFUSED_ADD =
  'The passkey was not added: your browser’s answer could not be checked, or it took too long. Please try again.';
const REFUSED_SIGN_IN =
  'That passkey could not sign you in. Please try again, or log in with your e-mail and password.';
const TOO_MANY = 'There have been too many attempts. Please try again later.';

async function isSignedIn(client: Agent): Promise<boolean> {
  return (await client.get('/auth/session').set('Accept', 'application/json')).status === 200;
}

/** POSTs to a JSON endpoint as the island does: the CSRF token of `page` in the header. */
async function postJson(client: Agent, page: string, path: string, status?: number) {
  const token = await tokenFor(client, page);
  const answer = await client.post(path).set('Accept', 'application/json').set('X-CSRF-Token', token).send({});
  if (status !== undefined) assert.equal(answer.status, status, answer.text.slice(0, 300));
  return answer;
}

async function signedIn() {
  const user = await createProviderUser(db());
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

/** Adds a passkey as the page and the browser would: options, the authenticator's answer, the form post. */
async function addPasskey(client: Agent, authenticator: SoftAuthenticator, name = '', userAgent = CHROME_ON_LINUX) {
  const options = await postJson(client, LIST, `${LIST}/options`, 200);
  const response = authenticator.register(options.body, origin());
  const _csrf = await tokenFor(client, LIST);
  return client
    .post(LIST)
    .set('User-Agent', userAgent)
    .type('form')
    .send({ _csrf, name, response: JSON.stringify(response) });
}

/** Signs in with a passkey as /login's button would. */
async function passkeySignIn(client: Agent, authenticator: SoftAuthenticator) {
  const options = await postJson(client, '/login', '/login/passkey/options', 200);
  const response = authenticator.signIn(options.body, origin());
  return {
    options: options.body,
    response,
    answer: await postForm(client, '/login', '/login/passkey', { response: JSON.stringify(response) }),
  };
}

const sessionsHolding = async (challenge: string) =>
  (await db()('sessions').select('sess')).filter((row: { sess: unknown }) =>
    JSON.stringify(row.sess).includes(challenge),
  ).length;

describe('passkeys: the options endpoints (issue [25])', () => {
  it('registration options: a challenge kept in the session, a discoverable credential that verifies its user, this portal as relying party', async () => {
    const { client } = await signedIn();
    const options = await postJson(client, LIST, `${LIST}/options`, 200);
    assert.match(String(options.headers['content-type']), /json/);
    assert.equal(typeof options.body.challenge, 'string');
    assert.ok(options.body.challenge.length >= 16);
    assert.equal(options.body.rp.id, new URL(ctx().config.portalUrl).hostname);
    assert.equal(options.body.authenticatorSelection.residentKey, 'required');
    assert.equal(options.body.authenticatorSelection.userVerification, 'required');
    assert.equal(await sessionsHolding(options.body.challenge), 1);
  });

  it('sign-in options are anonymous: a challenge in the session, no credentials listed (the browser offers its passkeys)', async () => {
    const client = agent();
    const options = await postJson(client, '/login', '/login/passkey/options', 200);
    assert.equal(typeof options.body.challenge, 'string');
    assert.deepEqual(options.body.allowCredentials ?? [], []);
    assert.equal(options.body.userVerification, 'required');
    assert.equal(await sessionsHolding(options.body.challenge), 1);
  });

  it('registration options need a signed-in user', async () => {
    const client = agent();
    const answer = await postJson(client, '/login', `${LIST}/options`);
    assert.notEqual(answer.status, 200);
  });
});

describe('passkeys: adding and listing them', () => {
  it('several passkeys, one named as typed and one after the browser, listed with the date added and "Not yet" used', async () => {
    const { user, client } = await signedIn();
    const first = await addPasskey(client, new SoftAuthenticator(), 'Work laptop');
    assert.equal(first.status, 303);
    assert.equal(first.headers.location, LIST);
    const second = await addPasskey(client, new SoftAuthenticator(), '');
    assert.equal(second.status, 303);
    const page = await client.get(LIST).expect(200);
    const text = textOf(page.text);
    assert.match(text, /Passkey “Chrome on Linux” added\./);
    assert.ok(text.includes('Work laptop'));
    assert.ok(text.includes('Chrome on Linux'));
    assert.match(text, /Not yet/);
    const rows = await db()('user_passkeys').where({ user_id: user.userId }).orderBy('id');
    assert.deepEqual(
      rows.map((r: { name: string }) => r.name),
      ['Work laptop', 'Chrome on Linux'],
    );
    assert.deepEqual(rows[0].transports, ['internal']);
    assert.ok(Buffer.isBuffer(rows[0].public_key) && rows[0].public_key.length > 60);
    assert.ok((await auditActions(user.userId)).includes('passkey_added'));
  });

  it('a garbage, forged or unasked-for answer is refused with 422 and the message, never a 500, and nothing is stored', async () => {
    const { user, client } = await signedIn();
    // Garbage in the response field, after real options.
    await postJson(client, LIST, `${LIST}/options`, 200);
    const garbage = await postForm(client, LIST, LIST, { name: 'x', response: '{"id":"abc","response":{}}' });
    assert.equal(garbage.status, 422);
    assert.ok(textOf(garbage.text).includes(REFUSED_ADD));
    assert.ok(textOf(garbage.text).includes('Add a passkey'), 'the page comes back');
    const notJson = await postForm(client, LIST, LIST, { response: 'not json at all' });
    assert.equal(notJson.status, 422);
    // A real answer, but to a challenge this server never gave.
    const forged = new SoftAuthenticator().register(
      { challenge: 'Zm9yZ2VkLWNoYWxsZW5nZS0xMjM0NTY', rp: {}, user: { id: 'dXNlcg' } },
      origin(),
    );
    await postJson(client, LIST, `${LIST}/options`, 200);
    const forgedAnswer = await postForm(client, LIST, LIST, { response: JSON.stringify(forged) });
    assert.equal(forgedAnswer.status, 422);
    // A real answer for another origin.
    const options = await postJson(client, LIST, `${LIST}/options`, 200);
    const elsewhere = new SoftAuthenticator().register(options.body, 'https://evil.example');
    const elsewhereAnswer = await postForm(client, LIST, LIST, { response: JSON.stringify(elsewhere) });
    assert.equal(elsewhereAnswer.status, 422);
    // No options asked for at all.
    const fresh = agent();
    await signIn(fresh, user.email);
    const unasked = await postForm(fresh, LIST, LIST, { response: JSON.stringify(forged) });
    assert.equal(unasked.status, 422);
    assert.equal((await db()('user_passkeys').where({ user_id: user.userId })).length, 0);
  });

  it('a challenge is answered once, and not after 5 minutes', async () => {
    const { user, client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const options = await postJson(client, LIST, `${LIST}/options`, 200);
    const response = JSON.stringify(authenticator.register(options.body, origin()));
    assert.equal((await postForm(client, LIST, LIST, { response })).status, 303);
    assert.equal((await postForm(client, LIST, LIST, { response })).status, 422, 'the same answer again');

    const later = await postJson(client, LIST, `${LIST}/options`, 200);
    const old = JSON.stringify(new SoftAuthenticator().register(later.body, origin()));
    // Six minutes pass: the challenge kept in the session is too old.
    for (const row of await db()('sessions').select('sid', 'sess')) {
      const sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
      if (!sess.passkeyChallenge) continue;
      sess.passkeyChallenge.issuedAt -= 6 * 60 * 1000;
      await db()('sessions')
        .where({ sid: row.sid })
        .update({ sess: JSON.stringify(sess) });
    }
    assert.equal((await postForm(client, LIST, LIST, { response: old })).status, 422);
    assert.equal((await db()('user_passkeys').where({ user_id: user.userId })).length, 1);
  });

  it('a name longer than 60 characters is refused beside the field, with what was typed', async () => {
    const { client } = await signedIn();
    const answer = await addPasskey(client, new SoftAuthenticator(), 'x'.repeat(61));
    assert.equal(answer.status, 422);
    assert.ok(textOf(answer.text).includes('The name can be at most 60 characters.'));
  });
});

describe('passkeys: signing in without a password', () => {
  it('signs in at once, with no second-factor step even when the user has one, as a password sign-in leaves the session', async () => {
    const { user, client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    assert.equal((await addPasskey(client, authenticator, 'Phone')).status, 303);
    await enrolTwoFactor(user.userId);

    const visitor = agent();
    const { answer } = await passkeySignIn(visitor, authenticator);
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/profiles');
    assert.ok(await isSignedIn(visitor));
    const actions = await auditActions(user.userId);
    assert.ok(actions.includes('passkey_used'));
    assert.equal(actions.at(-1), 'sign_in', 'the sign-in is recorded like a password one');
    // The same session set-up: the device facts the sessions page shows, the sign-in time.
    const sessions = await db()('sessions').where({ user_id: user.userId }).select('sess');
    assert.ok(
      sessions.some((row) => {
        const sess = row.sess as { device?: unknown; signedInAt?: number };
        return Boolean(sess.device && sess.signedInAt);
      }),
    );
    const row = await db()('user_passkeys').where({ user_id: user.userId }).first();
    assert.ok(row.last_used_at, 'last used is recorded');
    assert.ok(Number(row.counter) > 0);
    const list = await visitor.get(LIST).expect(200);
    assert.doesNotMatch(textOf(list.text), /Not yet/);
  });

  it('a client’s account is turned away as by a password: asked whether the client login was meant, not signed in', async () => {
    const { user, client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Phone');
    await db()('users')
      .where({ id: user.userId })
      .update({ scopes: ['client'] });
    const visitor = agent();
    const { answer } = await passkeySignIn(visitor, authenticator);
    assert.equal(answer.status, 200);
    assert.match(textOf(answer.text), /Did you mean to log in as a client\?/);
    assert.equal(await isSignedIn(visitor), false);
    assert.equal((await auditActions(user.userId)).at(-1), 'sign_in_client_only');
  });

  it('keeps the path the login form carries (?next=)', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Phone');
    const visitor = agent();
    const options = await postJson(visitor, '/login', '/login/passkey/options', 200);
    const response = authenticator.signIn(options.body, origin());
    const answer = await postForm(visitor, '/login', '/login/passkey', {
      response: JSON.stringify(response),
      next: '/profile/specialties',
    });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/profile/specialties');
  });

  it('garbage, an unknown passkey or a replayed answer is refused with 422 and the message, not signed in', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Phone');

    const visitor = agent();
    await postJson(visitor, '/login', '/login/passkey/options', 200);
    const garbage = await postForm(visitor, '/login', '/login/passkey', { response: '{"id":1}' });
    assert.equal(garbage.status, 422);
    assert.ok(textOf(garbage.text).includes(REFUSED_SIGN_IN));
    assert.ok(textOf(garbage.text).includes('Log in'), 'the password form is still there');
    const notJson = await postForm(visitor, '/login', '/login/passkey', { response: '][' });
    assert.equal(notJson.status, 422);

    const unknown = await passkeySignIn(visitor, new SoftAuthenticator());
    assert.equal(unknown.answer.status, 422);

    const { response } = await passkeySignIn(agent(), authenticator);
    const replay = await postForm(visitor, '/login', '/login/passkey', { response: JSON.stringify(response) });
    assert.equal(replay.status, 422, 'an answer to another session’s challenge');
    assert.equal(await isSignedIn(visitor), false);
  });

  it('respects the per-IP sign-in throttle: past the limit, both the options and the answer are refused (429)', async () => {
    const { client } = await signedIn();
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Phone');
    const visitor = agent();
    const options = await postJson(visitor, '/login', '/login/passkey/options', 200);
    // A refused answer takes a point of the address's sign-in limit...
    assert.equal((await postForm(visitor, '/login', '/login/passkey', { response: '{}' })).status, 422);
    const row = await db()('rate_limits').where('key', 'like', 'sign_in_ip:%').first();
    assert.equal(row!.points, 1);
    // ...and once the address has used up its 100, nothing more is checked.
    await db()('rate_limits').where('key', 'like', 'sign_in_ip:%').update({ points: SIGN_IN_LIMITS.perIp.failures });
    const response = authenticator.signIn(options.body, origin());
    const refused = await postForm(visitor, '/login', '/login/passkey', { response: JSON.stringify(response) });
    assert.equal(refused.status, 429);
    assert.ok(textOf(refused.text).includes(TOO_MANY));
    assert.equal(await isSignedIn(visitor), false);
    const moreOptions = await postJson(agent(), '/login', '/login/passkey/options');
    assert.equal(moreOptions.status, 429);
  });
});

describe('passkeys: renaming and removing', () => {
  async function withPasskeys() {
    const { user, client } = await signedIn();
    await addPasskey(client, new SoftAuthenticator(), 'Laptop');
    await addPasskey(client, new SoftAuthenticator(), 'Phone');
    const ids = (await db()('user_passkeys').where({ user_id: user.userId }).orderBy('id')).map((r: { id: string }) =>
      Number(r.id),
    );
    return { user, client, ids };
  }

  it('renames one: an empty name is refused beside the field; a good one is saved and listed', async () => {
    const { client, ids } = await withPasskeys();
    const page = `${LIST}/${ids[0]}`;
    assert.match(textOf((await client.get(page).expect(200)).text), /Passkey name/);
    const empty = await postForm(client, page, page, { name: '   ' });
    assert.equal(empty.status, 422);
    assert.ok(textOf(empty.text).includes('Enter a name for the passkey.'));
    const saved = await postForm(client, page, page, { name: '  Home   desktop ' });
    assert.equal(saved.status, 303);
    const list = textOf((await client.get(LIST).expect(200)).text);
    assert.ok(list.includes('Home desktop'));
    assert.ok(list.includes('Phone'));
  });

  it('removes one after asking (a page of its own without JavaScript), and the last one too', async () => {
    const { user, client, ids } = await withPasskeys();
    const removal = `${LIST}/${ids[0]}/removal`;
    const asked = await postForm(client, LIST, removal, {});
    assert.equal(asked.status, 200);
    assert.ok(textOf(asked.text).includes('Remove the passkey “Laptop”?'));
    assert.equal((await db()('user_passkeys').where({ user_id: user.userId })).length, 2);
    const removed = await postForm(client, LIST, removal, { confirmed: '1' });
    assert.equal(removed.status, 303);
    const list = textOf((await client.get(LIST).expect(200)).text);
    assert.ok(list.includes('Passkey “Laptop” removed.'));
    const last = await postForm(client, LIST, `${LIST}/${ids[1]}/removal`, { confirmed: '1' });
    assert.equal(last.status, 303);
    assert.match(textOf((await client.get(LIST).expect(200)).text), /You have no passkeys yet\./);
    assert.ok((await auditActions(user.userId)).includes('passkey_removed'));
  });

  it('another user’s passkey id cannot be seen, renamed or removed (404), and stays', async () => {
    const { ids } = await withPasskeys();
    const { client: stranger } = await signedIn();
    const page = `${LIST}/${ids[0]}`;
    assert.equal((await stranger.get(page)).status, 404);
    assert.equal((await postForm(stranger, LIST, page, { name: 'Mine now' })).status, 404);
    assert.equal((await postForm(stranger, LIST, `${page}/removal`, {})).status, 404);
    assert.equal((await postForm(stranger, LIST, `${page}/removal`, { confirmed: '1' })).status, 404);
    assert.equal((await postForm(stranger, LIST, `${LIST}/not-a-number/removal`, { confirmed: '1' })).status, 404);
    const row = await db()('user_passkeys').where({ id: ids[0] }).first();
    assert.equal(row.name, 'Laptop');
  });

  it('with every passkey gone, the passkey no longer signs in, and the password with its second factor does', async () => {
    const { user, client, ids } = await withPasskeys();
    await enrolTwoFactor(user.userId);
    const authenticator = new SoftAuthenticator();
    await addPasskey(client, authenticator, 'Soon gone');
    for (const id of [...ids, Number((await db()('user_passkeys').where({ name: 'Soon gone' }).first()).id)])
      assert.equal((await postForm(client, LIST, `${LIST}/${id}/removal`, { confirmed: '1' })).status, 303);

    const { answer } = await passkeySignIn(agent(), authenticator);
    assert.equal(answer.status, 422);

    const visitor = agent();
    const password = await postForm(visitor, '/login', '/login', { email: user.email, password: TEST_PASSWORD });
    assert.equal(password.status, 303);
    assert.equal(password.headers.location, '/login/verify');
    const verify = await visitor.get('/login/verify');
    const code = codeIn(await lastSms());
    const done = await visitor
      .post('/login/verify')
      .type('form')
      .send({ _csrf: csrfFrom(verify.text), token: code });
    assert.equal(done.status, 303);
    assert.ok(await isSignedIn(visitor));
  });
});
