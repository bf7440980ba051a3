// Issue [15] item 3: an outside call (the EHR, the card processor) is never made inside a database
// transaction, which could not undo it: not in /zpm-signup's payment, not in Try / Set Up, not in the
// booking link, not in the billing mirror. And what a crash between an outside call and our record left
// behind is finished by a retry or by the sweeper: a charged /zpm-signup is never stuck.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf, postForm, signIn, type Agent } from '../support/http';
import { billedAccount, gateway, PAYMENT_ADDRESS } from '../support/billing';
import { drainJobs } from '../support/jobs';
import { outsideOnly, singleConnectionDb, type SingleConnection } from '../support/outside-calls';
import { createProviderUser } from '../support/factories';
import { outbox } from './auth-helpers';
import { changeBookingLink, startClinic } from '../../server/domain/practice-management';
import { NO_SALES_TAX, syncCustomer } from '../../server/domain/billing';
import { setLocalBookingPageReady } from '../../server/integrations/ehr/local';
import * as zpm from '../../server/features/zpm-signup/service';
import { SWEEP_CHARGE_AFTER_MINUTES, SWEEP_JOB } from '../../server/features/zpm-signup/finish';
import type { Ehr } from '../../server/integrations/ehr';

const EHR_LOCAL = ['signInUrl', 'bookingPageUrl'];
const CLINIC = { clinic_id: 'clinic-crash1', url: 'https://crash-test.practice.example.com' };
const DETAILS = { first_name: 'Casey', last_name: 'Crash', email: 'casey.crash@example.test' };

let probe: SingleConnection;
beforeEach(() => {
  probe = singleConnectionDb();
});
afterEach(() => probe.close());

const ownerActor = (user: { accountId: number; providerIds: number[] }) => ({
  user: { scopes: [] },
  roles: [{ accountId: user.accountId, role: 'owner' }],
  providers: user.providerIds.map((id) => ({ id })),
});

/** A visitor at /zpm-signup's payment step with a saved card. */
async function atPayment(): Promise<{
  client: Agent;
  page: string;
  card: string;
  accountId: number;
  signupId: string;
}> {
  const client = agent();
  const start = await client.get(`/zpm-signup?${new URLSearchParams(CLINIC).toString()}`).expect(200);
  await client
    .post('/zpm-signup/create-standalone-account')
    .type('form')
    .send(formBody({ _csrf: csrfFrom(start.text), ...CLINIC, variant: 'page', ...DETAILS, website: '' }))
    .expect(303);
  const signup = await ctx().db('zpm_signups').orderBy('created_at', 'desc').first();
  await billedAccount(Number(signup!.account_id), [], { membership: null });
  const page = await client.get('/zpm-signup/pay?zpm_tier=pro&quantity=1').expect(200);
  const card = /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)![1]!;
  return { client, page: page.text, card, accountId: Number(signup!.account_id), signupId: signup!.id };
}

const payForm = (page: string, card: string) =>
  formBody({
    _csrf: csrfFrom(page),
    zpm_tier: 'pro',
    quantity: '1',
    coupon: '',
    source: card,
    ...PAYMENT_ADDRESS,
    website: '',
  });
const mailsTo = async (email: string) => (await outbox('email')).filter((mail) => mail.recipient === email);

