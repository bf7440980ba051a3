// The vacation responder on /profile/availability-locations (spec 2 §3 Out-of-office message, §4 Vacation
// responder, §5 Vacation responder, §9), one describe per rule, the spec's messages asserted.
import { utc } from '@date-fns/utc';
import { addDays, addYears, format } from 'date-fns';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';

const PAGE = '/profile/availability-locations';
const SAVE = `${PAGE}/vacation-responder`;
const SWITCH = `${PAGE}/vacation-responder/status`;

/** A UTC calendar date `days` from today. */
const day = (days: number) => format(addDays(new Date(), days, { in: utc }), 'yyyy-MM-dd', { in: utc });

async function post(client: Agent, path: string, values: Record<string, string | undefined>) {
  const _csrf = await tokenFor(client, PAGE);
  const body = Object.fromEntries(Object.entries({ _csrf, ...values }).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return client.post(path).type('form').send(new URLSearchParams(body).toString());
}

async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303);
  assert.equal(response.headers.location, `${PAGE}#vacation-responder`);
  return mainTextOf((await client.get(PAGE).expect(200)).text);
}

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]! };
}

const rowOf = async (id: number) =>
  ctx()
    .db('out_of_office_messages')
    .where({ provider_id: id })
    .first(
      'status',
      'message',
      ctx().db.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`),
      ctx().db.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`),
    );

const good = () => ({
  start_date: day(1),
  end_date: day(8),
  message: 'I am away until next week and will reply when I am back.',
});

async function saved(
  id: number,
  values: { start_date: string; end_date: string; message: string },
  status = 'inactive',
) {
  await ctx()
    .db('out_of_office_messages')
    .insert({ provider_id: id, status, ...values })
    .onConflict('provider_id')
    .merge();
}

describe('vacation responder: the form (spec 2 §5)', () => {
  it('start, end and message are required (422, nothing saved)', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, SAVE, { start_date: '', end_date: '', message: ' ' });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const message of ['Enter a start date.', 'Enter an end date.', 'Enter a message.'])
      assert.ok(text.includes(message), message);
    assert.equal(await rowOf(id), undefined);
  });

  it('"The selected end date must be in the future." (today or earlier), typed values kept', async () => {
    const { client } = await signedIn();
    for (const end of [day(0), day(-3)]) {
      const response = await post(client, SAVE, { start_date: day(-10), end_date: end, message: 'Away' });
      assert.equal(response.status, 422);
      assert.match(mainTextOf(response.text), /The selected end date must be in the future\./);
      assert.match(response.text, new RegExp(`value="${end}"`));
      assert.match(response.text, />Away<\/textarea>/);
    }
  });

  it('the end is at least one full day after the start', async () => {
    const { client } = await signedIn();
    const same = await post(client, SAVE, { start_date: day(5), end_date: day(5), message: 'Away' });
    assert.equal(same.status, 422);
    assert.match(mainTextOf(same.text), /The end date must be at least one full day after the start date\./);
    const before = await post(client, SAVE, { start_date: day(6), end_date: day(5), message: 'Away' });
    assert.equal(before.status, 422);
    await post(client, SAVE, { start_date: day(5), end_date: day(6), message: 'Away' }).then((r) =>
      assert.equal(r.status, 303),
    );
  });

  it('the end is less than a year after the start', async () => {
    const { client } = await signedIn();
    const start = day(1);
    const yearLater = format(addYears(new Date(`${start}T00:00:00Z`), 1, { in: utc }), 'yyyy-MM-dd', { in: utc });
    const response = await post(client, SAVE, { start_date: start, end_date: yearLater, message: 'Away' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /The end date must be less than a year after the start date\./);
    const dayBefore = format(addDays(new Date(`${yearLater}T00:00:00Z`), -1, { in: utc }), 'yyyy-MM-dd', { in: utc });
    await post(client, SAVE, { start_date: start, end_date: dayBefore, message: 'Away' }).then((r) =>
      assert.equal(r.status, 303),
    );
  });

  it('not a date: refused', async () => {
    const { client } = await signedIn();
    const response = await post(client, SAVE, { start_date: '2026-02-30', end_date: 'soon', message: 'Away' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please enter a date as YYYY-MM-DD\./);
  });
});

