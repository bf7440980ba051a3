// Calendar feeds that would stall the web process (issue [15] item 1): a rule whose BY* lists multiply
// into millions of repetitions, and a large feed of ordinary events. The feed is read in a worker
// thread, so the event loop stays free during the sync (p99 delay under 100 ms, measured with
// monitorEventLoopDelay); a feed over the limits is refused with its reason on /calendar/connections and
// is not read again (not by the half-hourly job either) until the provider chooses Try again.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  EXPANSION_MESSAGES,
  FEED_MESSAGES,
  FETCH_MESSAGES,
  READ_MESSAGES,
  SYNC_ALL_CALENDARS_JOB,
  SYNC_CALENDAR_JOB,
  syncExternalCalendar,
  type SyncOutcome,
} from '../../server/domain/external-calendars';
import { REFUSED_FEED_HELP } from '../../views/pages/calendar-sync/ConnectionsPage';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn } from '../support/http';

const PAGE = '/calendar/connections';
const DAY_MS = 24 * 3_600_000;
const LOCAL = { allowAddresses: ['127.0.0.1'] };

const list = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const today = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const calendarText = (lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

/** The issue's feed: one event, about 400 bytes, repeating 86,400 times a day (or 1,440 without BYSECOND). */
const bomb = (withSeconds: boolean) =>
  calendarText([
    'BEGIN:VEVENT',
    'UID:bomb',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(today())}`,
    `DTEND:${stamp(today() + 60_000)}`,
    `RRULE:FREQ=DAILY;BYHOUR=${list(24)};BYMINUTE=${list(60)}${withSeconds ? `;BYSECOND=${list(60)}` : ''}`,
    'END:VEVENT',
  ]);

/** 12,000 one-hour events two hours apart, from 500 days ago: about 1.2 MB. */
function largeFeed(): { text: string; inWindow: number } {
  const first = today() - 500 * DAY_MS;
  // The sync's window runs from this moment (not midnight), a day back and 90 days ahead.
  const now = Date.now();
  const from = now - DAY_MS;
  const to = now + 90 * DAY_MS;
  const lines: string[] = [];
  let inWindow = 0;
  for (let i = 0; i < 12_000; i++) {
    const start = first + i * 2 * 3_600_000;
    if (start + 3_600_000 > from && start < to) inWindow++;
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${i}@calendar.example.com`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 3_600_000)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    );
  }
  return { text: calendarText(lines), inWindow };
}

let server: http.Server;
let feedUrl: string;
let body = '';
let requests = 0;
before(async () => {
  server = http.createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
});

async function providerWithFeed() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const id = user.providerIds[0]!;
  await ctx()
    .db('providers')
    .where({ id })
    .update({ has_calendar: true, calendar_open: true, timezone: 'America/New_York' });
  const [made] = await ctx()
    .db('external_calendars')
    .insert({ provider_id: id, kind: 'ics', name: 'Work', url: feedUrl })
    .returning('id');
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: id, calendarId: Number(made.id) };
}

const calendarRow = (id: number) => ctx().db('external_calendars').where({ id }).first();
const busyCount = async (id: number) =>
  Number(
    (await ctx().db('availability_events').where({ provider_external_calendar_id: id }).count({ n: 'id' }).first())!.n,
  );
const syncJobsFor = async (id: number) =>
  (await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB }).select('data')).filter(
    (j: { data: { calendarId: number } }) => Number(j.data.calendarId) === id,
  ).length;

/** Runs the sync while measuring how long the event loop was held up: its p99 delay in ms. */
async function syncMeasured(
  calendarId: number,
  options: Partial<Parameters<typeof syncExternalCalendar>[2]> = {},
): Promise<{ outcome: SyncOutcome; p99Ms: number; maxMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const outcome = await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL, ...options });
  delay.disable();
  return { outcome, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
}

