// The sign-in throttles under concurrent requests, the bound on password hashing, the per-IP ceiling
// for known offices, and reset links voided by a password or e-mail change (Platform II, item 0).
import assert from 'node:assert/strict';
import { HASHING, passwordChecksRun, SIGN_IN_LIMITS } from '../../server/domain/accounts';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, signIn, textOf, type Agent } from '../support/http';
import { auditActions, lastEmail, linkPath, outbox, postForm } from './auth-helpers';

/** n visitors, each holding the CSRF token of `page`, ready to post at the same moment. */
async function visitors(n: number, page: string): Promise<{ client: Agent; _csrf: string }[]> {
  const ready: { client: Agent; _csrf: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    const client = agent();
    ready.push({ client, _csrf: csrfFrom((await client.get(page)).text) });
  }
  return ready;
}

const postAll = (
  ready: { client: Agent; _csrf: string }[],
  action: string,
  body: (i: number) => Record<string, string>,
) =>
  Promise.all(
    ready.map(({ client, _csrf }, i) =>
      client
        .post(action)
        .type('form')
        .send({ _csrf, ...body(i) }),
    ),
  );

describe('sign-in throttles hold under concurrent requests', function () {
  this.timeout(60_000);

  it('50 concurrent wrong passwords for one account: at most 5 are checked, the rest refused', async () => {
    const user = await createProviderUser(ctx().db);
    const ready = await visitors(50, '/login');
    const checksBefore = passwordChecksRun();
    const answers = await postAll(ready, '/login', () => ({ email: user.email, password: 'Wrong-password-1' }));
    assert.ok(
      passwordChecksRun() - checksBefore <= SIGN_IN_LIMITS.perEmail.failures,
      `${passwordChecksRun() - checksBefore} checks`,
    );
    const failed = (await auditActions(user.userId)).filter((a) => a === 'sign_in_failed').length;
    assert.ok(failed <= 5, `${failed} failures were checked`);
    assert.ok(answers.filter((a) => a.status === 429).length >= 45);
  });

  it('among 40 concurrent guesses after the limit is reached, the right password does not get in', async () => {
    const user = await createProviderUser(ctx().db);
    const ready = await visitors(40, '/login');
    const answers = await postAll(ready, '/login', (i) => ({
      email: user.email,
      password: i === 39 ? TEST_PASSWORD : `Wrong-password-${i}`,
    }));
    const signedIn = answers.filter((a) => a.status === 303).length;
    const checked = answers.filter((a) => a.status !== 429).length;
    assert.ok(checked <= 5, `${checked} guesses were checked`);
    // The right guess gets in only if it was one of the five checked.
    assert.ok(signedIn <= 1);
    if (signedIn === 0) assert.equal(answers[39]!.status, 429);
  });

  it('per IP: with 5 points left, 20 concurrent attempts for other accounts check at most 5', async () => {
    await postForm(agent(), '/login', '/login', { email: 'first@example.test', password: 'Wrong-password-1' });
    await ctx()
      .db('rate_limits')
      .where('key', 'like', 'sign_in_ip:%')
      .update({ points: SIGN_IN_LIMITS.perIp.failures - 5 });
    const ready = await visitors(20, '/login');
    const checksBefore = passwordChecksRun();
    const answers = await postAll(ready, '/login', (i) => ({
      email: `nobody${i}@example.test`,
      password: 'Wrong-password-1',
    }));
    assert.ok(passwordChecksRun() - checksBefore <= 5, `${passwordChecksRun() - checksBefore} checks`);
    assert.ok(answers.filter((a) => a.status === 429).length >= 15);
  });

  it('30 concurrent reset requests for one address send at most 5 e-mails', async () => {
    const user = await createProviderUser(ctx().db);
    const ready = await visitors(30, '/password/request');
    await postAll(ready, '/password/request', () => ({ email: user.email }));
    const mails = (await outbox('email')).filter((m) => m.recipient === user.email);
    assert.ok(mails.length <= SIGN_IN_LIMITS.resetMailsPerEmail.count, `${mails.length} e-mails`);
    assert.ok(mails.length >= 1);
  });

  it('30 concurrent account recoveries from one address run at most 10', async () => {
    const ready = await visitors(30, '/account/recover');
    const answers = await postAll(ready, '/account/recover', (i) => ({
      first_name: 'Dana',
      last_name: `Nobody${i}`,
      phone_number: '(212) 555-0199',
    }));
    const ran = (await auditActions()).filter((a) => a === 'account_recovery_failed').length;
    assert.ok(ran <= SIGN_IN_LIMITS.recoveriesPerIp.count, `${ran} recoveries ran`);
    assert.ok(answers.filter((a) => a.status === 429).length >= 20);
  });
});

