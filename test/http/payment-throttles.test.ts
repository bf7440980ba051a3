// Throttles on what costs money or probes cards (issue [15] item 2): new /zpm-signup accounts, the card
// field's setup intents, card processor sessions and payment attempts (declines counted), per IP address
// and per session, answered 429 with a plain message.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf, postForm, signIn, tokenFor, type Agent } from '../support/http';
import { billedAccount, PAYMENT_ADDRESS, readyToPay } from '../support/billing';
import { createProviderUser } from '../support/factories';
import { PAYMENT_LIMITS } from '../../server/http/payment-throttles';
import {
  atPayment as atZpmPayment,
  CLINIC,
  createStandaloneAccount,
  payBody,
  payPage,
  startQuery,
} from './zpm-signup-helpers';

const signupCount = async () => Number((await ctx().db('zpm_signups').count({ n: '*' }).first())!.n);

/** Posts "Your details" from the given (or a new) browser. */
const createAccount = (client: Agent, email: string) =>
  createStandaloneAccount(client, { first_name: 'Robin', last_name: 'Reyes', email });

/** A new browser at the payment step with `card` saved, and its Pay button (fields can be changed). */
async function atPayment(email: string, card: string) {
  const { client } = await atZpmPayment({ first_name: 'Robin', last_name: 'Reyes', email }, card);
  const { page, card: source } = await payPage(client);
  const pay = (extra: Record<string, string> = {}) =>
    client
      .post('/zpm-signup/pay')
      .type('form')
      .send(formBody({ _csrf: csrfFrom(page.text), ...payBody(source!), ...extra }));
  return { client, page, pay };
}

describe('payment throttles: /zpm-signup account creation', () => {
  it(`one session makes at most ${PAYMENT_LIMITS.accounts.perSession} accounts an hour; then 429 with a plain message`, async () => {
    const client = agent();
    for (let i = 0; i < PAYMENT_LIMITS.accounts.perSession; i += 1)
      await createAccount(client, `session${i}@example.test`).then((r) => assert.equal(r.status, 303));
    const refused = await createAccount(client, 'one-more@example.test');
    assert.equal(refused.status, 429);
    assert.match(
      mainTextOf(refused.text),
      /Too many sign-ups from this connection\. Please try again in \d+ minutes?\./,
    );
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(await signupCount(), PAYMENT_LIMITS.accounts.perSession);
    assert.equal(await ctx().db('users').where({ email: 'one-more@example.test' }).first(), undefined);
  });

  it(`one IP address makes at most ${PAYMENT_LIMITS.accounts.perIp} accounts an hour, even from new sessions, concurrently`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PAYMENT_LIMITS.accounts.perIp + 5 }, (_, i) =>
        createAccount(agent(), `ip${i}@example.test`),
      ),
    );
    assert.equal(answers.filter((r) => r.status === 303).length, PAYMENT_LIMITS.accounts.perIp);
    assert.equal(answers.filter((r) => r.status === 429).length, 5);
    assert.equal(await signupCount(), PAYMENT_LIMITS.accounts.perIp);
  });

  it('a form with mistakes costs nothing', async () => {
    const client = agent();
    const start = await client.get(startQuery()).expect(200);
    for (let i = 0; i < PAYMENT_LIMITS.accounts.perSession + 2; i += 1) {
      await client
        .post('/zpm-signup/create-standalone-account')
        .type('form')
        .send(
          formBody({
            _csrf: csrfFrom(start.text),
            ...CLINIC,
            variant: 'page',
            first_name: '',
            last_name: 'Reyes',
            email: 'x@example.test',
            website: '',
          }),
        )
        .expect(422);
    }
    await createAccount(client, 'typo-then-fine@example.test').then((r) => assert.equal(r.status, 303));
  });
});

