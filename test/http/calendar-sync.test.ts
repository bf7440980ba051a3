// /calendar/connections (spec 3 §3 Calendar state, §7 Google linking, §8 'Google calendar linked
// successfully.'; spec 2 §6 "Events from an external calendar are view-only"): ICS feeds and their sync
// against a feed served on this machine, busy blocks that are view-only and remove bookable slots, the
// Google flow through the sample account, the OAuth state, Google not set up, and other providers' ids.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { bookableSlots } from '../../server/domain/appointments';
import { deleteAvailability, CALENDAR_MESSAGES } from '../../server/domain/calendar';
import {
  FEED_MESSAGES,
  FETCH_MESSAGES,
  GOOGLE_LINK_MESSAGES,
  SYNC_ALL_CALENDARS_JOB,
  SYNC_CALENDAR_JOB,
  syncExternalCalendar,
} from '../../server/domain/external-calendars';
import { createCalendarSync, LOCAL_CONSENT_PATH } from '../../server/integrations/calendar-sync';
import { ConfigError } from '../../server/config';
import { createLogger } from '../../server/logger';
import { ctx, testConfig } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';
import { decryptedLink } from '../support/encrypted';

const PAGE = '/calendar/connections';
const DAY_MS = 24 * 3_600_000;
const LOCAL = { allowAddresses: ['127.0.0.1'] };

const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, PAGE, path, values);

