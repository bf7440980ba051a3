// Issue [15] item 6: an unpaid /zpm-signup reserves nobody's e-mail address. The real owner's /signup (or
// a new /zpm-signup) takes the address back; a sign-up whose payment started or went through keeps it;
// unpaid sign-ups are deleted after a day by a scheduled job.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { agent, csrfFrom, formBody, mainTextOf, textOf, type Agent } from '../support/http';
import { createProviderUser } from '../support/factories';
import { JOB_CATALOG } from '../../server/wiring';
import { createLogger } from '../../server/logger';

const CLINIC = { clinic_id: 'clinic-abc123', url: 'https://calm-waters.practice.example.com' };
const OWNER = 'dana.owner@example.test';
const startQuery = `/zpm-signup?${new URLSearchParams(CLINIC).toString()}`;

async function zpmSignup(client: Agent, email: string, first = 'Mallory') {
  const start = await client.get(startQuery).expect(200);
  return client
    .post('/zpm-signup/create-standalone-account')
    .type('form')
    .send(
      formBody({
        _csrf: csrfFrom(start.text),
        ...CLINIC,
        variant: 'page',
        first_name: first,
        last_name: 'Squatter',
        email,
        website: '',
      }),
    );
}

async function signUp(client: Agent, email: string) {
  const page = await client.get('/signup').expect(200);
  return client
    .post('/signup')
    .type('form')
    .send(
      formBody({
        _csrf: csrfFrom(page.text),
        type: 'individual',
        first_name: 'Dana',
        last_name: 'Owner',
        email,
        phone_number: '(212) 555-0142',
        password: 'Sunny1',
        password_confirmation: 'Sunny1',
        terms: '1',
        website: '',
      }),
    );
}

const count = async (table: string) => Number((await ctx().db(table).count('* as n').first())!.n);

describe('an unpaid /zpm-signup holds no e-mail address', () => {
  it("the real owner's later /signup succeeds: the unpaid sign-up, its user and its account are gone", async () => {
    const squatter = agent();
    await zpmSignup(squatter, OWNER).then((r) => assert.equal(r.status, 303));
    const held = await ctx().db('zpm_signups').first();

    const owner = agent();
    const answer = await signUp(owner, OWNER);
    assert.equal(answer.status, 303, textOf(answer.text).slice(0, 300));
    assert.match(answer.headers.location!, /^\/profiles\/create\/\d+$/);
    const user = await ctx().db('users').where({ email: OWNER }).first();
    assert.equal(user!.first_name, 'Dana');
    assert.ok(user!.password_hash, "the owner's own login, with the owner's password");
    assert.equal(await count('zpm_signups'), 0);
    assert.equal(await ctx().db('accounts').where({ id: held!.account_id! }).first(), undefined);
    // The other browser's sign-up is over.
    await squatter.get('/zpm-signup/pay').expect(303).expect('Location', '/zpm-signup');
  });

  it('a new /zpm-signup with the address takes it over as well; an address of a real login stays refused', async () => {
    await zpmSignup(agent(), OWNER, 'Mallory').then((r) => assert.equal(r.status, 303));
    const again = agent();
    await zpmSignup(again, OWNER, 'Dana').then((r) => assert.equal(r.status, 303));
    assert.equal(await count('zpm_signups'), 1);
    assert.equal((await ctx().db('users').where({ email: OWNER }).first())!.first_name, 'Dana');
    await again.get('/zpm-signup/pay?zpm_tier=pro&quantity=1').expect(200);

    await createProviderUser(ctx().db, { email: 'real.login@example.test' });
    const refused = await zpmSignup(agent(), 'real.login@example.test');
    assert.equal(refused.status, 422);
    assert.match(mainTextOf(refused.text), /An account with this email already exists/);
  });

  it('a sign-up whose payment started or went through keeps its address', async () => {
    await zpmSignup(agent(), OWNER).then((r) => assert.equal(r.status, 303));
    await ctx().db('zpm_signups').update({ payment_started_at: ctx().db.fn.now() });
    let refused = await signUp(agent(), OWNER);
    assert.equal(refused.status, 409);
    assert.match(textOf(refused.text), /already belongs to a practice-management account/);
    await ctx().db('zpm_signups').update({ payment_started_at: null, paid_at: ctx().db.fn.now() });
    refused = await signUp(agent(), OWNER);
    assert.equal(refused.status, 409);
    assert.equal(await count('zpm_signups'), 1);
  });

  it('a sign-up whose account has a subscription in the mirror keeps its address, whatever the sign-up row says', async () => {
    await zpmSignup(agent(), OWNER).then((r) => assert.equal(r.status, 303));
    const { account_id: accountId } = (await ctx().db('zpm_signups').first('account_id'))!;
    await ctx().db('billing_customers').insert({ id: 'cus_hold', account_id: accountId! });
    await ctx().db('billing_subscriptions').insert({
      id: 'sub_hold',
      customer_id: 'cus_hold',
      account_id: accountId!,
      status: 'canceled',
      created_at: new Date(),
    });
    const refused = await signUp(agent(), OWNER);
    assert.equal(refused.status, 409);
    assert.equal(await count('zpm_signups'), 1);
  });
});

