// /zpm-signup: standalone practice management bought without sign-in (spec 3 §2, §7 "/zpm-signup/*",
// §5 coupons, §9 standalone Pro $49 / Premium $69; issue [13] part 4).
import assert from 'node:assert/strict';
import { ctx, testConfig } from '../support/context';
import { agent, csrfFrom, formBody, islandPropsOf, mainTextOf, type Agent } from '../support/http';
import { gateway } from '../support/billing';
import { outbox } from './auth-helpers';
import { drainJobs } from '../support/jobs';
import { OutsideServiceError } from '../../server/integrations/outside-api';
import { syncCustomer } from '../../server/domain/billing';
import { createProviderUser } from '../support/factories';
import { signIn } from '../support/http';
import { atPayment, CLINIC, payBody, payPage, startQuery } from './zpm-signup-helpers';

const DETAILS = { first_name: 'Robin', last_name: 'Reyes', email: 'robin.zpm@example.test' };

function postFrom(client: Agent, page: string, path: string, values: Record<string, string>) {
  return client
    .post(path)
    .type('form')
    .send(formBody({ _csrf: csrfFrom(page), ...values }));
}

/** The props of the island that listens for the EHR form's message. */
const messagesProps = (html: string) =>
  islandPropsOf<{ allowedOrigin?: string; mode?: string; next?: string }>(html, 'ZpmSignupMessages');

describe('zpm-signup: the EHR form and its message', () => {
  it("frames the local stand-in and accepts messages only from the portal's own origin by default", async () => {
    const page = await agent().get('/zpm-signup').expect(200);
    const origin = new URL(ctx().config.portalUrl).origin;
    assert.match(page.text, new RegExp(`<iframe[^>]+src="${origin}/dev/zpm-signup-form"`));
    assert.match(page.text, /data-island="ZpmSignupMessages"/);
    assert.equal(messagesProps(page.text).allowedOrigin, origin, 'the listener is told the allowed origin');
    assert.match(page.text, /Sign up here/);
    assert.match(page.headers['content-security-policy']!, /frame-ancestors 'self'/);
  });

  it('ZPM_SIGNUP_FORM_URL and ZPM_SIGNUP_ORIGIN: the outside form is framed and only its origin is accepted', async () => {
    const saved = ctx().config.zpmSignup;
    ctx().config.zpmSignup = { formUrl: 'https://signup.ehr.example/new-clinic', origin: 'https://signup.ehr.example' };
    try {
      const page = await agent().get('/zpm-signup').expect(200);
      assert.match(page.text, /<iframe[^>]+src="https:\/\/signup\.ehr\.example\/new-clinic"/);
      assert.equal(messagesProps(page.text).allowedOrigin, 'https://signup.ehr.example');
      assert.match(page.headers['content-security-policy']!, /frame-src https:\/\/signup\.ehr\.example/);
    } finally {
      ctx().config.zpmSignup = saved;
    }
  });

  it("the settings: ZPM_SIGNUP_ORIGIN is an origin; without it, the form's origin, or the portal's own for the stand-in", () => {
    assert.deepEqual(testConfig().zpmSignup, { formUrl: null, origin: null });
    assert.deepEqual(testConfig({ ZPM_SIGNUP_FORM_URL: 'https://signup.ehr.example/new-clinic' }).zpmSignup, {
      formUrl: 'https://signup.ehr.example/new-clinic',
      origin: 'https://signup.ehr.example',
    });
    assert.equal(
      testConfig({
        ZPM_SIGNUP_FORM_URL: 'https://signup.ehr.example/new-clinic',
        ZPM_SIGNUP_ORIGIN: 'https://forms.ehr.example',
      }).zpmSignup.origin,
      'https://forms.ehr.example',
    );
    assert.throws(
      () => testConfig({ ZPM_SIGNUP_ORIGIN: 'https://forms.ehr.example/path' }),
      /ZPM_SIGNUP_ORIGIN must be an origin/,
    );
  });

  it('checks the clinic id and url again on the server: only clinic addresses of PRACTICE_MANAGEMENT_URL', async () => {
    const good = await agent().get(startQuery()).expect(200);
    assert.match(mainTextOf(good.text), /Your details/);
    assert.match(good.text, /name="clinic_id" value="clinic-abc123"/);
    for (const bad of [
      { clinic_id: 'clinic-abc123', url: 'https://evil.example.com' },
      { clinic_id: 'clinic-abc123', url: 'https://calm-waters.practice.example.com.evil.example' },
      { clinic_id: 'clinic-abc123', url: 'https://user:pw@calm-waters.practice.example.com' },
      { clinic_id: 'clinic-abc123', url: 'javascript:alert(1)' },
      { clinic_id: 'has spaces', url: CLINIC.url },
      { clinic_id: '', url: CLINIC.url },
    ]) {
      const page = await agent().get(startQuery(bad)).expect(422);
      assert.match(mainTextOf(page.text), /The practice management sign-up did not come through/, JSON.stringify(bad));
      assert.doesNotMatch(page.text, /name="clinic_id"/);
    }
  });

  it("the local stand-in makes a clinic on the EHR's host and sends it to the framing page (absent in production)", async () => {
    const client = agent();
    const form = await client.get('/dev/zpm-signup-form').expect(200);
    const made = await postFrom(client, form.text, '/dev/zpm-signup-form', { subdomain: 'Calm-Waters' }).expect(200);
    assert.equal(messagesProps(made.text).mode, 'send');
    assert.match(made.text, /https:\/\/calm-waters\.practice\.example\.com/);
    const continueHref = /href="(\/zpm-signup\?[^"]+)"/.exec(made.text)![1]!.replace(/&amp;/g, '&');
    await client.get(continueHref).expect(200);
    const saved = ctx().config.env;
    ctx().config.env = 'production';
    try {
      await agent().get('/dev/zpm-signup-form').expect(404);
    } finally {
      ctx().config.env = saved;
    }
  });
});