async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303);
  return mainTextOf((await client.get(response.headers.location!.replace(/#.*$/, '')).expect(200)).text);
}

/** A signed-in provider whose calendar is attached (or not). */
async function signedIn(options: { calendar?: boolean } = {}) {
  const user = await createProviderUser(ctx().db, { paid: true });
  const id = user.providerIds[0]!;
  await ctx()
    .db('providers')
    .where({ id })
    .update({ has_calendar: options.calendar ?? true, calendar_open: true, timezone: 'America/New_York' });
  const client = agent();
  await signIn(client, user.email);
  return { client, id };
}

async function addCalendar(
  providerId: number,
  row: { kind?: 'ics' | 'google'; url?: string; google_calendar_id?: string; name?: string },
): Promise<number> {
  const [made] = await ctx()
    .db('external_calendars')
    .insert({ provider_id: providerId, kind: 'ics', name: 'Work', ...row })
    .returning('id');
  return Number(made.id);
}

const busyRows = (calendarId: number) =>
  ctx().db('availability_events').where({ provider_external_calendar_id: calendarId }).orderBy('start_time');
const calendarRow = (id: number) => ctx().db('external_calendars').where({ id }).first();
const queuedSyncs = async () =>
  (await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB }).select('data')).map(
    (j: { data: { calendarId: number } }) => j.data.calendarId,
  );

/** UTC midnight `days` days from now, as the basis of events placed in the sync window. */
const dayFromNow = (days: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS;
};
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const feed = (...events: { uid: string; start: number; minutes: number; summary?: string }[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.start + e.minutes * 60_000)}`,
      `SUMMARY:${e.summary ?? 'Session with a client'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');

/** A calendar server on 127.0.0.1 answering GET /feed.ics with whatever the test sets. */
let server: http.Server;
let feedUrl: string;
let reply: { status: number; body: string } = { status: 200, body: '' };
before(async () => {
  server = http.createServer((_req, res) =>
    res.writeHead(reply.status, { 'content-type': 'text/calendar; charset=utf-8' }).end(reply.body),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('calendar-sync: the connections page', () => {
  it('signed-out visitors go to /login; a provider without a calendar is told so and cannot add a feed', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const { client, id } = await signedIn({ calendar: false });
    assert.match(
      mainTextOf((await client.get(PAGE).expect(200)).text),
      /This provider does not have a calendar attached!/,
    );
    await post(client, `${PAGE}/feeds`, { url: 'https://calendar.example.com/a.ics' }).then((r) =>
      assert.equal(r.status, 404),
    );
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 0);
  });
});

describe('calendar-sync: ICS feeds', () => {
  it('adds an https feed (webcal:// read as https), queues its sync and lists it by its server; removing it removes its busy blocks', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/feeds`, {
      name: 'Practice calendar',
      url: 'webcal://calendar.example.com/private-abc123/basic.ics',
    });
    const text = await follow(client, response);
    assert.match(text, new RegExp(FEED_MESSAGES.added.replace(/\./g, '\\.')));
    const [row] = await ctx().db('external_calendars').where({ provider_id: id });
    assert.equal(row.url, 'https://calendar.example.com/private-abc123/basic.ics');
    assert.equal(row.kind, 'ics');
    assert.deepEqual(await queuedSyncs(), [Number(row.id)]);
    assert.match(text, /Practice calendar calendar\.example\.com Waiting for the first sync/);
    assert.doesNotMatch(text, /private-abc123/, 'the secret part of the address is not shown');

    await ctx()
      .db('availability_events')
      .insert({
        provider_id: id,
        provider_external_calendar_id: row.id,
        free: false,
        start_time: new Date(dayFromNow(2)),
        end_time: new Date(dayFromNow(2) + 3_600_000),
        duration_in_minutes: 60,
      });
    const removed = await post(client, `${PAGE}/calendars/${row.id}/delete`);
    assert.match(await follow(client, removed), new RegExp(FEED_MESSAGES.removed));
    assert.equal(await calendarRow(Number(row.id)), undefined);
    assert.equal((await busyRows(Number(row.id))).length, 0);
  });

  it('refuses a missing, malformed, insecure, private or repeated address with the message beside the field and the typed value kept (422)', async () => {
    const { client, id } = await signedIn();
    const cases: [string, string][] = [
      ['', FEED_MESSAGES.urlRequired],
      ['calendar feed please', FEED_MESSAGES.urlInvalid],
      ['http://calendar.example.com/a.ics', FEED_MESSAGES.urlNotHttps],
      ['https://169.254.169.254/latest/meta-data', FEED_MESSAGES.urlPrivate],
      ['https://localhost:5432/a.ics', FEED_MESSAGES.urlPrivate],
    ];
    for (const [url, message] of cases) {
      const response = await post(client, `${PAGE}/feeds`, { url, name: 'Work' });
      assert.equal(response.status, 422, url);
      assert.ok(mainTextOf(response.text).includes(message), `${url}: ${message}`);
      if (url)
        assert.match(
          response.text,
          new RegExp(
            `name="url"[^>]*value="${url.replace(/[.?]/g, '\\$&')}"|value="${url.replace(/[.?]/g, '\\$&')}"[^>]*name="url"`,
          ),
        );
    }
    await addCalendar(id, { url: 'https://calendar.example.com/a.ics' });
    const repeated = await post(client, `${PAGE}/feeds`, { url: 'https://calendar.example.com/a.ics' });
    assert.equal(repeated.status, 422);
    assert.ok(mainTextOf(repeated.text).includes(FEED_MESSAGES.urlDuplicate));
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 1);
    assert.deepEqual(await queuedSyncs(), []);
  });
});

describe('calendar-sync: the sync of a feed', () => {
  it('writes busy blocks without titles, widens short events, replaces them on the next sync, and keeps them with last_error when the feed fails', async () => {
    const { client, id } = await signedIn();
    const calendarId = await addCalendar(id, { url: feedUrl });
    reply = {
      status: 200,
      body: feed(
        { uid: 'a', start: dayFromNow(2) + 14 * 3_600_000, minutes: 60, summary: 'Therapy with J. Doe' },
        { uid: 'b', start: dayFromNow(3) + 9 * 3_600_000, minutes: 5 },
      ),
    };
    assert.deepEqual(await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL }), {
      status: 'synced',
      blocks: 2,
    });
    const rows = await busyRows(calendarId);
    assert.deepEqual(
      rows.map((r) => [r.external_uid, r.free, r.name, r.is_recurring, r.duration_in_minutes, Number(r.provider_id)]),
      [
        ['a', false, null, false, 60, id],
        ['b', false, null, false, 10, id],
      ],
    );
    assert.equal(rows[0].start_time.getTime(), dayFromNow(2) + 14 * 3_600_000);
    assert.equal(rows[1].end_time.getTime() - rows[1].start_time.getTime(), 10 * 60_000);
    const synced = (await calendarRow(calendarId))!;
    assert.ok(synced.last_synced_at && synced.last_error === null);
    assert.match(
      mainTextOf((await client.get(PAGE).expect(200)).text),
      /, 2 busy times/,
      'the list counts its busy blocks',
    );

    reply = { status: 200, body: feed({ uid: 'c', start: dayFromNow(4) + 10 * 3_600_000, minutes: 30 }) };
    await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL });
    assert.deepEqual(
      (await busyRows(calendarId)).map((r) => r.external_uid),
      ['c'],
    );

    reply = { status: 500, body: 'down' };
    assert.deepEqual(await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL }), {
      status: 'failed',
      error: FETCH_MESSAGES.status(500),
    });
    assert.equal((await calendarRow(calendarId))!.last_error, FETCH_MESSAGES.status(500));
    assert.deepEqual(
      (await busyRows(calendarId)).map((r) => r.external_uid),
      ['c'],
      'the blocks of the last good sync stay',
    );
    const text = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.ok(text.includes(`Not synced ${FETCH_MESSAGES.status(500)}`));
    assert.doesNotMatch(text, /Therapy with J\. Doe/);
  });

  it('the half-hourly job queues one sync per calendar, and the sync job refuses a feed on a private address (recorded as last_error)', async () => {
    const { id } = await signedIn();
    const first = await addCalendar(id, { url: feedUrl });
    const second = await addCalendar(id, { url: `${feedUrl}?second` });
    reply = { status: 200, body: feed({ uid: 'a', start: dayFromNow(2), minutes: 60 }) };
    await ctx().integrations.jobs.enqueue(ctx().db, SYNC_ALL_CALENDARS_JOB, {});
    await drainJobs();
    for (const calendarId of [first, second]) {
      assert.equal((await calendarRow(calendarId))!.last_error, FETCH_MESSAGES.privateAddress);
      assert.equal((await busyRows(calendarId)).length, 0);
    }
    assert.equal((await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB, state: 'completed' })).length, 2);
  });

  it('busy blocks from outside are view-only, and remove the bookable slots they cover', async () => {
    const { id } = await signedIn();
    const db = ctx().db;
    await db('locations').insert({ provider_id: id, state: 'NY', remote_location: true, accepting_patients: 40 });
    const day = dayFromNow(3);
    await db('availability_events').insert({
      provider_id: id,
      free: true,
      start_time: new Date(day + 13 * 3_600_000),
      end_time: new Date(day + 17 * 3_600_000),
      duration_in_minutes: 240,
    });
    const calendarId = await addCalendar(id, { url: feedUrl });
    const starts = async () =>
      (await bookableSlots(db, id, new Date(day), new Date(day + DAY_MS), new Date())).map(
        (s) => (s.start.getTime() - day) / 3_600_000,
      );
    assert.ok((await starts()).includes(14));

    reply = { status: 200, body: feed({ uid: 'outside', start: day + 14 * 3_600_000, minutes: 60 }) };
    await syncExternalCalendar(db, calendarId, { calendarSync: null, fetch: LOCAL });
    const after = await starts();
    assert.deepEqual(
      after.filter((h) => h >= 14 && h < 15),
      [],
      'no slot starts within the busy hour',
    );
    assert.ok(after.includes(13.75) && after.includes(15), 'the slots around it stay');

    const [block] = await busyRows(calendarId);
    await assert.rejects(deleteAvailability(db, id, Number(block.id)), { message: CALENDAR_MESSAGES.external });
    assert.equal((await busyRows(calendarId)).length, 1);
  });
});

describe('calendar-sync: Google Calendar through the sample account', () => {
  /** Link → the sample consent page → Allow → back to the page with the account linked. */
  async function linkAccount(client: Agent) {
    const start = await post(client, `${PAGE}/google/link`);
    assert.equal(start.status, 303);
    assert.ok(start.headers.location!.startsWith(`${LOCAL_CONSENT_PATH}?state=`));
    const consent = await client.get(start.headers.location!).expect(200);
    const state = /name="state" value="([^"]+)"/.exec(consent.text)![1]!;
    const code = /name="code" value="([^"]+)"/.exec(consent.text)![1]!;
    return client.get(`${PAGE}/google/callback?${new URLSearchParams({ state, code })}`);
  }

  it('link → choose a calendar → "Google calendar linked successfully." → its busy blocks; unlinking a calendar or the account removes them', async () => {
    const { client, id } = await signedIn();
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /a sample Google account stands in/);
    const linked = await linkAccount(client);
    const page = await follow(client, linked);
    assert.ok(page.includes(GOOGLE_LINK_MESSAGES.accountLinked));
    assert.match(page, /sample\.provider@example\.com/);
    assert.match(page, /Choose a calendar to link Work \(sample\) \(main calendar\) Personal \(sample\)/);
    const link = (await decryptedLink(
      ctx().db,
      await ctx().db('google_account_links').where({ provider_id: id }).first(),
    ))!;
    assert.match(link.access_token ?? '', /^sample-access-/);

    const chosen = await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' });
    assert.ok((await follow(client, chosen)).includes('Google calendar linked successfully.'));
    const [work] = await ctx().db('external_calendars').where({ provider_id: id, kind: 'google' });
    assert.equal(work.google_calendar_id, 'sample-work');
    assert.deepEqual(await queuedSyncs(), [Number(work.id)]);
    await drainJobs();
    const blocks = await busyRows(Number(work.id));
    assert.equal(blocks.length, 3);
    assert.ok(blocks.every((b) => b.free === false && b.name === null));

    const json = await client.get(PAGE).set('Accept', 'application/json').expect(200);
    assert.deepEqual(
      json.body.potentialGoogleCalendars.map((c: { id: string }) => c.id),
      ['sample-personal'],
    );
    assert.deepEqual(json.body.googleAccount, { setUp: true, linked: true, email: 'sample.provider@example.com' });
    assert.equal(json.body.externalCalendars[0].busyCount, 3);
    assert.doesNotMatch(
      JSON.stringify(json.body) + (await client.get(PAGE)).text,
      /sample-(access|refresh)-/,
      'tokens never leave the server',
    );

    const unknown = await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'someone-elses@example.com' });
    assert.equal(unknown.status, 422);
    assert.ok(mainTextOf(unknown.text).includes(GOOGLE_LINK_MESSAGES.chooseCalendar));
    const again = await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' });
    assert.equal(again.status, 422);
    assert.ok(mainTextOf(again.text).includes(GOOGLE_LINK_MESSAGES.alreadyLinked));

    const unlinked = await post(client, `${PAGE}/calendars/${work.id}/delete`);
    assert.ok((await follow(client, unlinked)).includes(GOOGLE_LINK_MESSAGES.calendarUnlinked));
    assert.equal((await busyRows(Number(work.id))).length, 0);

    await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-personal' });
    await drainJobs();
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 2);
    const gone = await post(client, `${PAGE}/google/unlink`);
    assert.ok((await follow(client, gone)).includes(GOOGLE_LINK_MESSAGES.accountUnlinked));
    assert.equal((await ctx().db('google_account_links').where({ provider_id: id }).first())!, undefined);
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 0);
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 0);
  });

  it('the OAuth state ties the callback to this session: a missing, forged or replayed state, or a refusal, links nothing', async () => {
    const { client, id } = await signedIn();
    const refused = async (path: string) =>
      assert.ok((await follow(client, await client.get(path))).includes(GOOGLE_LINK_MESSAGES.refused), path);
    await refused(`${PAGE}/google/callback?state=guess&code=sample-consent-granted`);
    const start = await post(client, `${PAGE}/google/link`);
    const state = new URL(start.headers.location!, 'http://portal.test').searchParams.get('state')!;
    await refused(`${PAGE}/google/callback?state=${state.slice(0, -1)}x&code=sample-consent-granted`);
    await refused(`${PAGE}/google/callback?state=${state}&code=sample-consent-granted`); // the state was used up by the forged try
    const again = await post(client, `${PAGE}/google/link`);
    const fresh = new URL(again.headers.location!, 'http://portal.test').searchParams.get('state')!;
    await refused(`${PAGE}/google/callback?state=${fresh}&error=access_denied`); // Cancel on the consent screen
    assert.equal((await ctx().db('google_account_links').where({ provider_id: id }).first())!, undefined);
  });

  it('without GOOGLE_CLIENT_ID/SECRET in production, Google is not set up: the page says so and the Google routes are not found', async () => {
    assert.equal(createCalendarSync({ env: 'production', google: null }), null);
    assert.equal(createCalendarSync({ env: 'development', google: null })?.kind, 'local');
    assert.equal(
      createCalendarSync({
        env: 'production',
        google: { clientId: 'id.apps.googleusercontent.com', clientSecret: 'secret' },
      })?.kind,
      'google',
    );
    assert.deepEqual(
      testConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }).google,
      { clientId: 'id.apps.googleusercontent.com', clientSecret: 'secret' },
    );
    assert.throws(() => testConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }), ConfigError);

    const { config, db, database, integrations } = ctx();
    const portal = createApp({
      config,
      db,
      databaseUrl: database.url,
      logger: createLogger('silent'),
      integrations: { ...integrations, calendarSync: null },
    });
    try {
      const user = await createProviderUser(db, { paid: true });
      await db('providers').where({ id: user.providerIds[0]! }).update({ has_calendar: true });
      const client = supertest.agent(portal.app);
      const login = await client.get('/login');
      const _csrf = /name="_csrf" value="([^"]+)"/.exec(login.text)![1];
      await client
        .post('/login')
        .type('form')
        .send({ _csrf, email: user.email, password: 'Test-password-1!' })
        .expect(303);
      const text = mainTextOf((await client.get(PAGE).expect(200)).text);
      assert.match(text, /Google Calendar is not set up on this portal yet\./);
      assert.doesNotMatch(text, /Link Google account/);
      const page = await client.get(PAGE);
      const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
      await client.post(`${PAGE}/google/link`).type('form').send({ _csrf: token }).expect(404);
      await client.get(`${PAGE}/google/callback?state=x&code=y`).expect(404);
    } finally {
      await portal.close();
    }
  });
});

describe("calendar-sync: another provider's calendars", () => {
  it('their calendar ids are not found (404) and not listed; a malformed id is not found', async () => {
    const { client, id } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const theirs = await addCalendar(other.providerIds[0]!, {
      url: 'https://calendar.example.com/theirs.ics',
      name: 'Their calendar',
    });
    await ctx()
      .db('availability_events')
      .insert({
        provider_id: other.providerIds[0]!,
        provider_external_calendar_id: theirs,
        free: false,
        start_time: new Date(dayFromNow(2)),
        end_time: new Date(dayFromNow(2) + 3_600_000),
        duration_in_minutes: 60,
      });
    await post(client, `${PAGE}/calendars/${theirs}/delete`).then((r) => assert.equal(r.status, 404));
    await post(client, `${PAGE}/calendars/abc/delete`).then((r) => assert.equal(r.status, 404));
    assert.ok(await calendarRow(theirs));
    assert.equal((await busyRows(theirs)).length, 1);
    assert.doesNotMatch((await client.get(PAGE).expect(200)).text, /Their calendar/);
    assert.deepEqual((await client.get(PAGE).set('Accept', 'application/json')).body.externalCalendars, []);
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 0);
  });
});
