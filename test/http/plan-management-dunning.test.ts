// Dunning (issue [18] items 5, 7, 8, 9): a failed payment on Plan Management and the dashboard (what is owed,
// when the card is tried again), "Pay now" with a card on file or a new card (the hosted page, without
// JavaScript), the e-mail of each failed attempt (once per attempt, to the owner and the billing managers),
// the profile once the retries run out, a refused first payment, and the credit balance. The local card
// server's clock is moved as in plan-management-lifecycle.test.ts; its events reach the webhook, and the jobs
// they queue run, as Stripe's would. What Stripe does, by its documentation:
// - a declined renewal leaves its invoice open, the subscription past_due, and `next_payment_attempt` at the
//   next retry; null after the last one (https://docs.stripe.com/api/invoices/object#invoice_object-next_payment_attempt);
// - `invoice.payment_failed` is sent at each failed attempt, with `attempt_count`
//   (https://docs.stripe.com/billing/subscriptions/webhooks#payment-failures);
// - invoices.pay with another card pays the open invoice; the subscription is active again
//   (https://docs.stripe.com/api/invoices/pay).
import assert from 'node:assert/strict';
import supertest from 'supertest';
import type { Agent } from 'supertest';
import { receiveEvent, syncCustomer } from '../../server/domain/billing';
import type { Stripe } from '../../server/integrations/payments';
import { PLAN_MESSAGES } from '../../server/features/plan-management/validation';
import {
  billedAccount,
  deliverEvents,
  gateway,
  localStripe,
  membershipOf,
  PAYMENT_ADDRESS,
  serverClock,
  shownDay,
  readyToPay,
} from '../support/billing';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, postForm, signIn, textOf } from '../support/http';
import { drainJobs } from '../support/jobs';
import { outbox } from './auth-helpers';

const DAY = 24 * 3600;
let made = 0;
const key = (what: string) => `dunning-${process.pid}-${Date.now()}-${(made += 1)}-${what}`;

const clock = serverClock();
const { advance, now: localNow } = clock;
const shown = shownDay;

const stripe = async () => gateway().client();
const pageText = async (client: Agent, path = '/plan-management') => textOf((await client.get(path).expect(200)).text);
const failedMails = async () =>
  (await outbox('email')).filter((mail) => mail.subject === 'Your membership payment failed');

/** The hosted card page's form, filled with a test card as a person would; answers where it sends us back. */
async function payOnHostedPage(url: string, number: string) {
  const page = new URL(url);
  const response = await supertest(page.origin)
    .post(page.pathname)
    .type('form')
    .send({ number, expiry: '12 / 34', cvc: '123', name: 'Test Owner' });
  assert.equal(response.status, 303, response.text.slice(0, 300));
  const back = new URL(response.headers.location as string);
  return `${back.pathname}${back.search}`;
}

/** The radio the "Pay now" form has checked (its value), or null. */
function checkedCard(html: string): string | null {
  const radios = html.match(/<input type="radio"[^>]*>/g) ?? [];
  const checked = radios.find((tag) => tag.includes('name="payment_method"') && tag.includes('checked=""'));
  return checked ? (/value="([^"]+)"/.exec(checked)?.[1] ?? null) : null;
}

/**
 * A member whose $59.00 monthly membership renewed once and whose default card now declines, with a billing
 * manager besides the owner; the clock is moved to the next renewal, which is declined (past_due).
 */
