// /plan-management (spec 3 §2 "Plan management page", §4 statuses, §5 billing address, §8 messages):
// read from the billing mirror, changed through the local card server, one describe per part.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { syncCustomer } from '../../server/domain/billing';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, textOf } from '../support/http';
import { billedAccount, gateway, localStripe } from '../support/billing';
import { PLAN_MESSAGES } from '../../server/features/plan-management/validation';

async function owner(options: Parameters<typeof billedAccount>[2] & { billed?: boolean } = {}) {
  const user = await createProviderUser(ctx().db);
  const billing = options.billed === false ? null : await billedAccount(user.accountId, user.providerIds, options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client, billing };
}

/** Follows the hosted card page's form with a test card, as a person would; answers the portal URL it sends us back to. */
async function payOnHostedPage(
  url: string,
  number: string,
): Promise<{ status: number; location?: string; text: string }> {
  const page = new URL(url);
  const response = await supertest(page.origin)
    .post(page.pathname)
    .type('form')
    .send({ number, expiry: '12 / 34', cvc: '123', name: 'Test Owner' });
  return { status: response.status, location: response.headers.location, text: response.text };
}

function expectStatus<T extends { status: number; text: string }>(response: T, status: number): T {
  assert.equal(response.status, status, response.text.slice(0, 300));
  return response;
}

const portalPath = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

describe('plan management: who may', () => {
  it('users without an account see "You do not have access to this part of the Members Portal" (403)', async () => {
    const user = await createProviderUser(ctx().db, { roles: [] });
    const client = agent();
    await signIn(client, user.email);
    const page = await client.get('/plan-management').expect(403);
    assert.match(textOf(page.text), /You do not have access to this part of the Members Portal/);
  });

  it('asks for sign-in first', async () => {
    const response = await agent().get('/plan-management').expect(303);
    assert.match(response.headers.location, /^\/login/);
  });

  it('?action=update_payment goes straight to the payment methods', async () => {
    const { client } = await owner({ billed: false });
    const response = await client.get('/plan-management?action=update_payment').expect(303);
    assert.equal(response.headers.location, '/plan-management#payment-methods');
  });
});

describe('plan management: memberships by state', () => {
  it('an active membership shows as Active with its price, next payment and renewal date one year after it began', async () => {
    const { client } = await owner();
    const text = mainTextOf((await client.get('/plan-management').expect(200)).text);
    assert.match(text, /Active memberships Membership Active/);
    assert.match(text, /Directory membership \$59\.00 a month/);
    assert.match(text, /Next payment/);
    const inAYear = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(new Date().getUTCFullYear() + 1, new Date().getUTCMonth(), new Date().getUTCDate())));
    assert.match(text, new RegExp(`Renewal date ${inAYear}`));
    assert.doesNotMatch(text, /Pending memberships/);
  });

  it('an incomplete membership is pending, with the warning to update the payment method; expired ones are Expired', async () => {
    const { client, billing, user } = await owner({ card: 'pm_card_chargeCustomerFail', incomplete: true });
    const text = mainTextOf((await client.get('/plan-management').expect(200)).text);
    assert.match(text, /Pending memberships/);
    assert.match(text, /unable to successfully charge your card/);
    assert.match(text, /update your payment method/);
    assert.match(text, /Membership Incomplete/);
    // 23 hours later Stripe gives up on it.
    const local = await localStripe();
    local.advanceClock(24 * 3600);
    try {
      await local.tick();
      await syncCustomer(ctx().db, gateway(), billing!.customerId);
    } finally {
      local.advanceClock(-24 * 3600);
    }
    const after = mainTextOf((await client.get('/plan-management').expect(200)).text);
    assert.match(after, /Canceled memberships/);
    assert.match(after, /expired before it started/);
    assert.match(after, /Membership Expired/);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
    // Its profile is unpaid and nothing else is under way: it can be started again, from the payment form.
    const restart = `/profiles/pay-for/${user.providerIds[0]}?prior_subscription_was_incomplete_expired=1&amp;return_to_plan_management=1`;
    const html = (await client.get('/plan-management')).text;
    assert.ok(html.includes(`href="${restart}"`), 'a "Start this membership again" link to the payment form');
    assert.match(mainTextOf(html), /Start this membership again/);
    const form = mainTextOf((await client.get(restart.replace(/&amp;/g, '&')).expect(200)).text);
    assert.match(form, /Your earlier membership expired before it started/);
  });
});