describe('vacation responder: saving (spec 2 §4, §7 "Out of office")', () => {
  it('"Your Vacation Responder has been updated!"; the status is left as it was', async () => {
    const { client, id } = await signedIn();
    const values = good();
    assert.match(await follow(client, await post(client, SAVE, values)), /Your Vacation Responder has been updated!/);
    assert.deepEqual(await rowOf(id), { status: 'inactive', ...values });
    await ctx().db('out_of_office_messages').where({ provider_id: id }).update({ status: 'active' });
    await post(client, SAVE, { ...values, message: 'Changed' });
    assert.equal((await rowOf(id))!.status, 'active');
  });

  it('saving without any change writes nothing and says so', async () => {
    const { client, id } = await signedIn();
    const values = good();
    await saved(id, values);
    const before = await ctx().db('out_of_office_messages').where({ provider_id: id }).first('updated_at');
    const text = await follow(client, await post(client, SAVE, values));
    assert.match(text, /There were no changes to save\./);
    assert.doesNotMatch(text, /has been updated!/);
    assert.deepEqual(await ctx().db('out_of_office_messages').where({ provider_id: id }).first('updated_at'), before);
  });

  it('the read view shows the window in UTC', async () => {
    const { client, id } = await signedIn();
    await saved(id, { start_date: '2031-03-05', end_date: '2031-03-12', message: 'Away' });
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Start date March 5, 2031, 00:00 UTC End date March 12, 2031, 23:59 UTC Message Away/);
  });
});

describe('vacation responder: switching it on and off (spec 2 §4)', () => {
  it('can be switched on only with saved, valid data', async () => {
    const { client, id } = await signedIn();
    const none = await post(client, SWITCH, { status: 'active' });
    assert.equal(none.status, 422);
    assert.match(
      mainTextOf(none.text),
      /Please save a start date, an end date and a message before turning on your Vacation Responder\./,
    );
    await saved(id, { start_date: day(-20), end_date: day(-2), message: 'Away' });
    const past = await post(client, SWITCH, { status: 'active' });
    assert.equal(past.status, 422);
    assert.match(mainTextOf(past.text), /The selected end date must be in the future\./);
    assert.equal((await rowOf(id))!.status, 'inactive');
  });

  it('"Your Vacation Responder has been turned on!" and "...turned off!"', async () => {
    const { client, id } = await signedIn();
    await saved(id, good());
    assert.match(
      await follow(client, await post(client, SWITCH, { status: 'active' })),
      /Your Vacation Responder has been turned on!/,
    );
    assert.equal((await rowOf(id))!.status, 'active');
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Status: Active · On: it starts replying on the start date\./);
    assert.match(
      await follow(client, await post(client, SWITCH, { status: 'inactive' })),
      /Your Vacation Responder has been turned off!/,
    );
    assert.equal((await rowOf(id))!.status, 'inactive');
  });

  it('switching with unsaved edits asks first; confirmed, it switches with the saved data and drops the edits', async () => {
    const { client, id } = await signedIn();
    const values = good();
    await saved(id, values);
    const asked = await post(client, SWITCH, { status: 'active', ...values, message: 'An edit not saved yet' });
    assert.equal(asked.status, 422);
    assert.match(
      mainTextOf(asked.text),
      /You have unsaved changes to your Vacation Responder\. Switching it now will discard them\. Do you want to continue\?/,
    );
    assert.match(asked.text, />An edit not saved yet<\/textarea>/, 'the typed edit is still in the form');
    assert.equal((await rowOf(id))!.status, 'inactive');
    const response = await post(client, SWITCH, {
      status: 'active',
      ...values,
      message: 'An edit not saved yet',
      confirmed: '1',
    });
    assert.match(await follow(client, response), /Your Vacation Responder has been turned on!/);
    assert.deepEqual(await rowOf(id), { status: 'active', ...values });
  });

  it('pressed in the open form without edits, it switches at once', async () => {
    const { client, id } = await signedIn();
    await saved(id, good(), 'active');
    await post(client, SWITCH, { status: 'inactive', ...good() }).then((r) => assert.equal(r.status, 303));
    assert.equal((await rowOf(id))!.status, 'inactive');
  });
});
