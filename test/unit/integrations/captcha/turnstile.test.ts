// Cloudflare Turnstile's adapter against a fake siteverify API: what it sends, and that it fails closed
// (a negative, failing, unreadable or missing answer is a refusal).
import assert from 'node:assert/strict';
import { startFakeJsonApi, type FakeJsonApi } from '../../../support/fake-json-api';
import { createTurnstileCaptcha, TURNSTILE_VERIFY_URL } from '../../../../server/integrations/captcha/turnstile';
import { createLocalCaptcha } from '../../../../server/integrations/captcha/local';
import { testConfig } from '../../../support/context';

describe('captcha: Cloudflare Turnstile', () => {
  let api: FakeJsonApi;
  beforeEach(async () => {
    api = await startFakeJsonApi({
      unqueued: { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
    });
  });
  afterEach(async () => {
    await api.close();
  });

  const captcha = (timeoutMs = 2_000) =>
    createTurnstileCaptcha({
      siteKey: '1x00000000000000000000AA',
      secretKey: 'secret-123',
      verifyUrl: `${api.url}/turnstile/v0/siteverify`,
      timeoutMs,
    });

  it("posts the secret, the token and the visitor's IP to siteverify, and passes when Cloudflare says success", async () => {
    api.replies.push({ status: 200, body: { success: true, 'error-codes': [], hostname: 'portal.example.com' } });
    assert.equal(await captcha().verify({ token: 'token-abc', honeypot: '', ip: '203.0.113.9' }), true);
    assert.equal(api.seen.length, 1);
    assert.equal(api.seen[0]!.method, 'POST');
    assert.equal(api.seen[0]!.url, '/turnstile/v0/siteverify');
    assert.deepEqual(api.seen[0]!.body, { secret: 'secret-123', response: 'token-abc', remoteip: '203.0.113.9' });
    assert.equal(TURNSTILE_VERIFY_URL, 'https://challenges.cloudflare.com/turnstile/v0/siteverify');
  });

  it('refuses when Cloudflare says no, answers an error, or answers something unreadable', async () => {
    assert.equal(await captcha().verify({ token: 'bad-token' }), false);
    api.replies.push({ status: 500, body: { success: true } });
    assert.equal(await captcha().verify({ token: 'token' }), false);
    api.replies.push({ status: 200, body: 'success' });
    assert.equal(await captcha().verify({ token: 'token' }), false);
    api.replies.push({ status: 200, body: { success: 'true' } });
    assert.equal(await captcha().verify({ token: 'token' }), false);
  });

  it('fails closed when siteverify does not answer in time, or cannot be reached', async () => {
    api.replies.push('hang');
    const started = Date.now();
    assert.equal(await captcha(300).verify({ token: 'token' }), false);
    assert.ok(Date.now() - started < 2_000, 'the time limit ended the call');
    const unreachable = createTurnstileCaptcha({
      siteKey: 'site',
      secretKey: 'secret',
      verifyUrl: 'http://127.0.0.1:1/siteverify',
      timeoutMs: 1_000,
    });
    assert.equal(await unreachable.verify({ token: 'token' }), false);
  });

  it('refuses without asking Cloudflare: no token, an over-long token, a filled honeypot', async () => {
    assert.equal(await captcha().verify({}), false);
    assert.equal(await captcha().verify({ token: 'x'.repeat(2049) }), false);
    assert.equal(await captcha().verify({ token: 'token', honeypot: 'https://spam.example' }), false);
    assert.equal(api.seen.length, 0);
  });

  it('names its widget (script and origin) for the page; the local check has none', () => {
    assert.deepEqual(captcha().widget, {
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
      origin: 'https://challenges.cloudflare.com',
      siteKey: '1x00000000000000000000AA',
    });
    assert.equal(createLocalCaptcha().widget, null);
  });

  it('the settings: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together; none is the local check', () => {
    assert.equal(testConfig().turnstile, null);
    assert.deepEqual(
      testConfig({ TURNSTILE_SITE_KEY: '0x4AAAAAAA', TURNSTILE_SECRET_KEY: '0x4AAAAAAB-secret' }).turnstile,
      { siteKey: '0x4AAAAAAA', secretKey: '0x4AAAAAAB-secret' },
    );
    assert.throws(
      () => testConfig({ TURNSTILE_SITE_KEY: '0x4AAAAAAA' }),
      /TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together/,
    );
    assert.throws(
      () => testConfig({ TURNSTILE_SITE_KEY: 'has space', TURNSTILE_SECRET_KEY: 'x' }),
      /TURNSTILE_SITE_KEY must be a Turnstile site key/,
    );
  });
});
