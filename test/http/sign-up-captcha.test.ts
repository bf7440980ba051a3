// The real bot check on the sign-up forms (issue [15] item 2): with Cloudflare Turnstile set up, the
// standalone sign-up (and /signup) show its widget, the page's CSP allows it, and no token or a refused
// one makes nothing; without it, the local honeypot check and no outside script.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf } from '../support/http';
import { startFakeJsonApi, type FakeJsonApi } from '../support/fake-json-api';
import { createTurnstileCaptcha } from '../../server/integrations/captcha/turnstile';
import type { Captcha } from '../../server/integrations/captcha/port';

const CLINIC = { clinic_id: 'clinic-abc123', url: 'https://calm-waters.practice.example.com' };
const DETAILS = { first_name: 'Robin', last_name: 'Reyes', email: 'robin.captcha@example.test' };
const startQuery = `/zpm-signup?${new URLSearchParams(CLINIC).toString()}`;
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

describe('sign-up bot check: Cloudflare Turnstile when set up', () => {
  let api: FakeJsonApi;
  let saved: Captcha;
  beforeEach(async () => {
    api = await startFakeJsonApi({
      unqueued: { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
    });
    // The integrations object is shared by every router: its captcha is swapped in place.
    const captcha = ctx().integrations.captcha;
    saved = { ...captcha, verify: captcha.verify };
    Object.assign(
      captcha,
      createTurnstileCaptcha({
        siteKey: 'site-key-123',
        secretKey: 'secret-key',
        verifyUrl: `${api.url}/siteverify`,
        timeoutMs: 1_000,
      }),
    );
  });
  afterEach(async () => {
    Object.assign(ctx().integrations.captcha, saved);
    await api.close();
  });

  const post = async (client: ReturnType<typeof agent>, extra: Record<string, string>) => {
    const page = await client.get(startQuery).expect(200);
    return client
      .post('/zpm-signup/create-standalone-account')
      .type('form')
      .send(formBody({ _csrf: csrfFrom(page.text), ...CLINIC, variant: 'page', ...DETAILS, website: '', ...extra }));
  };

  it('"Your details" shows the widget, and its CSP allows Cloudflare\'s script and frame', async () => {
    const page = await agent().get(startQuery).expect(200);
    assert.ok(page.text.includes(`src="${SCRIPT}"`));
    assert.match(
      page.text,
      /class="cf-turnstile" data-sitekey="site-key-123" data-response-field-name="captcha_token"/,
    );
    const csp = page.headers['content-security-policy']!;
    assert.match(csp, /script-src 'self' https:\/\/challenges\.cloudflare\.com/);
    assert.match(csp, /frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    const signup = await agent().get('/signup').expect(200);
    assert.ok(signup.text.includes(`src="${SCRIPT}"`), '/signup shows it as well');
  });

  it('no token, or one Cloudflare refuses: nothing is made; a good one goes on to payment', async () => {
    const client = agent();
    const none = await post(client, {});
    assert.equal(none.status, 422);
    assert.match(mainTextOf(none.text), /We could not confirm that you are a person/);
    assert.equal(api.seen.length, 0, 'no token: Cloudflare is not asked');
    const refused = await post(client, { captcha_token: 'forged' });
    assert.equal(refused.status, 422);
    assert.equal(await ctx().db('zpm_signups').first(), undefined);
    assert.equal(await ctx().db('users').where({ email: DETAILS.email }).first(), undefined);

    api.replies.push({ status: 200, body: { success: true, 'error-codes': [] } });
    await post(client, { captcha_token: 'good-token' }).then((r) => {
      assert.equal(r.status, 303);
      assert.equal(r.headers.location, '/zpm-signup/pay');
    });
    assert.equal(api.seen.at(-1)!.body.response, 'good-token');
  });

  it('Cloudflare not answering refuses (fails closed)', async () => {
    api.replies.push('hang');
    const answer = await post(agent(), { captcha_token: 'token' });
    assert.equal(answer.status, 422);
    assert.equal(await ctx().db('zpm_signups').first(), undefined);
  });
});

describe('sign-up bot check: the local one', () => {
  it('no outside script and no widget, the CSP stays closed', async () => {
    const page = await agent().get(startQuery).expect(200);
    assert.ok(!page.text.includes('challenges.cloudflare.com'));
    assert.doesNotMatch(page.headers['content-security-policy']!, /cloudflare/);
  });
});