describe('payment throttles: /zpm-signup payment attempts and declines', () => {
  it(`${PAYMENT_LIMITS.declines.perSession} declined payments an hour, then 429; mistakes in the form do not count`, async () => {
    const { pay } = await atPayment('declined@example.test', 'pm_card_chargeCustomerFail');
    // Form mistakes first: they are not declines.
    for (let i = 0; i < PAYMENT_LIMITS.declines.perSession + 1; i += 1)
      assert.equal((await pay({ terms: '' })).status, 422);
    for (let i = 0; i < PAYMENT_LIMITS.declines.perSession; i += 1) {
      const refused = await pay();
      assert.equal(refused.status, 422, `decline ${i + 1}`);
      assert.match(refused.text, /Your card was declined\./);
    }
    const throttled = await pay();
    assert.equal(throttled.status, 429);
    assert.match(mainTextOf(throttled.text), /Too many declined payments\. Please try again in \d+ minutes?/);
  });

  it('concurrent declined payments: no more than the limit reach the card processor', async () => {
    const { pay } = await atPayment('burst@example.test', 'pm_card_chargeCustomerFail');
    const answers = await Promise.all(Array.from({ length: 15 }, () => pay()));
    const declined = answers.filter((r) => r.status === 422 && /Your card was declined\./.test(r.text)).length;
    assert.ok(declined <= PAYMENT_LIMITS.declines.perSession, `${declined} declines went through`);
    assert.equal(answers.filter((r) => r.status === 429).length, 15 - declined);
  });

  it(`at most ${PAYMENT_LIMITS.payAttempts.perSession} payment posts a session an hour, whatever their outcome`, async () => {
    const { pay } = await atPayment('posts@example.test', 'pm_card_visa');
    for (let i = 0; i < PAYMENT_LIMITS.payAttempts.perSession; i += 1)
      assert.equal((await pay({ terms: '' })).status, 422);
    const throttled = await pay({ terms: '' });
    assert.equal(throttled.status, 429);
    assert.match(mainTextOf(throttled.text), /Too many payment attempts\./);
  });
});

describe('payment throttles: the card field and card sessions', () => {
  it(`/zpm-signup's card field: ${PAYMENT_LIMITS.setupIntents.perSession} setup intents a session an hour, then 429 as JSON`, async () => {
    const { client, page } = await atPayment('intents@example.test', 'pm_card_visa');
    const intent = () =>
      client
        .post('/zpm-signup/pay/card-intent')
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', csrfFrom(page.text))
        .send({});
    for (let i = 0; i < PAYMENT_LIMITS.setupIntents.perSession; i += 1) assert.equal((await intent()).status, 200);
    const refused = await intent();
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, /Too many attempts to add a card\./);
  });

  it("signed in: the card field's setup intents and the hosted card page are throttled the same way", async () => {
    const user = await createProviderUser(ctx().db);
    await billedAccount(user.accountId, user.providerIds);
    const client = agent();
    await signIn(client, user.email);
    const token = await tokenFor(client, '/plan-management');
    const intent = () =>
      client
        .post('/plan-management/payment-methods/setup-intent')
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', token)
        .send({});
    for (let i = 0; i < PAYMENT_LIMITS.setupIntents.perSession; i += 1) assert.equal((await intent()).status, 200);
    const refused = await intent();
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, /Too many attempts to add a card\./);

    for (let i = 0; i < PAYMENT_LIMITS.cardSessions.perSession; i += 1)
      assert.equal(
        (await postForm(client, '/plan-management', '/plan-management/payment-methods/new', {})).status,
        303,
      );
    const hosted = await postForm(client, '/plan-management', '/plan-management/payment-methods/new', {});
    assert.equal(hosted.status, 429);
    assert.match(mainTextOf(hosted.text), /Too many attempts to add a card\./);
  });
});

describe('payment throttles: the signed-in payment form', () => {
  it(`${PAYMENT_LIMITS.declines.perSession} declined payments an hour, then 429`, async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = user.providerIds[0]!;
    await readyToPay(providerId);
    await billedAccount(user.accountId, user.providerIds, { card: 'pm_card_chargeCustomerFail', membership: null });
    const client = agent();
    await signIn(client, user.email);
    const pay = async () => {
      const page = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=basic`).expect(200);
      const attempt = /name="attempt" value="([^"]+)"/.exec(page.text)![1]!;
      const card = /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!;
      return client
        .post(`/profiles/pay-for/${providerId}`)
        .type('form')
        .send(formBody({ _csrf: csrfFrom(page.text), ...PAYMENT_ADDRESS, tier: 'basic', source: card, attempt }));
    };
    for (let i = 0; i < PAYMENT_LIMITS.declines.perSession; i += 1) {
      const refused = await pay();
      assert.equal(refused.status, 422, `decline ${i + 1}`);
      assert.match(refused.text, /Your card was declined\./);
    }
    const throttled = await pay();
    assert.equal(throttled.status, 429);
    assert.match(mainTextOf(throttled.text), /Too many declined payments\./);
  });
});
