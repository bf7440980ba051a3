// /checkout (spec 3 §2, §4 "Payment flow", §8): hosted checkout for catalog prices, with and without
// sign-in, the success page and its flash, and the error pages.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, textOf } from '../support/http';
import { gateway, priceId } from '../support/billing';

async function member() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

async function payOnHostedPage(url: string, number = '4242 4242 4242 4242') {
  const page = new URL(url);
  const response = await supertest(page.origin)
    .post(page.pathname)
    .type('form')
    // A guest's session (no customer) asks for an e-mail, as Stripe's does; a member's ignores it.
    .send({ number, expiry: '12 / 34', cvc: '123', name: 'Test Buyer', email: 'buyer@example.test' });
  return { status: response.status, location: response.headers.location as string | undefined, text: response.text };
}
const portalPath = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

describe('checkout: a one-time add-on', () => {
  it('goes through the hosted checkout and lands on / with "Thank you for purchase of {product}!"; the e-mails go out once', async () => {
    const { client, user } = await member();
    const copywriting = await priceId('copywriting_v3');
    const start = await client.get(`/checkout/${copywriting}`).expect(303);
    assert.match(start.headers.location, /\/pay\/cs_test_/);
    const hosted = await supertest(new URL(start.headers.location).origin)
      .get(new URL(start.headers.location).pathname)
      .expect(200);
    assert.match(textOf(hosted.text), /Professional copywriting \$70\.00/);
    const paid = await payOnHostedPage(start.headers.location);
    assert.equal(paid.status, 303);
    const back = portalPath(paid.location!);
    assert.match(back, new RegExp(`^/checkout/success/${copywriting}\\?session_id=cs_test_`));
    const success = await client.get(back).expect(303);
    assert.equal(success.headers.location, '/');
    assert.match(
      textOf((await client.get('/')).text),
      /Thank you for purchase of Professional copywriting! Please check your email for next steps\./,
    );
    await client.get(back).expect(303); // opened again: no second purchase
    const purchases = await ctx().db('billing_purchases').where({ account_id: user.accountId });
    assert.equal(purchases.length, 1);
    assert.equal(purchases[0].amount, 7000);
    const mails = await ctx().db.raw(`select data from pgboss.job where name = 'mail.send'`);
    const subjects = mails.rows.map((r: { data: { message?: { subject: string }; subject?: string } }) =>
      JSON.stringify(r.data),
    );
    assert.equal(subjects.filter((s: string) => s.includes('Your Professional copywriting: next steps')).length, 1);
    assert.equal(subjects.filter((s: string) => s.includes('New purchase: Professional copywriting')).length, 1);
    // The payment is in the billing history.
    assert.match(
      mainTextOf((await client.get('/plan-management')).text),
      /Professional copywriting \$70\.00 Paid View receipt/,
    );
  });

  it('works without signing in, in the plain layout', async () => {
    const shoot = await priceId('remote_shoot_v3');
    const start = await agent().get(`/checkout/no-sign-in/${shoot}`).expect(303);
    const paid = await payOnHostedPage(start.headers.location);
    const page = await agent().get(portalPath(paid.location!)).expect(200);
    assert.match(
      mainTextOf(page.text),
      /Thank you for purchase of Remote photo shoot! Please check your email for next steps\./,
    );
    assert.equal((await ctx().db('billing_purchases').first('account_id'))!.account_id, null);
  });

  it("a declined card stays on the hosted page with the processor's message; the success page refuses an unpaid session", async () => {
    const { client } = await member();
    const copywriting = await priceId('copywriting_v3');
    const start = await client.get(`/checkout/${copywriting}`).expect(303);
    const declined = await payOnHostedPage(start.headers.location, '4000 0000 0000 0002');
    assert.equal(declined.status, 402);
    assert.match(textOf(declined.text), /Your card was declined\./);
    const sessionId = /cs_test_[A-Za-z0-9]+/.exec(start.headers.location)![0];
    const early = await client.get(`/checkout/success/${copywriting}?session_id=${sessionId}`).expect(422);
    assert.match(mainTextOf(early.text), /Sorry, there appears to be a problem with your checkout link\./);
    assert.equal((await ctx().db('billing_purchases').first())!, undefined);
  });
});

describe('checkout: errors (spec 3 §8)', () => {
  it('a missing or malformed price id shows "Invalid price id"', async () => {
    const { client } = await member();
    assert.match(mainTextOf((await client.get('/checkout').expect(400)).text), /Invalid price id/);
    assert.match(mainTextOf((await client.get('/checkout/not-a-price').expect(400)).text), /Invalid price id/);
    assert.match(mainTextOf((await agent().get('/checkout/no-sign-in').expect(400)).text), /Invalid price id/);
  });

  it('a price the catalog does not have goes home, without a message', async () => {
    const { client } = await member();
    const response = await client.get('/checkout/price_doesnotexist123').expect(303);
    assert.equal(response.headers.location, '/');
  });

  it('a checkout problem shows "Sorry, there appears to be a problem with your checkout link." and the error', async () => {
    const { client } = await member();
    const copywriting = await priceId('copywriting_v3');
    const page = await client.get(`/checkout/${copywriting}?coupon=NOSUCHCOUPON`).expect(422);
    const text = mainTextOf(page.text);
    assert.match(text, /Sorry, there appears to be a problem with your checkout link\./);
    assert.match(text, /No such coupon: 'NOSUCHCOUPON'/);
  });

  it('a valid coupon is applied on the hosted page', async () => {
    const { client } = await member();
    await gateway()
      .createCoupon({ id: 'TENOFF', amount_off: 1000, currency: 'usd', duration: 'once' }, `test-coupon-${Date.now()}`)
      .catch(() => undefined);
    const start = await client.get(`/checkout/${await priceId('copywriting_v3')}?coupon=TENOFF`).expect(303);
    assert.match(start.headers.location, /\/pay\/cs_test_/);
  });

  it('members without an account may not buy as an account; others must sign in first', async () => {
    const user = await createProviderUser(ctx().db, { roles: [] });
    const client = agent();
    await signIn(client, user.email);
    const copywriting = await priceId('copywriting_v3');
    assert.match(
      textOf((await client.get(`/checkout/${copywriting}`).expect(403)).text),
      /You do not have access to this part of the Members Portal/,
    );
    const anonymous = await agent().get(`/checkout/${copywriting}`).expect(303);
    assert.equal(anonymous.headers.location, `/login?next=${encodeURIComponent(`/checkout/${copywriting}`)}`);
  });

  it("the copywriting card of the dashboard leads to the copywriting price's checkout", async () => {
    const { client, user } = await member();
    const response = await postForm(client, '/', `/event/${user.providerIds[0]}/log-event`, {
      type: 'therapist_portal_cta_event',
      action: 'follow_cta_link',
      card_name: 'copywriting',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `/checkout/${await priceId('copywriting_v3')}`);
  });
});