describe('zpm-signup: your details (create-standalone-account)', () => {
  it('makes a standalone account owned by a user without a password, and moves on to payment', async () => {
    const { accountId } = await atPayment(DETAILS, false);
    const account = await ctx().db('accounts').where({ id: accountId }).first();
    assert.equal(account!.standalone_practice_management, true);
    const user = await ctx().db('users').where({ email: DETAILS.email }).first();
    assert.equal(user!.password_hash, null);
    const roles = await ctx().db('account_roles').where({ user_id: user!.id }).select('account_id', 'role');
    assert.deepEqual(
      roles.map((r) => [Number(r.account_id), r.role]),
      [[accountId, 'owner']],
    );
  });

  it('keeps what was typed next to the messages, and refuses an address already on file', async () => {
    const client = agent();
    const start = await client.get(startQuery()).expect(200);
    const missing = await postFrom(client, start.text, '/zpm-signup/create-standalone-account', {
      ...CLINIC,
      first_name: '',
      last_name: 'Reyes',
      email: 'not-an-email',
      website: '',
    }).expect(422);
    const text = mainTextOf(missing.text);
    assert.match(text, /First name required\./);
    assert.match(text, /Invalid email\./);
    assert.match(missing.text, /name="last_name"[^>]*value="Reyes"/);
    assert.match(missing.text, /name="email"[^>]*value="not-an-email"/);
    // A login of its own (an unpaid sign-up holds no address: zpm-signup-holds.test.ts).
    await createProviderUser(ctx().db, { email: DETAILS.email });
    const again = await postFrom(client, start.text, '/zpm-signup/create-standalone-account', {
      ...CLINIC,
      ...DETAILS,
      website: '',
    }).expect(422);
    assert.match(mainTextOf(again.text), /An account with this email already exists/);
    assert.equal(
      await ctx()
        .db('users')
        .where({ email: DETAILS.email })
        .count<{ n: string }[]>('* as n')
        .first()
        .then((r) => Number(r!.n)),
      1,
    );
  });

  it('the captcha: a filled honeypot makes nothing', async () => {
    const client = agent();
    const start = await client.get(startQuery()).expect(200);
    const page = await postFrom(client, start.text, '/zpm-signup/create-standalone-account', {
      ...CLINIC,
      ...DETAILS,
      website: 'https://spam.example',
    }).expect(422);
    assert.match(mainTextOf(page.text), /We could not confirm that you are a person/);
    assert.equal(await ctx().db('users').where({ email: DETAILS.email }).first(), undefined);
    assert.equal(await ctx().db('zpm_signups').first(), undefined);
  });

  it('the payment step belongs to the browser that started it', async () => {
    await atPayment(DETAILS);
    const other = agent();
    await other.get('/zpm-signup/pay').expect(303).expect('Location', '/zpm-signup');
    await other.get('/zpm-signup/done').expect(303).expect('Location', '/zpm-signup');
  });
});