describe('plan management: add-on buttons (spec 3 §2)', () => {
  it('a basic membership is offered practice management, unless its EHR clinic is still pending', async () => {
    const { user, client } = await owner();
    assert.match(mainTextOf((await client.get('/plan-management').expect(200)).text), /Add Practice Management/);
    await ctx()
      .db('accounts')
      .where({ id: user.accountId })
      .update({
        practice_management: JSON.stringify({
          subdomain: 'calm-practice',
          trial_end: null,
          status: 'pending',
          link: null,
        }),
      });
    const text = mainTextOf((await client.get('/plan-management').expect(200)).text);
    assert.doesNotMatch(text, /Practice Management/);
    assert.match(text, /Add Private Pay Booster/, 'the other add-ons stay');
  });
});

describe('plan management: billing address (spec 3 §5)', () => {
  it('each missing field gets its message, and the form keeps what was typed', async () => {
    const { client } = await owner();
    const response = expectStatus(
      await postForm(client, '/plan-management', '/plan-management/address', {
        line1: '',
        line2: 'Suite 9',
        city: '',
        state: '',
        postal_code: '',
      }),
      422,
    );
    const text = mainTextOf(response.text);
    for (const message of [
      'Street address is required',
      'City is required',
      'State is required',
      'Zip code is required',
    ])
      assert.match(text, new RegExp(message));
    assert.match(response.text, /value="Suite 9"/);
  });

  it('a saved address reaches Stripe and the mirror, with "Your billing information has been updated!"', async () => {
    const { client, billing } = await owner();
    const response = expectStatus(
      await postForm(client, '/plan-management', '/plan-management/address', {
        line1: '9 Elm St',
        line2: '',
        city: 'Albany',
        state: 'NY',
        postal_code: '12207',
      }),
      303,
    );
    assert.equal(response.headers.location, '/plan-management#billing-address');
    const page = await client.get('/plan-management');
    assert.match(textOf(page.text), /Your billing information has been updated!/);
    // The page shows the address; its form is a page of its own, filled with what is on file.
    assert.match(
      textOf(page.text),
      /Billing address Address 9 Elm St Albany, New York, 12207 Change the billing address/,
    );
    assert.match((await client.get('/plan-management/billing-address').expect(200)).text, /value="9 Elm St"/);
    const customer = await gateway().retrieveCustomer(billing!.customerId);
    assert.equal(customer?.address?.city, 'Albany');
    assert.equal(
      (await ctx().db('billing_customers').where({ id: billing!.customerId }).first('address_postal_code'))!
        .address_postal_code,
      '12207',
    );
  });

  it('an account without a customer yet gets one when it saves its address', async () => {
    const { client, user } = await owner({ billed: false });
    expectStatus(
      await postForm(client, '/plan-management', '/plan-management/address', {
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
      }),
      303,
    );
    const row = (await ctx()
      .db('billing_customers')
      .where({ account_id: user.accountId })
      .first('id', 'address_city'))!;
    assert.equal(row.address_city, 'Austin');
  });
});