describe('no outside call inside a database transaction', () => {
  it('/zpm-signup pay: the charge, the EHR clinic and the mirror are each asked with no transaction open', async () => {
    const { accountId, signupId, card } = await atPayment();
    const integrations = ctx().integrations;
    const deps: zpm.ZpmDeps = {
      db: probe.db,
      config: ctx().config,
      outgoing: integrations.outgoing,
      jobs: integrations.jobs,
      payments: outsideOnly(integrations.payments.gateway, probe, 'payments'),
      ehr: outsideOnly(integrations.ehr, probe, 'ehr', EHR_LOCAL),
      tax: integrations.tax,
    };
    const outcome = await zpm.pay(
      deps,
      signupId,
      { zpm_tier: 'pro', quantity: 1, coupon: '' },
      { source: card, ...PAYMENT_ADDRESS } as never,
      null,
      NO_SALES_TAX,
      { back: () => ctx().config.portalUrl },
      { requestId: 'req-zpm' },
    );
    assert.deepEqual(outcome, { kind: 'done' });
    assert.deepEqual(probe.violations, []);
    assert.ok(
      probe.calls.includes('payments.subscribe') && probe.calls.includes('ehr.createClinic'),
      probe.calls.join(', '),
    );
    assert.deepEqual((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, {
      subdomain: 'crash-test',
      trial_end: null,
    });
  });

  it('Try / Set Up: the EHR makes the clinic with no transaction open', async () => {
    const user = await createProviderUser(ctx().db, {
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Calm Waters', status: 'active' }],
    });
    const ehr = outsideOnly(ctx().integrations.ehr, probe, 'ehr', EHR_LOCAL);
    const outcome = await startClinic(
      { db: probe.db, ehr },
      ownerActor(user),
      { accountId: user.accountId, providerId: user.providerIds[0]!, subdomain: 'no-trx-clinic' },
      null,
    );
    assert.equal(outcome, 'trial');
    assert.deepEqual(probe.violations, []);
    assert.equal(
      jsonObject((await ctx().db('accounts').where({ id: user.accountId }).first())!.practice_management).subdomain,
      'no-trx-clinic',
    );
  });

  it('the booking link: the EHR is told with no transaction open', async () => {
    const user = await createProviderUser(ctx().db, {
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Calm Waters', status: 'active' }],
    });
    const providerId = user.providerIds[0]!;
    await startClinic(
      { db: ctx().db, ehr: ctx().integrations.ehr },
      ownerActor(user),
      { accountId: user.accountId, providerId, subdomain: 'link-clinic' },
      null,
    );
    await setLocalBookingPageReady(ctx().db, providerId, true);
    const ehr = outsideOnly(ctx().integrations.ehr, probe, 'ehr', EHR_LOCAL);
    assert.equal(
      await changeBookingLink({ db: probe.db, ehr }, ownerActor(user), { providerId, status: 'active' }, null),
      'enabled',
    );
    assert.deepEqual(probe.violations, []);
    assert.ok(probe.calls.includes('ehr.setBookingLink'));
    assert.equal(
      jsonObject((await ctx().db('providers').where({ id: providerId }).first())!.practice_management_booking_link)
        .status,
      'active',
    );
  });

  it('the billing mirror: Stripe is read with no transaction open, and an older read never overwrites a newer one', async () => {
    const user = await createProviderUser(ctx().db);
    const { customerId } = await billedAccount(user.accountId, user.providerIds);
    const payments = outsideOnly(gateway(), probe, 'payments');
    const outcome = await syncCustomer(probe.db, payments, customerId);
    assert.equal(outcome?.accountId, user.accountId);
    assert.deepEqual(probe.violations, []);
    assert.ok(probe.calls.includes('payments.retrieveCustomer') && probe.calls.includes('payments.subscriptionsOf'));
    // A read that began before the stored one (a slow sync finishing last) leaves the mirror alone.
    await ctx()
      .db('billing_customers')
      .where({ id: customerId })
      .update({ synced_at: new Date(Date.now() + 3_600_000), name: 'Newer read' });
    assert.deepEqual((await syncCustomer(ctx().db, gateway(), customerId))?.changes, []);
    assert.equal((await ctx().db('billing_customers').where({ id: customerId }).first())!.name, 'Newer read');
  });
});

describe('/zpm-signup: a crash between an outside call and our record leaves nobody charged and locked out', () => {
  it('the EHR made the clinic but the process died before recording it: the retry finishes (the clinic counts as made), one e-mail', async () => {
    const { client, page, card, accountId } = await atPayment();
    const ehr = ctx().integrations.ehr;
    const original = ehr.createClinic;
    // The EHR answers, then the process "dies" before our record.
    ehr.createClinic = async (input) => {
      await original.call(ehr, input);
      throw new Error('killed');
    };
    try {
      await client
        .post('/zpm-signup/pay')
        .type('form')
        .send(payForm(page, card))
        .expect(303)
        .expect('Location', '/zpm-signup/done');
    } finally {
      ehr.createClinic = original;
    }
    assert.equal(
      (await ctx().db('local_ehr.clinics').where({ subdomain: 'crash-test' })).length,
      1,
      'the EHR has the clinic',
    );
    assert.equal((await ctx().db('zpm_signups').first())!.completed_at, null);
    // Before: every retry answered 502 "409 the subdomain is taken".
    await client
      .post('/zpm-signup/pay')
      .type('form')
      .send(payForm(page, card))
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    assert.match(
      mainTextOf((await client.get('/zpm-signup/done').expect(200)).text),
      /Your practice management account is ready/,
    );
    assert.deepEqual((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, {
      subdomain: 'crash-test',
      trial_end: null,
    });
    await drainJobs();
    assert.equal((await mailsTo(DETAILS.email)).length, 1);
  });

  it('charged but the process died before recording the payment: the sweeper finds the charge, records it and finishes the account', async () => {
    const { client, page, card, accountId, signupId } = await atPayment();
    const jobs = ctx().integrations.jobs;
    const enqueue = jobs.enqueue;
    // The card processor charged; then the transaction recording it never commits.
    jobs.enqueue = async () => {
      throw new Error('killed');
    };
    try {
      await client.post('/zpm-signup/pay').type('form').send(payForm(page, card)).expect(500);
    } finally {
      jobs.enqueue = enqueue;
    }
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    assert.equal((await gateway().subscriptionsOf(customerId)).length, 1, 'charged');
    const stuck = await ctx().db('zpm_signups').where({ id: signupId }).first();
    assert.equal(stuck!.paid_at, null);
    assert.notEqual(stuck!.payment_started_at, null);

    // The customer never comes back. Minutes later the sweeper runs.
    await ctx()
      .db('zpm_signups')
      .where({ id: signupId })
      .update({
        payment_started_at: ctx().db.raw(`now() - make_interval(mins => ?)`, [SWEEP_CHARGE_AFTER_MINUTES + 1]),
      });
    await jobs.enqueue(ctx().db, SWEEP_JOB, {});
    await drainJobs();
    const finished = await ctx().db('zpm_signups').where({ id: signupId }).first();
    assert.notEqual(finished!.paid_at, null);
    assert.notEqual(finished!.completed_at, null);
    assert.deepEqual((await ctx().db('accounts').where({ id: accountId }).first())!.practice_management, {
      subdomain: 'crash-test',
      trial_end: null,
    });
    assert.equal((await mailsTo(DETAILS.email)).length, 1);
    assert.equal((await gateway().subscriptionsOf(customerId)).length, 1, 'never charged twice');
    // Coming back later, the customer sees the success card, and a new press charges nothing.
    await client
      .post('/zpm-signup/pay')
      .type('form')
      .send(payForm(page, card))
      .expect(303)
      .expect('Location', '/zpm-signup/done');
    assert.equal((await gateway().subscriptionsOf(customerId)).length, 1);
  });

  it('a charge that never went through: the sweeper clears the started attempt and charges nothing', async () => {
    const { signupId, accountId } = await atPayment();
    await ctx()
      .db('zpm_signups')
      .where({ id: signupId })
      .update({ payment_started_at: ctx().db.raw(`now() - interval '1 hour'`) });
    await ctx().integrations.jobs.enqueue(ctx().db, SWEEP_JOB, {});
    await drainJobs();
    const row = await ctx().db('zpm_signups').where({ id: signupId }).first();
    assert.equal(row!.payment_started_at, null);
    assert.equal(row!.paid_at, null);
    const customerId = (await ctx().db('billing_customers').where({ account_id: accountId }).first())!.id;
    assert.deepEqual(await gateway().subscriptionsOf(customerId), []);
  });
});

describe('Try / Set Up: a crash between the EHR and our record', () => {
  it('the EHR made the clinic but the account never recorded it: Try again with the same subdomain records that clinic', async () => {
    const user = await createProviderUser(ctx().db, {
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Calm Waters', status: 'active' }],
    });
    const providerId = user.providerIds[0]!;
    const ehr: Ehr = ctx().integrations.ehr;
    await ehr.createClinic({ providerId, subdomain: 'half-made', trialDays: 14 });
    const client = agent();
    await signIn(client, user.email);
    // Before: "This subdomain is already taken" for the owner's own clinic.
    const response = await postForm(client, '/practice-management', `/practice-management/${user.accountId}/clinic`, {
      subdomain: 'half-made',
      provider_id: providerId,
    });
    assert.equal(response.status, 303);
    assert.equal(
      jsonObject((await ctx().db('accounts').where({ id: user.accountId }).first())!.practice_management).subdomain,
      'half-made',
    );
    assert.equal((await ctx().db('local_ehr.clinics').where({ subdomain: 'half-made' })).length, 1);
    // Someone else's clinic is still refused.
    const other = await createProviderUser(ctx().db, {
      roles: ['owner'],
      providers: [{ type: 'practice', companyName: 'Other', status: 'active' }],
    });
    await assert.rejects(
      startClinic(
        { db: ctx().db, ehr },
        ownerActor(other),
        { accountId: other.accountId, providerId: other.providerIds[0]!, subdomain: 'half-made' },
        null,
      ),
      /Validation|taken/i,
    );
  });
});