describe('zpm-signup: pay-preview (spec 3 §9: Pro $49, Premium $69 a clinician a month; §5 coupons)', () => {
  it('totals Pro and Premium times the number of clinicians, with a coupon', async () => {
    const { client } = await atPayment(DETAILS);
    await gateway()
      .createCoupon(
        { id: `ZPM10-${Date.now()}`, name: 'Ten percent', percent_off: 10, duration: 'once' },
        `zpm-coupon-${Date.now()}`,
      )
      .then(async (coupon) => {
        const cases: [string, RegExp[]][] = [
          ['zpm_tier=pro&quantity=1', [/Subtotal \$49\.00/, /Total due today \$49\.00/]],
          ['zpm_tier=premium&quantity=1', [/Total due today \$69\.00/]],
          ['zpm_tier=pro&quantity=3', [/Subtotal \$147\.00/, /Total due today \$147\.00/]],
          ['zpm_tier=premium&quantity=2', [/Subtotal \$138\.00/, /Total due today \$138\.00/]],
          [
            `zpm_tier=premium&quantity=2&coupon=${coupon.id}`,
            [/Subtotal \$138\.00/, /Discount -\$13\.80/, /Total due today \$124\.20/, /Ten percent: 10% off, once/],
          ],
        ];
        for (const [query, expected] of cases) {
          const text = mainTextOf((await payPage(client, query)).page.text);
          for (const pattern of expected) assert.match(text, pattern, query);
        }
      });
    assert.match(
      mainTextOf((await payPage(client)).page.text),
      /Pro: \$49\.00 a month per clinician.*Premium: \$69\.00 a month per clinician/,
    );
  });

  it("refuses an unknown coupon, one for other products, and a bad quantity, with the spec's messages", async () => {
    const { client } = await atPayment(DETAILS);
    const unknown = mainTextOf((await payPage(client, 'zpm_tier=pro&quantity=1&coupon=NOPE')).page.text);
    assert.match(unknown, /Sorry this coupon is not valid or has expired\./);
    await gateway()
      .createCoupon(
        {
          id: 'ZPMOTHER',
          name: 'Membership only',
          amount_off: 500,
          currency: 'usd',
          duration: 'once',
          applies_to: { products: ['portal_membership'] },
        },
        `zpm-other-${Date.now()}`,
      )
      .catch(() => undefined);
    const other = mainTextOf((await payPage(client, 'zpm_tier=pro&quantity=1&coupon=ZPMOTHER')).page.text);
    assert.match(other, /Sorry, this coupon does not work for these items\./);
    const quantity = mainTextOf((await payPage(client, 'zpm_tier=pro&quantity=0')).page.text);
    assert.match(quantity, /Please enter a number of clinicians from 1 to 100\./);
  });
});