describe('plan management: payment methods', () => {
  it('adds a card on the hosted page without JavaScript, then makes it the default', async () => {
    const { client, billing } = await owner();
    const start = expectStatus(
      await postForm(client, '/plan-management', '/plan-management/payment-methods/new', {}),
      303,
    );
    const hosted = start.headers.location as string;
    assert.match(hosted, /\/pay\/cs_test_/);
    const paid = await payOnHostedPage(hosted, '5555 5555 5555 4444');
    assert.equal(paid.status, 303);
    const back = await client.get(portalPath(paid.location!)).expect(303);
    assert.equal(back.headers.location, '/plan-management#payment-methods');
    let page = await client.get('/plan-management');
    assert.match(textOf(page.text), /Your payment method has been added\./);
    assert.match(textOf(page.text), /Mastercard ending 4444/);
    const added = (await ctx()
      .db('billing_payment_methods')
      .where({ customer_id: billing!.customerId, last4: '4444' })
      .first('id'))!;
    expectStatus(
      await postForm(client, '/plan-management', `/plan-management/payment-methods/${added.id}/default`, {}),
      303,
    );
    page = await client.get('/plan-management');
    assert.match(textOf(page.text), /Your default payment method has been updated\./);
    assert.equal(
      (await ctx().db('billing_customers').where({ id: billing!.customerId }).first('default_payment_method'))!
        .default_payment_method,
      added.id,
    );
  });

  it("a declined card shows the card processor's message on the hosted page, and nothing is added", async () => {
    const { client, billing } = await owner();
    const start = expectStatus(
      await postForm(client, '/plan-management', '/plan-management/payment-methods/new', {}),
      303,
    );
    const declined = await payOnHostedPage(start.headers.location, '4000 0000 0000 0002');
    assert.equal(declined.status, 402);
    assert.match(textOf(declined.text), /Your card was declined\./);
    assert.equal(
      Number(
        (await ctx()
          .db('billing_payment_methods')
          .where({ customer_id: billing!.customerId })
          .count({ n: '*' })
          .first())!.n,
      ),
      1,
    );
  });

  it('replacing a card (update-source) makes the new one the default and removes the old one', async () => {
    const { client, billing } = await owner();
    const start = expectStatus(
      await postForm(client, '/plan-management', `/plan-management/payment-methods/${billing!.cardId}/replace`, {}),
      303,
    );
    const paid = await payOnHostedPage(start.headers.location, '4242 4242 4242 4242');
    await client.get(portalPath(paid.location!)).expect(303);
    assert.match(textOf((await client.get('/plan-management')).text), /Your payment method has been replaced\./);
    const cards = await ctx().db('billing_payment_methods').where({ customer_id: billing!.customerId }).pluck('id');
    assert.equal(cards.length, 1);
    assert.notEqual(cards[0], billing!.cardId);
    assert.equal(
      (await ctx().db('billing_customers').where({ id: billing!.customerId }).first('default_payment_method'))!
        .default_payment_method,
      cards[0],
    );
  });

  it('a setup session of another account is not accepted', async () => {
    const other = await owner();
    const { client } = await owner();
    const start = expectStatus(
      await postForm(other.client, '/plan-management', '/plan-management/payment-methods/new', {}),
      303,
    );
    const paid = await payOnHostedPage(start.headers.location, '4242 4242 4242 4242');
    await client.get(portalPath(paid.location!)).expect(303);
    assert.match(textOf((await client.get('/plan-management')).text), /Your card could not be saved\./);
  });
});