async function declinedAtRenewal(retryDays: number[], after: 'unpaid' | 'canceled' = 'unpaid') {
  (await localStripe()).configureRetries({ days: retryDays, after });
  const setup = await membershipOf({ items: [['membership_monthly_v3', 1]], card: 'pm_card_visa' });
  const manager = await createProviderUser(ctx().db, { providers: [], roles: [] });
  await ctx()
    .db('account_roles')
    .insert({ user_id: manager.userId, account_id: setup.user.accountId, role: 'billing-manager' });
  const client = agent();
  await signIn(client, setup.user.email);
  const failing = await gateway().attachCard(setup.customerId, 'pm_card_chargeCustomerFail', key('failing'));
  await gateway().setDefaultCard(setup.customerId, failing, key('default-failing'));
  await syncCustomer(ctx().db, gateway(), setup.customerId);
  const periodEnd = (await (await stripe()).subscriptions.retrieve(setup.subscriptionId)).items.data[0]!
    .current_period_end;
  await advance(periodEnd - localNow() + 3600);
  assert.equal((await (await stripe()).subscriptions.retrieve(setup.subscriptionId)).status, 'past_due');
  return { ...setup, client, manager, failing, periodEnd };
}

describe('dunning: a renewal declined, retried, then paid', () => {
  afterEach(() => clock.putBack());

  it('declined → two retries (an e-mail at each attempt, none twice) → pay now with a new card on the hosted page → active', async () => {
    const { user, client, manager, customerId, subscriptionId, failing, periodEnd } = await declinedAtRenewal([
      3, 5, 7,
    ]);
    const providerId = user.providerIds[0]!;

    // The first attempt failed: $59.00 owed (1 × $59.00 membership_monthly_v3, no tax in TX for this test's
    // address-less customer, no credit), the next try 3 days after the renewal.
    let nextTry = periodEnd + 3 * DAY;
    let text = await pageText(client);
    assert.ok(
      text.includes(
        `Your membership payment failed: $59.00 is owed. We will try your card again on ${shown(nextTry)}.`,
      ),
      text.slice(0, 600),
    );
    assert.match(text, /Pay \$59\.00 now/);
    // The dashboard says the same, with the way to pay.
    const dashboard = await pageText(client, '/');
    assert.ok(
      dashboard.includes(
        `Your membership payment failed: $59.00 is owed. We will try your card again on ${shown(nextTry)}.`,
      ),
    );
    assert.match(dashboard, /Pay now on Plan Management/);

    // One e-mail to the owner and one to the billing manager: the amount, the next try, a link; no card details.
    let mails = await failedMails();
    assert.deepEqual(mails.map((m) => m.recipient).sort(), [user.email, manager.email].sort());
    for (const mail of mails) {
      assert.match(mail.body, /\$59\.00 is owed/);
      assert.ok(mail.body.includes(`We will try your card again on ${shown(nextTry)}`));
      assert.match(mail.body, /\/plan-management#owed-payments/);
      assert.doesNotMatch(mail.body, /0341|ending|Visa|Mastercard/i, 'no card details');
    }

    // A redelivered event sends nothing twice: the same event is a duplicate, and another event about the same
    // attempt finds its e-mail already queued.
    const invoice = await (await stripe()).invoices.retrieve(
      String((await (await stripe()).subscriptions.retrieve(subscriptionId)).latest_invoice),
    );
    assert.equal(invoice.attempt_count, 1);
    const event = (id: string) =>
      ({ id, type: 'invoice.payment_failed', data: { object: invoice } }) as unknown as Stripe.Event;
    assert.equal(await receiveEvent(ctx().db, ctx().integrations.jobs, event(key('evt'))), 'queued');
    const again = event(key('evt'));
    assert.equal(await receiveEvent(ctx().db, ctx().integrations.jobs, again), 'queued');
    assert.equal(await receiveEvent(ctx().db, ctx().integrations.jobs, again), 'duplicate');
    assert.equal((await failedMails()).length, 2);

    // The first retry (3 days later) fails: two more e-mails; the next try 5 days after it.
    await advance(3 * DAY + 3600);
    nextTry += 5 * DAY;
    text = await pageText(client);
    assert.ok(text.includes(`$59.00 is owed. We will try your card again on ${shown(nextTry)}.`), text.slice(0, 600));
    mails = await failedMails();
    assert.equal(mails.length, 4);
    assert.ok(mails.slice(2).every((m) => m.body.includes(shown(nextTry))));

    // The second retry (5 days later) fails too: six e-mails, the last try 7 days after it.
    await advance(5 * DAY + 3600);
    nextTry += 7 * DAY;
    assert.equal((await failedMails()).length, 6);
    const html = (await client.get('/plan-management').expect(200)).text;
    assert.ok(textOf(html).includes(`We will try your card again on ${shown(nextTry)}.`));
    // The declining default is not the card offered: the other card on file is (issue [18] item 9).
    assert.ok(checkedCard(html), 'a card is checked');
    assert.notEqual(checkedCard(html), failing);
    assert.equal((await (await stripe()).subscriptions.retrieve(subscriptionId)).status, 'past_due');

    // Pay now with a new card, without JavaScript: the hosted page (setup mode), then back, which pays.
    const start = await postForm(client, '/plan-management', `/plan-management/invoices/${invoice.id}/pay`, {
      payment_method: 'new',
    });
    assert.equal(start.status, 303);
    assert.match(start.headers.location, /\/pay\/cs_test_/);
    const back = await payOnHostedPage(start.headers.location, '5555 5555 5555 4444');
    await client.get(back).expect(303);
    await deliverEvents();
    await drainJobs();
    assert.equal((await (await stripe()).subscriptions.retrieve(subscriptionId)).status, 'active');
    text = await pageText(client);
    assert.ok(text.includes(PLAN_MESSAGES.openInvoicePaid));
    assert.doesNotMatch(text, /Payment due|is owed/);
    assert.match(text, /Seat-based membership Active|Membership Active/);
    const mastercard = (await ctx()
      .db('billing_payment_methods')
      .where({ customer_id: customerId, last4: '4444' })
      .first('id'))!;
    assert.equal(
      (await ctx().db('billing_customers').where({ id: customerId }).first('default_payment_method'))!
        .default_payment_method,
      mastercard.id,
      'the card that paid is the default for the next renewals',
    );
    assert.deepEqual(await ctx().db('billing_invoices').where({ id: invoice.id }).first('status', 'amount_due'), {
      status: 'paid',
      amount_due: 5900,
    });
    assert.equal((await ctx().db('providers').where({ id: providerId }).first('has_paid_plan'))!.has_paid_plan, true);
    assert.doesNotMatch(await pageText(client, '/'), /Payment due/);
    assert.equal((await failedMails()).length, 6, 'nothing more is sent once paid');
  });

  it('pay now with a card on file: a decline says so and keeps the invoice open; another card pays it', async () => {
    const { client, customerId, subscriptionId, failing } = await declinedAtRenewal([3, 5, 7]);
    const cardId: string = (await ctx()
      .db('billing_payment_methods')
      .where({ customer_id: customerId })
      .whereNot({ id: failing })
      .first('id'))!.id;
    const invoiceId = (await ctx()
      .db('billing_invoices')
      .where({ customer_id: customerId, status: 'open' })
      .first('id'))!.id;
    const path = `/plan-management/invoices/${invoiceId}/pay`;

    const declined = await postForm(client, '/plan-management', path, { payment_method: failing });
    assert.equal(declined.status, 303);
    assert.equal(declined.headers.location, '/plan-management#owed-payments');
    let text = await pageText(client);
    assert.match(text, new RegExp(`${PLAN_MESSAGES.openInvoiceDeclined} .*declined`));
    assert.match(text, /\$59\.00 is owed/);
    // Nothing picked: the spec's kind of message, and nothing paid.
    await postForm(client, '/plan-management', path, { payment_method: '' });
    assert.ok((await pageText(client)).includes(PLAN_MESSAGES.chooseCard));

    const paid = await postForm(client, '/plan-management', path, { payment_method: cardId });
    assert.equal(paid.status, 303);
    assert.equal((await (await stripe()).subscriptions.retrieve(subscriptionId)).status, 'active');
    text = await pageText(client);
    assert.ok(text.includes(PLAN_MESSAGES.openInvoicePaid));
    assert.doesNotMatch(text, /is owed/);
    assert.equal(
      (await ctx().db('billing_customers').where({ id: customerId }).first('default_payment_method'))!
        .default_payment_method,
      cardId,
    );
  });

  it("another account's invoice, or a card of another customer, is not found (404)", async () => {
    const { client, customerId } = await declinedAtRenewal([3]);
    const invoiceId = (await ctx()
      .db('billing_invoices')
      .where({ customer_id: customerId, status: 'open' })
      .first('id'))!.id;
    const other = await createProviderUser(ctx().db);
    const otherBilling = await billedAccount(other.accountId, other.providerIds);
    const otherClient = agent();
    await signIn(otherClient, other.email);
    const otherCard = otherBilling.cardId!;
    assert.equal(
      (
        await postForm(otherClient, '/plan-management', `/plan-management/invoices/${invoiceId}/pay`, {
          payment_method: otherCard,
        })
      ).status,
      404,
    );
    assert.equal(
      (
        await postForm(client, '/plan-management', `/plan-management/invoices/${invoiceId}/pay`, {
          payment_method: otherCard,
        })
      ).status,
      404,
    );
    assert.equal(
      (await postForm(client, '/plan-management', '/plan-management/invoices/not-an-id/pay', { payment_method: 'new' }))
        .status,
      404,
    );
  });

  it('a new card is offered first after a decline, never the default that declined', async () => {
    const { client, customerId, failing } = await declinedAtRenewal([3, 5, 7]);
    // Added as the hosted card page adds a card when there is a default already: kept, not made the default.
    const added = (await (await stripe()).paymentMethods.attach('pm_card_mastercard', { customer: customerId })).id;
    await syncCustomer(ctx().db, gateway(), customerId);
    const html = (await client.get('/plan-management').expect(200)).text;
    assert.equal(checkedCard(html), added);
    assert.notEqual(checkedCard(html), failing);
  });

  it('after the last try (unpaid): no more tries is said, the e-mail says so, and the profile is not live', async () => {
    const { user, client } = await declinedAtRenewal([3], 'unpaid');
    await advance(3 * DAY + 3600);
    const text = await pageText(client);
    assert.match(text, /Unpaid/);
    assert.ok(
      text.includes(
        'Your membership payment failed: $59.00 is owed. We will not try your card again: please pay now to keep your membership.',
      ),
    );
    const mails = await failedMails();
    assert.equal(mails.length, 4, 'two attempts, the owner and the billing manager each');
    assert.ok(mails.slice(2).every((m) => m.body.includes('We will not try your card again.')));
    // Spec 3 §4 / docs/decisions.md "What paid means": unpaid has run out of retries: the profile has no paid
    // plan, so its members-only pages are closed.
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
    assert.equal((await client.get('/benefits/web-badge')).status, 403);
    // A clinician of the profile who may not manage its billing is not told about the account's payments.
    const clinician = await createProviderUser(ctx().db, { providers: [], roles: [] });
    await ctx().db('provider_clinicians').insert({ user_id: clinician.userId, provider_id: user.providerIds[0] });
    const clinicianClient = agent();
    await signIn(clinicianClient, clinician.email);
    assert.match(await pageText(client, '/'), /Payment due/);
    assert.doesNotMatch(await pageText(clinicianClient, '/'), /Payment due|is owed/);
  });

  it('after the last try (canceled): the membership is canceled, nothing is owed on the page, the profile is not live', async () => {
    const { user, client } = await declinedAtRenewal([3], 'canceled');
    await advance(3 * DAY + 3600);
    const text = await pageText(client);
    assert.match(text, /Canceled memberships.*Canceled/s);
    assert.doesNotMatch(text, /Payment due/);
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      false,
    );
  });
});