describe('zpm-signup: pay', () => {
  const subscriptions = (accountId: number) =>
    ctx().db('billing_subscriptions').where({ account_id: accountId }).select('id', 'status');

  it('pays once even when posted twice, adds the practice-management account and sends the set-password e-mail', async () => {
    const { client, accountId } = await atPayment(DETAILS);
    const { page, card } = await payPage(client, 'zpm_tier=premium&quantity=2');
    const body = payBody(card!, { zpm_tier: 'premium', quantity: '2', coupon: '' });
    // A double click: both posts at once, then a third after the first finished.
    const [first, second] = await Promise.all([
      postFrom(client, page.text, '/zpm-signup/pay', body),
      postFrom(client, page.text, '/zpm-signup/pay', body),
    ]);
    for (const answer of [first, second]) {
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.location, '/zpm-signup/done');
    }
    await postFrom(client, page.text, '/zpm-signup/pay', body).expect(303).expect('Location', '/zpm-signup/done');

    const live = await subscriptions(accountId);
    assert.equal(live.length, 1, 'one subscription');
    assert.equal(live[0]!.status, 'active');
    const items = await ctx()
      .db('billing_subscription_items')
      .where({ subscription_id: live[0]!.id })
      .select('lookup_key', 'quantity');
    assert.deepEqual(items, [{ lookup_key: 'standalone_practice_management_premium_monthly_v3', quantity: 2 }]);
    assert.equal((await ctx().db('billing_customers').where({ account_id: accountId })).length, 1, 'one customer');
    const stripeSubscriptions = await gateway().subscriptionsOf(
      (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id,
    );
    assert.equal(stripeSubscriptions.length, 1, 'one subscription at the card processor');
    const account = await ctx().db('accounts').where({ id: accountId }).first();
    assert.deepEqual(account!.practice_management, { subdomain: 'calm-waters', trial_end: null });
    assert.equal(account!.has_paid_practice_management_plan, true);
    assert.deepEqual(await ctx().db('local_ehr.clinics').select('clinic_id', 'subdomain'), [
      { clinic_id: 'clinic-abc123', subdomain: 'calm-waters' },
    ]);

    const done = mainTextOf((await client.get('/zpm-signup/done').expect(200)).text);
    assert.match(done, /Your practice management account is ready/);
    assert.match(done, /https:\/\/calm-waters\.practice\.example\.com/);
    assert.match(done, /We sent an e-mail to robin\.zpm@example\.test/);
    const mails = (await outbox('email')).filter((mail) => mail.recipient === DETAILS.email);
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.body, /\/password\/reset\/[A-Za-z0-9_-]+/);
    // Finished: the payment step now leads to the success card.
    await client.get('/zpm-signup/pay').expect(303).expect('Location', '/zpm-signup/done');
  });

  it("a declined card shows the card processor's message under the button, keeps the form, and the next try pays", async () => {
    const { client, accountId } = await atPayment(DETAILS, 'pm_card_chargeCustomerFail');
    const { page, card } = await payPage(client);
    const refused = await postFrom(client, page.text, '/zpm-signup/pay', payBody(card!)).expect(422);
    assert.match(refused.text, /id="payment-failure"[^>]*>Your card was declined\./);
    assert.match(refused.text, /name="address_city"[^>]*value="Portland"/);
    assert.deepEqual(
      (await subscriptions(accountId)).filter((s) => s.status === 'active'),
      [],
    );
    assert.equal((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, null);
    // Another card: a new attempt (the refused one's key would replay the refusal), which pays.
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    const good = await gateway().attachCard(customerId, 'pm_card_visa', `zpm-good-card-${accountId}`);
    await syncCustomer(ctx().db, gateway(), customerId);
    await postFrom(client, page.text, '/zpm-signup/pay', payBody(good))
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    assert.equal((await subscriptions(accountId)).filter((s) => s.status === 'active').length, 1);
  });

  it("validation keeps what was typed, with the spec's messages; the captcha refuses a bot; nothing is charged", async () => {
    const { client, accountId } = await atPayment(DETAILS);
    const { page, card } = await payPage(client);
    const invalid = await postFrom(client, page.text, '/zpm-signup/pay', {
      ...payBody(card!),
      address_line1: '',
      address_postal_code: '',
      terms: '',
    }).expect(422);
    const text = mainTextOf(invalid.text);
    assert.match(text, /Address line 1 required\./);
    assert.match(text, /Postal code required\./);
    assert.match(text, /Please accept our terms of service\./);
    assert.match(invalid.text, /name="address_city"[^>]*value="Portland"/);
    const noSource = await postFrom(client, page.text, '/zpm-signup/pay', { ...payBody(card!), source: '' }).expect(
      422,
    );
    assert.match(mainTextOf(noSource.text), /Payment method required\./);
    const bot = await postFrom(client, page.text, '/zpm-signup/pay', { ...payBody(card!), website: 'spam' }).expect(
      422,
    );
    assert.match(mainTextOf(bot.text), /We could not confirm that you are a person/);
    assert.deepEqual(await subscriptions(accountId), []);
  });

  it('the EHR failing: the payment is kept, the success page says the account is being finished, and the job finishes it once the EHR is back', async () => {
    const { client, accountId } = await atPayment(DETAILS);
    const { page, card } = await payPage(client);
    const ehr = ctx().integrations.ehr;
    const original = ehr.createClinic;
    ehr.createClinic = async () => {
      throw new OutsideServiceError('ehr POST add: 500', 'ehr', 'req-1', 500);
    };
    try {
      await postFrom(client, page.text, '/zpm-signup/pay', payBody(card!))
        .expect(303)
        .expect('Location', '/zpm-signup/done');
      const finishing = mainTextOf((await client.get('/zpm-signup/done').expect(200)).text);
      assert.match(finishing, /We are finishing your practice management account/);
      assert.match(finishing, /we will send an e-mail to robin\.zpm@example\.test/);
      // Paid: the payment form is not shown again.
      await client.get('/zpm-signup/pay').expect(303).expect('Location', '/zpm-signup/done');
      // The job's tries fail while the EHR is down; nothing of the account is saved, no e-mail goes out.
      await drainJobs();
    } finally {
      ehr.createClinic = original;
    }
    assert.equal((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, null);
    const stored = await ctx().db('zpm_signups').first();
    assert.notEqual(stored!.paid_at, null);
    assert.equal(stored!.completed_at, null);
    assert.deepEqual(
      (await outbox('email')).filter((mail) => mail.recipient === DETAILS.email),
      [],
    );

    // The EHR is back: the queued job (retried) finishes the account and sends the e-mail, once.
    await ctx().db.raw(
      `update pgboss.job set start_after = now() where name = 'zpm-signup.finish' and state = 'retry'`,
    );
    await drainJobs();
    assert.deepEqual((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, {
      subdomain: 'calm-waters',
      trial_end: null,
    });
    assert.match(
      mainTextOf((await client.get('/zpm-signup/done').expect(200)).text),
      /Your practice management account is ready/,
    );
    await postFrom(client, page.text, '/zpm-signup/pay', payBody(card!))
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    await drainJobs();
    assert.equal((await outbox('email')).filter((mail) => mail.recipient === DETAILS.email).length, 1);
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    assert.equal((await gateway().subscriptionsOf(customerId)).length, 1, 'charged once');
  });

  it('a retry of the payment after the EHR failed finishes what is left, without charging again', async () => {
    const { client, accountId } = await atPayment(DETAILS);
    const { page, card } = await payPage(client);
    const ehr = ctx().integrations.ehr;
    const original = ehr.createClinic;
    ehr.createClinic = async () => {
      throw new OutsideServiceError('ehr POST add: 500', 'ehr', 'req-1', 500);
    };
    try {
      await postFrom(client, page.text, '/zpm-signup/pay', payBody(card!))
        .expect(303)
        .expect('Location', '/zpm-signup/done');
    } finally {
      ehr.createClinic = original;
    }
    await postFrom(client, page.text, '/zpm-signup/pay', payBody(card!))
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    assert.match(
      mainTextOf((await client.get('/zpm-signup/done').expect(200)).text),
      /Your practice management account is ready/,
    );
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    assert.equal((await gateway().subscriptionsOf(customerId)).length, 1, 'the retry did not charge again');
    assert.deepEqual((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, {
      subdomain: 'calm-waters',
      trial_end: null,
    });
    // The job queued with the payment finds nothing left to do: still one e-mail.
    await drainJobs();
    assert.equal((await outbox('email')).filter((mail) => mail.recipient === DETAILS.email).length, 1);
  });
});

describe('zpm-signup: developer pages', () => {
  it('/zpm-signup/iframe-test runs the same flow in the plain layout, framable by the portal only', async () => {
    const page = await agent().get('/zpm-signup/iframe-test').expect(200);
    assert.match(page.headers['content-security-policy']!, /frame-ancestors 'self'/);
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(messagesProps(page.text).next, '/zpm-signup/iframe-test');
    const details = await agent()
      .get(`/zpm-signup/iframe-test?${new URLSearchParams(CLINIC).toString()}`)
      .expect(200);
    assert.match(details.text, /name="variant" value="iframe"/);
    assert.match(details.text, /topbar--plain/);
  });

  it('/practice-management-post-message-test needs sign-in, then frames the form and logs its messages', async () => {
    const visitor = await agent().get('/practice-management-post-message-test');
    assert.equal(visitor.status, 303);
    assert.match(visitor.headers.location!, /^\/login/);
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const page = await client.get('/practice-management-post-message-test').expect(200);
    assert.match(page.text, /<iframe[^>]+src="[^"]+\/dev\/zpm-signup-form"/);
    assert.equal(messagesProps(page.text).mode, 'log');
    assert.match(mainTextOf(page.text), /Accepted origin/);
  });
});