describe('plan management: billing history', () => {
  it('lists the paid invoice and a refunded one-time charge; their links open the hosted invoice and receipt', async () => {
    const { client, billing } = await owner();
    const { chargeId } = await gateway().chargeCard(
      {
        customerId: billing!.customerId,
        paymentMethodId: billing!.cardId!,
        amount: 7000,
        description: 'Professional copywriting',
      },
      `test-charge-${billing!.customerId}`,
    );
    await gateway().refund(chargeId!, `test-refund-${chargeId}`);
    await syncCustomer(ctx().db, gateway(), billing!.customerId);
    const page = await client.get('/plan-management');
    const text = mainTextOf(page.text);
    assert.match(text, /Invoices can take up to an hour to appear/);
    assert.match(text, /\$59\.00 Paid View invoice/);
    assert.match(text, /Professional copywriting \$70\.00 \(\s?\$70\.00 refunded\) Refunded View receipt/);
    const invoiceId = /\/plan-management\/invoices\/(in_[A-Za-z0-9]+)/.exec(page.text)![1]!;
    const invoice = await client.get(`/plan-management/invoices/${invoiceId}`).expect(303);
    const hosted = await supertest(new URL(invoice.headers.location).origin)
      .get(new URL(invoice.headers.location).pathname)
      .expect(200);
    assert.match(textOf(hosted.text), /Invoice .* Paid on/);
    const receipt = await client.get(`/plan-management/charges/${chargeId}/receipt`).expect(303);
    assert.match(receipt.headers.location, /\/receipts\/ch_/);
  });

  it("another account's customer, invoice, charge or card ids are not found", async () => {
    const victim = await owner();
    const invoiceId = (await ctx()
      .db('billing_invoices')
      .where({ customer_id: victim.billing!.customerId })
      .first('id'))!.id;
    const chargeId = (await ctx().db('billing_charges').where({ customer_id: victim.billing!.customerId }).first('id'))!
      .id;
    const { client } = await owner();
    await client.get(`/plan-management/invoices/${invoiceId}`).expect(404);
    await client.get(`/plan-management/charges/${chargeId}/receipt`).expect(404);
    expectStatus(
      await postForm(
        client,
        '/plan-management',
        `/plan-management/payment-methods/${victim.billing!.cardId}/default`,
        {},
      ),
      404,
    );
    expectStatus(
      await postForm(
        client,
        '/plan-management',
        `/plan-management/payment-methods/${victim.billing!.cardId}/replace`,
        {},
      ),
      404,
    );
    assert.equal(
      (await ctx().db('billing_customers').where({ id: victim.billing!.customerId }).first('default_payment_method'))!
        .default_payment_method,
      victim.billing!.cardId,
    );
  });

  it('a link Stripe cannot give shows the alert to contact support', async () => {
    const { client, billing } = await owner();
    // The mirror knows an invoice Stripe no longer has (deleted drafts, another Stripe account).
    await ctx().db('billing_invoices').insert({
      id: 'in_gone',
      customer_id: billing!.customerId,
      amount_due: 100,
      total: 100,
      created_at: new Date(),
      status: 'paid',
    });
    const response = await client.get('/plan-management/invoices/in_gone').expect(303);
    assert.equal(response.headers.location, '/plan-management#billing-history');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      new RegExp(PLAN_MESSAGES.linkUnavailable.replace('.', '\\.')),
    );
  });
});

describe('plan management: the cancel request', () => {
  it('is stored and e-mailed to support, with the annual-commitment terms shown first on a page of its own', async () => {
    const { client, user } = await owner();
    const main = (await client.get('/plan-management')).text;
    assert.match(
      main,
      /<a href="\/plan-management\/cancel-request">Request the cancellation of Taylor Test&#x27;s membership<\/a>/,
    );
    assert.doesNotMatch(main, /name="reason"/, 'no cancellation form on the main page');
    const page = mainTextOf((await client.get('/plan-management/cancel-request').expect(200)).text);
    assert.match(page, /annual commitment/);
    assert.match(page, /15 days/);
    assert.match(page, /not refunded unless you bought a starter bundle/);
    const response = expectStatus(
      await postForm(client, '/plan-management/cancel-request', '/plan-management/cancel-request', {
        provider_id: user.providerIds[0]!,
        reason: 'Moving abroad',
      }),
      303,
    );
    assert.equal(response.headers.location, '/plan-management');
    assert.match(
      textOf((await client.get('/plan-management')).text),
      /Support request submitted, we'll contact you shortly!/,
    );
    const request = await ctx()
      .db('support_requests')
      .where({ provider_id: user.providerIds[0] })
      .first('template', 'locals');
    assert.equal(request!.template, 'membership-cancel');
    assert.equal((request!.locals as Record<string, unknown>).reason, 'Moving abroad');
  });

  it("for a profile that is not the account's, answers the spec's failure message and stores nothing", async () => {
    const { client } = await owner();
    const stranger = await createProviderUser(ctx().db);
    const response = await postForm(client, '/plan-management/cancel-request', '/plan-management/cancel-request', {
      provider_id: stranger.providerIds[0]!,
      reason: 'x',
    });
    assert.equal(response.status, 404);
    assert.match(response.text, /name="reason"[^>]*>x<\/textarea>|>x<\/textarea>/, 'the reason typed is kept');
    assert.match(
      textOf(response.text),
      /We are sorry but there was an error submitting your cancel request\. Please email the support address\./,
    );
    assert.equal(await ctx().db('support_requests').first(), undefined);
  });

  it('with no membership to cancel, the page goes back to Plan Management', async () => {
    const { client } = await owner({ billed: false });
    const response = await client.get('/plan-management/cancel-request').expect(303);
    assert.equal(response.headers.location, '/plan-management');
  });
});