describe('dunning: a first payment that did not go through (incomplete)', () => {
  it('the pay-for page tells the truth, and pay now with the card on file makes the membership active', async () => {
    const user = await createProviderUser(ctx().db);
    // Riley's case (the demo): the first invoice waits on a card that is declined when charged.
    const { customerId, subscriptionId } = await billedAccount(user.accountId, user.providerIds, {
      card: 'pm_card_chargeCustomerFail',
      incomplete: true,
    });
    // A working card added since, as the hosted card page adds one when there is a default: kept, not the default.
    const cardId = (await (await stripe()).paymentMethods.attach('pm_card_visa', { customer: customerId })).id;
    await syncCustomer(ctx().db, gateway(), customerId);
    const client = agent();
    await signIn(client, user.email);
    assert.equal((await (await stripe()).subscriptions.retrieve(subscriptionId!)).status, 'incomplete');

    const form = await client.get(`/profiles/pay-for/${user.providerIds[0]}`).expect(303);
    assert.equal(form.headers.location, '/plan-management#owed-payments');
    const html = (await client.get('/plan-management').expect(200)).text;
    const text = textOf(html);
    assert.doesNotMatch(text, /is already active/);
    assert.match(text, /The first payment for .+'s membership did not go through/);
    assert.ok(text.includes('The first payment for this membership did not go through: $59.00 is owed.'));
    assert.equal(checkedCard(html), cardId);

    const invoiceId = (await ctx()
      .db('billing_invoices')
      .where({ customer_id: customerId, status: 'open' })
      .first('id'))!.id;
    const paid = await postForm(client, '/plan-management', `/plan-management/invoices/${invoiceId}/pay`, {
      payment_method: cardId!,
    });
    assert.equal(paid.status, 303);
    assert.equal((await (await stripe()).subscriptions.retrieve(subscriptionId!)).status, 'active');
    assert.equal(
      (await ctx().db('providers').where({ id: user.providerIds[0] }).first('has_paid_plan'))!.has_paid_plan,
      true,
    );
    assert.doesNotMatch(await pageText(client), /is owed/);
  });
});

describe('dunning: a refused first payment leaves nothing behind (issue [18] item 9)', () => {
  it('a card declined on the payment form leaves no membership and no invoice on Plan Management', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const providerId = user.providerIds[0]!;
    await readyToPay(providerId);
    await billedAccount(user.accountId, user.providerIds, { card: 'pm_card_chargeCustomerFail', membership: null });
    const client = agent();
    await signIn(client, user.email);
    const step = await client.get(`/profiles/pay-for/${providerId}?step=pay&tier=basic`).expect(200);
    const attempt = /name="attempt" value="([^"]+)"/.exec(step.text)![1]!;
    const card = /id="source-(pm_[A-Za-z0-9]+)"/.exec(step.text)![1]!;
    const refused = await postForm(
      client,
      `/profiles/pay-for/${providerId}?step=pay`,
      `/profiles/pay-for/${providerId}`,
      {
        ...PAYMENT_ADDRESS,
        tier: 'basic',
        source: card,
        attempt,
      },
    );
    assert.equal(refused.status, 422);
    await deliverEvents();
    await drainJobs();
    const text = await pageText(client);
    assert.doesNotMatch(text, /Expired|Incomplete|Void|Payment due|is owed/);
    assert.match(text, /You have no membership yet\./);
    assert.equal((await failedMails()).length, 0, 'a first payment refused on the form is not mailed');
  });
});

describe('plan management: the credit balance', () => {
  it('shows a credit (a negative customer balance) as a credit used on the next invoices', async () => {
    const user = await createProviderUser(ctx().db);
    const { customerId } = await billedAccount(user.accountId, user.providerIds);
    const client = agent();
    await signIn(client, user.email);
    assert.doesNotMatch(await pageText(client), /Credit balance/);
    // A credit of $648.98 (Stripe writes a credit as a negative balance: -64898 cents).
    await (await stripe()).customers.createBalanceTransaction(customerId, { amount: -64898, currency: 'usd' });
    await syncCustomer(ctx().db, gateway(), customerId);
    assert.match(await pageText(client), /Credit balance: \$648\.98, used on your next invoices/);
  });
});