describe('calendar feeds over the limits (issue [15] item 1)', () => {
  for (const withSeconds of [true, false]) {
    it(`the issue's rule${withSeconds ? '' : ' without BYSECOND'} is refused with its reason on the page, the event loop stays free, and it is not read again`, async () => {
      const { client, calendarId } = await providerWithFeed();
      body = bomb(withSeconds);
      assert.ok(body.length < 700);
      const { outcome, p99Ms } = await syncMeasured(calendarId);
      assert.deepEqual(outcome, { status: 'refused', error: EXPANSION_MESSAGES.eventRepeatsTooOften });
      assert.ok(p99Ms < 100, `event loop p99 delay ${p99Ms} ms`);
      const row = (await calendarRow(calendarId))!;
      assert.equal(row.last_error, EXPANSION_MESSAGES.eventRepeatsTooOften);
      assert.ok(row.sync_refused_at instanceof Date);
      assert.equal(await busyCount(calendarId), 0);

      const text = mainTextOf((await client.get(PAGE).expect(200)).text);
      assert.ok(text.includes(`Not synced ${EXPANSION_MESSAGES.eventRepeatsTooOften} ${REFUSED_FEED_HELP}`), text);
      assert.match(text, /Try again to read Work/);
      const json = await client.get(PAGE).set('Accept', 'application/json').expect(200);
      assert.equal(json.body.externalCalendars[0].syncRefused, true);

      // Not requeued: the half-hourly job skips it, and a sync queued before the refusal does not fetch it.
      requests = 0;
      await ctx().integrations.jobs.enqueue(ctx().db, SYNC_ALL_CALENDARS_JOB, {});
      await drainJobs();
      assert.equal(await syncJobsFor(calendarId), 0);
      assert.deepEqual(await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL }), {
        status: 'refused',
        error: EXPANSION_MESSAGES.eventRepeatsTooOften,
      });
      assert.equal(requests, 0, 'the refused feed is not fetched again');
    });
  }

  it('a 12,000-event feed (about 1.2 MB) is read in full with the event loop free (p99 delay under 100 ms)', async () => {
    const { calendarId } = await providerWithFeed();
    const feed = largeFeed();
    body = feed.text;
    assert.ok(body.length > 1_000_000 && body.length < 2 * 1024 * 1024, `${body.length} bytes`);
    const { outcome, p99Ms, maxMs } = await syncMeasured(calendarId);
    assert.deepEqual(outcome, { status: 'synced', blocks: feed.inWindow });
    assert.ok(p99Ms < 100, `event loop p99 delay ${p99Ms} ms (max ${maxMs} ms)`);
    assert.equal(await busyCount(calendarId), feed.inWindow);
    const row = (await calendarRow(calendarId))!;
    assert.equal(row.last_error, null);
    assert.equal(row.sync_refused_at, null);
  });

  it('a feed that takes longer or more memory to read than its thread is given, or is over 2 MB, is refused the same way', async () => {
    const { calendarId } = await providerWithFeed();
    body = largeFeed().text;
    assert.deepEqual(
      await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL, read: { timeoutMs: 50 } }),
      { status: 'refused', error: READ_MESSAGES.tooComplex },
    );
    assert.ok((await calendarRow(calendarId))!.sync_refused_at);

    const second = await providerWithFeed();
    assert.deepEqual(
      await syncExternalCalendar(ctx().db, second.calendarId, {
        calendarSync: null,
        fetch: LOCAL,
        read: { maxHeapMb: 4 },
      }),
      { status: 'refused', error: READ_MESSAGES.tooComplex },
    );

    const third = await providerWithFeed();
    assert.deepEqual(
      await syncExternalCalendar(ctx().db, third.calendarId, {
        calendarSync: null,
        fetch: { ...LOCAL, maxBytes: 1024 },
      }),
      { status: 'refused', error: FETCH_MESSAGES.tooLarge },
    );
    assert.equal((await calendarRow(third.calendarId))!.last_error, FETCH_MESSAGES.tooLarge);
  });

  it('a feed that cannot be reached is not refused: the half-hourly job keeps trying it', async () => {
    const { calendarId } = await providerWithFeed();
    await ctx()
      .db('external_calendars')
      .where({ id: calendarId })
      .update({ url: `${feedUrl.replace(/:\d+\//, ':1/')}` });
    const outcome = await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL });
    assert.deepEqual(outcome, { status: 'failed', error: FETCH_MESSAGES.unreachable });
    assert.equal((await calendarRow(calendarId))!.sync_refused_at, null);
    await ctx().integrations.jobs.enqueue(ctx().db, SYNC_ALL_CALENDARS_JOB, {});
    await drainJobs();
    assert.equal(await syncJobsFor(calendarId), 1);
  });

  it("Try again clears the refusal and queues a sync, which reads the corrected feed; another provider's feed is not found", async () => {
    const { client, calendarId } = await providerWithFeed();
    body = bomb(false);
    await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL });
    assert.ok((await calendarRow(calendarId))!.sync_refused_at);

    const other = await providerWithFeed();
    await syncExternalCalendar(ctx().db, other.calendarId, { calendarSync: null, fetch: LOCAL });
    const theirs = await postForm(client, PAGE, `${PAGE}/calendars/${other.calendarId}/sync`, {});
    assert.equal(theirs.status, 404);
    assert.ok((await calendarRow(other.calendarId))!.sync_refused_at, 'their feed stays refused');

    const retried = await postForm(client, PAGE, `${PAGE}/calendars/${calendarId}/sync`, {});
    assert.equal(retried.status, 303);
    const page = mainTextOf((await client.get(retried.headers.location!.replace(/#.*$/, '')).expect(200)).text);
    assert.ok(page.includes(FEED_MESSAGES.retrying));
    assert.equal((await calendarRow(calendarId))!.sync_refused_at, null);
    assert.equal(await syncJobsFor(calendarId), 1);

    body = calendarText([
      'BEGIN:VEVENT',
      'UID:fixed',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${stamp(today() + 2 * DAY_MS)}`,
      `DTEND:${stamp(today() + 2 * DAY_MS + 3_600_000)}`,
      'END:VEVENT',
    ]);
    // The job uses the real fetcher, which refuses 127.0.0.1: run its sync as the job would, with the test's fetch options.
    assert.deepEqual(await syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, fetch: LOCAL }), {
      status: 'synced',
      blocks: 1,
    });
    const row = (await calendarRow(calendarId))!;
    assert.equal(row.last_error, null);
    assert.equal(row.sync_refused_at, null);
  });
});
