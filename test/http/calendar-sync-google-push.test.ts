// Google Calendar push (issue [23] item 3): a linked calendar gets a notification channel, Google's
// notifications (sent by the sample account's stand-in, with Google's headers, over HTTP to the portal)
// queue one sync of that calendar, unknown channels and wrong tokens are refused (404), channels are
// renewed before they end and stopped when the calendar goes; polling stays as the fallback.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import {
  GOOGLE_WEBHOOK_PATH,
  pushAddress,
  RENEW_WATCHES_JOB,
  SYNC_CALENDAR_JOB,
  STOP_WATCH_JOB,
} from '../../server/domain/external-calendars';
import { createCalendarSync, type LocalGoogle, localGoogleOf } from '../../server/integrations/calendar-sync';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';

const PAGE = '/calendar/connections';
const DAY_MS = 24 * 3_600_000;
const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, PAGE, path, values);

let google: LocalGoogle;
before(() => {
  google = localGoogleOf(ctx().integrations.calendarSync)!;
  assert.ok(google, 'outside production without Google keys, the sample account stands in');
});
beforeEach(() => google.reset());

/** A provider with the sample account's work calendar linked, its first sync and channel done. */
async function withWatchedCalendar() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const id = user.providerIds[0]!;
  await ctx().db('providers').where({ id }).update({ has_calendar: true, timezone: 'America/New_York' });
  const client = agent();
  await signIn(client, user.email);
  const start = await post(client, `${PAGE}/google/link`);
  const consent = await client.get(start.headers.location!).expect(200);
  const state = /name="state" value="([^"]+)"/.exec(consent.text)![1]!;
  const code = /name="code" value="([^"]+)"/.exec(consent.text)![1]!;
  await client.get(`${PAGE}/google/callback?${new URLSearchParams({ state, code })}`).expect(303);
  assert.equal((await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' })).status, 303);
  const [calendar] = await ctx().db('external_calendars').where({ provider_id: id, kind: 'google' });
  await drainJobs();
  return { client, id, calendarId: Number(calendar.id) };
}

const channelRows = (calendarId: number) =>
  ctx().db('google_watch_channels').where({ external_calendar_id: calendarId }).orderBy('created_at');
const busyRows = (calendarId: number) =>
  ctx().db('availability_events').where({ provider_external_calendar_id: calendarId }).orderBy('start_time');
const queuedSyncs = (calendarId: number) =>
  ctx()
    .db('pgboss.job')
    .where({ name: SYNC_CALENDAR_JOB, state: 'created' })
    .whereRaw("data->>'calendarId' = ?", [String(calendarId)]);

describe('calendar-sync: Google push notifications', () => {
  it('linking a calendar registers a channel at the portal’s webhook address, its token kept as a hash only', async () => {
    const { calendarId } = await withWatchedCalendar();
    const [row] = await channelRows(calendarId);
    assert.ok(row, 'a channel row');
    assert.match(row.resource_id!, /^sample-resource-/);
    assert.ok(row.expires_at.getTime() > Date.now() + 6 * DAY_MS);
    const held = google.channels.get(row.id)!;
    assert.equal(held.address, `${ctx().config.portalUrl}${GOOGLE_WEBHOOK_PATH}`);
    assert.equal(held.calendarId, 'sample-work');
    assert.notEqual(row.token_hash, held.token, 'only a hash of the token is stored');
    assert.equal(row.token_hash.length, 64);
  });

  it('a change in Google is synced after its notification: the busy time appears without waiting for the poll', async () => {
    const { calendarId } = await withWatchedCalendar();
    const before = (await busyRows(calendarId)).length;
    const soon = new Date(Math.ceil((Date.now() + 3 * DAY_MS) / 3_600_000) * 3_600_000);
    google.addBusy('sample-work', soon, new Date(soon.getTime() + 3_600_000));
    assert.deepEqual(await google.notify('sample-work'), [200]);
    assert.equal((await queuedSyncs(calendarId)).length, 1, 'one sync queued');
    await drainJobs();
    const rows = await busyRows(calendarId);
    assert.equal(rows.length, before + 1);
    assert.ok(rows.some((r) => r.start_time.getTime() === soon.getTime()));
  });

  it('a burst of notifications queues one sync now and one in the next slot, never more', async () => {
    const { calendarId } = await withWatchedCalendar();
    for (let i = 0; i < 6; i++) assert.deepEqual(await google.notify('sample-work'), [200]);
    const queued = await queuedSyncs(calendarId);
    assert.ok(queued.length >= 1 && queued.length <= 2, `${queued.length} syncs queued`);
  });

  it('an unknown channel, a wrong token, another resource or no headers: 404, and nothing is queued', async () => {
    const { calendarId } = await withWatchedCalendar();
    const [row] = await channelRows(calendarId);
    const held = google.channels.get(row.id)!;
    const notify = (headers: Record<string, string>) => {
      let request = supertest(ctx().app).post(GOOGLE_WEBHOOK_PATH);
      for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
      return request;
    };
    const good = {
      'x-goog-channel-id': row.id,
      'x-goog-channel-token': held.token,
      'x-goog-resource-id': row.resource_id!,
      'x-goog-resource-state': 'exists',
    };
    await notify({ ...good, 'x-goog-channel-id': '00000000-0000-4000-8000-000000000000' }).expect(404);
    await notify({ ...good, 'x-goog-channel-token': `${held.token}x` }).expect(404);
    await notify({ ...good, 'x-goog-resource-id': 'someone-elses-resource' }).expect(404);
    await notify({}).expect(404);
    assert.equal((await queuedSyncs(calendarId)).length, 0);
    await notify({ ...good, 'x-goog-resource-state': 'sync' }).expect(200);
    assert.equal((await queuedSyncs(calendarId)).length, 0, 'the "sync" message needs nothing');
    await notify(good).expect(200);
    assert.equal((await queuedSyncs(calendarId)).length, 1);
  });

  it('the hourly job renews a channel that ends within a day: a new one is registered and the old one stopped', async () => {
    const { calendarId } = await withWatchedCalendar();
    const [old] = await channelRows(calendarId);
    await ctx()
      .db('google_watch_channels')
      .where({ id: old.id })
      .update({ expires_at: new Date(Date.now() + 3_600_000) });
    await ctx().integrations.jobs.enqueue(ctx().db, RENEW_WATCHES_JOB, {});
    await drainJobs();
    const rows = await channelRows(calendarId);
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0].id, old.id);
    assert.ok(!google.channels.has(old.id), 'the old channel is stopped at Google');
    assert.ok(google.channels.has(rows[0].id));
    // A channel that lasts is left alone.
    await ctx().integrations.jobs.enqueue(ctx().db, RENEW_WATCHES_JOB, {});
    await drainJobs();
    assert.deepEqual(
      (await channelRows(calendarId)).map((r) => r.id),
      [rows[0].id],
    );
  });

  it('unlinking the calendar stops its channel; its notifications then find nothing (404)', async () => {
    const { client, calendarId } = await withWatchedCalendar();
    const [row] = await channelRows(calendarId);
    const unlinked = await post(client, `${PAGE}/calendars/${calendarId}/delete`);
    assert.equal(unlinked.status, 303);
    assert.equal((await ctx().db('pgboss.job').where({ name: STOP_WATCH_JOB, state: 'created' })).length, 1);
    await drainJobs();
    assert.ok(!google.channels.has(row.id));
    assert.equal((await channelRows(calendarId)).length, 0);
    assert.deepEqual(await google.notify('sample-work'), [], 'no live channel is left to notify');
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /No Google calendar linked yet\./);
  });

  it('push needs an https PORTAL_URL with Google itself (the sample account posts anywhere); polling covers the rest', () => {
    const real = createCalendarSync({ env: 'production', google: { clientId: 'id', clientSecret: 'secret' } });
    assert.equal(pushAddress('http://portal.example.com', real), null);
    assert.equal(pushAddress('https://portal.example.com/', real), `https://portal.example.com${GOOGLE_WEBHOOK_PATH}`);
    assert.equal(
      pushAddress('http://localhost:3000', ctx().integrations.calendarSync),
      `http://localhost:3000${GOOGLE_WEBHOOK_PATH}`,
    );
    assert.equal(pushAddress('https://portal.example.com', null), null);
  });
});