describe('password hashing is bounded', function () {
  this.timeout(60_000);

  it('past the hashing slots and their short line, a sign-in answers 503 with Retry-After, and /login still answers', async () => {
    const attempts = HASHING.concurrent + HASHING.waiting + 20;
    const ready = await visitors(attempts, '/login');
    const pending = postAll(ready, '/login', (i) => ({ email: `busy${i}@example.test`, password: 'Wrong-password-1' }));
    // While the hashing slots are full, a page that needs none is served.
    await agent().get('/login').expect(200);
    const answers = await pending;
    const busy = answers.filter((a) => a.status === 503);
    assert.ok(busy.length > 0, 'some attempts were turned away');
    assert.equal(busy[0]!.headers['retry-after'], String(HASHING.retryAfterSeconds));
    assert.match(textOf(busy[0]!.text), /The portal is busy right now\. Please try again in a few seconds\./);
    assert.ok(
      answers.filter((a) => a.status === 401).length >= HASHING.concurrent,
      'the ones with a slot were checked',
    );
    // A turned-away attempt did not count against the address's limit.
    const row = await ctx().db('rate_limits').where('key', 'like', 'sign_in_ip:%').first();
    assert.equal(row!.points, attempts - busy.length);
  });
});

describe('the per-IP ceiling slows an office’s own people, it does not lock them out', function () {
  this.timeout(30_000);

  it('an account that signed in from this address before still gets in past the ceiling; a new one is refused', async () => {
    const regular = await createProviderUser(ctx().db);
    const newcomer = await createProviderUser(ctx().db);
    await signIn(agent(), regular.email);
    await postForm(agent(), '/login', '/login', { email: 'stranger@example.test', password: 'Wrong-password-1' });
    await ctx()
      .db('rate_limits')
      .where('key', 'like', 'sign_in_ip:%')
      .update({ points: SIGN_IN_LIMITS.perIp.failures + 10 });

    const started = Date.now();
    const known = await postForm(agent(), '/login', '/login', { email: regular.email, password: TEST_PASSWORD });
    assert.equal(known.status, 303);
    assert.ok(Date.now() - started >= 1_500, 'it was slowed down');
    const refused = await postForm(agent(), '/login', '/login', { email: newcomer.email, password: TEST_PASSWORD });
    assert.equal(refused.status, 429);
  });
});

describe('reset links die with the password or the address they were sent for', () => {
  async function resetLinkFor(email: string): Promise<string> {
    await postForm(agent(), '/password/request', '/password/request', { email });
    return linkPath(await lastEmail(), '/password/reset/');
  }

  it('a password change voids every outstanding reset link', async () => {
    const user = await createProviderUser(ctx().db);
    const link = await resetLinkFor(user.email);
    await agent().get(link).expect(200);
    const client = agent();
    await signIn(client, user.email);
    const changed = await postForm(client, '/password/update', '/password/update', {
      old_password: TEST_PASSWORD,
      new_password: 'Another-password-77',
      new_password_confirmation: 'Another-password-77',
    });
    assert.equal(changed.status, 303);
    const after = await postForm(agent(), link, link, {
      password: 'Attacker-password-9',
      password_confirmation: 'Attacker-password-9',
    });
    assert.notEqual(after.status, 303, 'the old link set a password');
    const stored = await ctx()
      .db('auth_tokens')
      .where({ user_id: user.userId, purpose: 'password_reset' })
      .whereNull('used_at');
    assert.equal(stored.length, 0);
  });

  it('an e-mail change voids the link sent to the old address', async () => {
    const user = await createProviderUser(ctx().db);
    const link = await resetLinkFor(user.email);
    const client = agent();
    await signIn(client, user.email);
    const changed = await postForm(client, '/account-preferences', '/account-preferences/email', {
      newEmail: 'moved@example.test',
      password: TEST_PASSWORD,
    });
    assert.equal(changed.status, 303);
    const after = await postForm(agent(), link, link, {
      password: 'Attacker-password-9',
      password_confirmation: 'Attacker-password-9',
    });
    assert.notEqual(after.status, 303, 'the old link set a password');
    const stored = await ctx()
      .db('auth_tokens')
      .where({ user_id: user.userId, purpose: 'password_reset' })
      .whereNull('used_at');
    assert.equal(stored.length, 0);
  });
});