describe('the scheduled job: unpaid sign-ups are deleted after a day', () => {
  const prune = JOB_CATALOG.find((job) => job.name === 'zpm-signups.prune-unpaid')!;
  const run = () =>
    prune.handle(
      undefined as never,
      { db: ctx().db, integrations: ctx().integrations, config: ctx().config, logger: createLogger('silent') } as never,
    );

  it('runs hourly, and deletes an unpaid sign-up older than 24 hours with its password-less user and account; fresh and paid ones stay', async () => {
    assert.ok(prune, 'the job is in the catalog');
    assert.equal(prune.cron, '23 * * * *');
    for (const email of ['stale@example.test', 'fresh@example.test', 'paid@example.test', 'started@example.test'])
      await zpmSignup(agent(), email).then((r) => assert.equal(r.status, 303));
    const idOf = async (email: string) => (await ctx().db('users').where({ email }).first())!.id;
    const dayAgo = ctx().db.raw(`now() - interval '25 hours'`);
    await ctx()
      .db('zpm_signups')
      .whereIn('user_id', [
        await idOf('stale@example.test'),
        await idOf('paid@example.test'),
        await idOf('started@example.test'),
      ])
      .update({ created_at: dayAgo });
    await ctx()
      .db('zpm_signups')
      .where({ user_id: await idOf('paid@example.test') })
      .update({ paid_at: ctx().db.fn.now() });
    // A payment started an hour ago is left to its own recovery.
    await ctx()
      .db('zpm_signups')
      .where({ user_id: await idOf('started@example.test') })
      .update({ payment_started_at: ctx().db.raw(`now() - interval '1 hour'`) });
    const staleAccount = (await ctx()
      .db('zpm_signups')
      .where({ user_id: await idOf('stale@example.test') })
      .first())!.account_id;

    await run();

    const left = await ctx()
      .db('zpm_signups')
      .join('users', 'users.id', 'zpm_signups.user_id')
      .orderBy('users.email')
      .pluck('users.email');
    assert.deepEqual(left, ['fresh@example.test', 'paid@example.test', 'started@example.test']);
    assert.equal(await ctx().db('users').where({ email: 'stale@example.test' }).first(), undefined);
    assert.equal(await ctx().db('accounts').where({ id: staleAccount! }).first(), undefined);
    // Then /signup with the freed address works.
    await signUp(agent(), 'stale@example.test').then((r) => assert.equal(r.status, 303));
  });

  it('a user that has something else (a password, another account) is kept; only the sign-up row goes', async () => {
    await zpmSignup(agent(), 'has-password@example.test').then((r) => assert.equal(r.status, 303));
    await ctx().db('users').where({ email: 'has-password@example.test' }).update({ password_hash: 'x' });
    await ctx()
      .db('zpm_signups')
      .update({ created_at: ctx().db.raw(`now() - interval '25 hours'`) });
    await run();
    assert.equal(await count('zpm_signups'), 0);
    assert.ok(await ctx().db('users').where({ email: 'has-password@example.test' }).first());
  });
});
