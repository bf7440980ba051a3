// CalDAV calendars (iCloud, Fastmail, Nextcloud; issue [23] item 3): the CalDAV client against the local
// CalDAV stand-in server, over HTTP. Connecting with an app password (discovery through the principal,
// or /.well-known/caldav), the form's refusals, choosing calendars (event calendars only), busy time from
// a calendar-query that asks for time and status only (series expanded, free and cancelled left out),
// a password changed on the server, a server asking to wait, disconnecting.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CALDAV_LINK_MESSAGES,
  connectCaldavAccount,
  SYNC_CALENDAR_JOB,
  syncExternalCalendar,
} from '../../server/domain/external-calendars';
import { CALDAV_MESSAGES, type LocalCaldav } from '../../server/integrations/calendar-sync';
import { ValidationError } from '../../server/lib/errors';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';
import { decryptedLink } from '../support/encrypted';

const PAGE = '/calendar/connections';
const DAY_MS = 24 * 3_600_000;
const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, PAGE, path, values);

async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303, `a redirect, not ${response.status}`);
  return mainTextOf((await client.get(response.headers.location!.replace(/#.*$/, '')).expect(200)).text);
}

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const id = user.providerIds[0]!;
  await ctx()
    .db('providers')
    .where({ id })
    .update({ has_calendar: true, calendar_open: true, timezone: 'America/New_York' });
  const client = agent();
  await signIn(client, user.email);
  return { client, id };
}

let server: LocalCaldav;
let serverUrl: string;
before(async () => {
  server = ctx().integrations.caldav.standIn!;
  assert.ok(server, 'outside production, a CalDAV stand-in runs');
  serverUrl = await server.url();
});
beforeEach(() => server.reset());

const linkRow = async (providerId: number) =>
  decryptedLink(
    ctx().db,
    await ctx().db('calendar_account_links').where({ provider_id: providerId, service: 'caldav' }).first(),
  );
const busyRows = (calendarId: number) =>
  ctx().db('availability_events').where({ provider_external_calendar_id: calendarId }).orderBy('start_time');
const calendarRow = (id: number) => ctx().db('external_calendars').where({ id }).first();
const connect = (client: Agent, values: FormValues = {}) =>
  post(client, `${PAGE}/caldav`, {
    server_url: serverUrl,
    username: server.username,
    password: server.password,
    ...values,
  });

/** A provider with the sample account connected and its Home calendar linked (the sync queued, not run). */
async function withHomeCalendar() {
  const made = await signedIn();
  assert.ok((await follow(made.client, await connect(made.client))).includes(CALDAV_LINK_MESSAGES.connected));
  const home = `${serverUrl}calendars/${server.username}/home/`;
  const linked = await post(made.client, `${PAGE}/caldav/calendars`, { caldav_calendar_id: home });
  assert.ok((await follow(made.client, linked)).includes(CALDAV_LINK_MESSAGES.calendarLinked));
  const [calendar] = await ctx().db('external_calendars').where({ provider_id: made.id, kind: 'caldav' });
  return { ...made, calendarId: Number(calendar.id), home };
}

const sync = (calendarId: number) =>
  syncExternalCalendar(ctx().db, calendarId, { calendarSync: null, caldav: ctx().integrations.caldav });

describe('calendar-sync: CalDAV through the local CalDAV server', () => {
  it('connects with an app password (found through the principal), lists event calendars only, and keeps the password out of every page', async () => {
    const { client, id } = await signedIn();
    const blank = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.ok(blank.includes(`a sample CalDAV server stands in: address ${serverUrl}`));
    const page = await follow(client, await connect(client));
    assert.ok(page.includes(CALDAV_LINK_MESSAGES.connected));
    assert.match(page, new RegExp(`User name ${server.username.replace(/\./g, '\\.')} Server 127\\.0\\.0\\.1:\\d+`));
    assert.match(page, /Choose a calendar to link Home Work Link this calendar/);
    assert.doesNotMatch(page, /Reminders/, 'the reminders list (tasks only) is not offered');
    const link = (await linkRow(id))!;
    assert.equal(link.server_url, `${serverUrl}calendars/${server.username}/`);
    assert.equal(link.account_name, server.username);
    assert.equal(link.password, server.password);
    // Stored encrypted: the table holds no app password (issue [25] item 3).
    const stored = await ctx().db('calendar_account_links').where({ provider_id: id }).first('password');
    assert.match(stored!.password ?? '', /^v1:/);
    assert.ok(!stored!.password!.includes(server.password));
    const json = await client.get(PAGE).set('Accept', 'application/json').expect(200);
    assert.deepEqual(
      json.body.potentialCaldavCalendars.map((c: { name: string }) => c.name),
      ['Home', 'Work'],
    );
    const html = (await client.get(PAGE)).text;
    assert.ok(!(JSON.stringify(json.body) + html.replace(blank, '')).includes(`app password ${server.password}`));
    assert.ok(!JSON.stringify(json.body).includes(server.password), 'the password never leaves the server');
  });

  it('an address where nothing answers as CalDAV is tried again at /.well-known/caldav', async () => {
    const { client, id } = await signedIn();
    const page = await follow(client, await connect(client, { server_url: `${serverUrl}not-here/` }));
    assert.ok(page.includes(CALDAV_LINK_MESSAGES.connected));
    assert.ok(server.requests.some((r) => r.path === '/.well-known/caldav'));
    assert.ok(await linkRow(id));
  });

  it('refuses a wrong app password, a missing or insecure or private address and missing fields, beside each field (422), storing nothing', async () => {
    const { client, id } = await signedIn();
    const refused = await connect(client, { password: 'wrong-password' });
    assert.equal(refused.status, 422);
    assert.ok(mainTextOf(refused.text).includes(CALDAV_LINK_MESSAGES.refused));
    assert.match(
      refused.text,
      /name="username"[^>]*value="sample\.provider@icloud\.example\.com"|value="sample\.provider@icloud\.example\.com"[^>]*name="username"/,
    );
    assert.doesNotMatch(refused.text, /wrong-password/, 'the password typed is not sent back');
    const cases: [FormValues, string][] = [
      [{ server_url: '' }, CALDAV_LINK_MESSAGES.serverRequired],
      [{ server_url: 'http://caldav.example.com' }, CALDAV_LINK_MESSAGES.serverNotHttps],
      [{ server_url: 'https://10.0.0.5/dav' }, CALDAV_LINK_MESSAGES.serverPrivate],
      [{ server_url: 'https://nas.local/dav' }, CALDAV_LINK_MESSAGES.serverPrivate],
      [{ username: '' }, CALDAV_LINK_MESSAGES.usernameRequired],
      [{ password: '' }, CALDAV_LINK_MESSAGES.passwordRequired],
    ];
    for (const [values, message] of cases) {
      const response = await connect(client, values);
      assert.equal(response.status, 422, JSON.stringify(values));
      assert.ok(mainTextOf(response.text).includes(message), message);
    }
    assert.equal(await linkRow(id), undefined);
  });

  it('a server that does not speak CalDAV is told apart from a refused password', async () => {
    const { id } = await signedIn();
    const web = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hi</p>'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    try {
      await assert.rejects(
        connectCaldavAccount(ctx().db, { caldav: ctx().integrations.caldav, fetch: { allowOrigins: [origin] } }, id, {
          server_url: `${origin}/`,
          username: 'someone',
          password: 'pw',
        }),
        (error: unknown) =>
          error instanceof ValidationError && error.fields.server_url === CALDAV_LINK_MESSAGES.notFound,
      );
    } finally {
      web.close();
    }
    assert.equal(await linkRow(id), undefined);
  });

  it('a linked calendar becomes busy time: timed, repeating (expanded) and all-day events; free, cancelled and long-past ones not; titles never asked for', async () => {
    const { calendarId } = await withHomeCalendar();
    await drainJobs();
    const rows = await busyRows(calendarId);
    assert.deepEqual(
      rows.map((r) => r.external_uid!.replace(/\/.*$/, '/…')),
      ['caldav-busy-1', 'caldav-weekly/…', 'caldav-all-day', 'caldav-weekly/…', 'caldav-weekly/…'],
    );
    assert.ok(rows.every((r) => r.free === false && r.name === null));
    const reports = server.requests.filter((r) => r.method === 'REPORT');
    assert.equal(reports.length, 1);
    assert.doesNotMatch(reports[0]!.body, /SUMMARY|LOCATION|DESCRIPTION/);
    assert.match(reports[0]!.body, /<c:prop name="DTSTART"\/>/);
    const range = /start="(\d{8}T\d{6}Z)" end="(\d{8}T\d{6}Z)"/.exec(reports[0]!.body)!;
    const asDate = (s: string) => new Date(s.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    assert.ok(Math.abs(asDate(range[1]!).getTime() - (Date.now() - DAY_MS)) < 60_000, 'from a day ago');
    assert.ok(Math.abs(asDate(range[2]!).getTime() - (Date.now() + 90 * DAY_MS)) < 60_000, 'to 90 days ahead');
    const calendar = (await calendarRow(calendarId))!;
    assert.equal(calendar.name, 'Home');
    assert.ok(calendar.last_synced_at && calendar.last_error === null);
  });

  it('a calendar id the account does not list is refused (422); one already linked too', async () => {
    const { client, home, id } = await withHomeCalendar();
    const foreign = await post(client, `${PAGE}/caldav/calendars`, {
      caldav_calendar_id: `${serverUrl}calendars/other/home/`,
    });
    assert.equal(foreign.status, 422);
    assert.ok(mainTextOf(foreign.text).includes(CALDAV_LINK_MESSAGES.chooseCalendar));
    const again = await post(client, `${PAGE}/caldav/calendars`, { caldav_calendar_id: home });
    assert.equal(again.status, 422);
    assert.ok(mainTextOf(again.text).includes(CALDAV_LINK_MESSAGES.alreadyLinked));
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 1);
  });

  it('a password changed on the server is the calendar last error; a new app password brings it back, with its calendars kept', async () => {
    const { client, id, calendarId } = await withHomeCalendar();
    await drainJobs();
    server.changePassword('new-app-password');
    assert.deepEqual(await sync(calendarId), { status: 'failed', error: CALDAV_MESSAGES.accessLost });
    assert.equal((await busyRows(calendarId)).length, 5, 'the last good busy times stay');
    const page = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.ok(page.includes(`Not synced ${CALDAV_MESSAGES.accessLost}`));

    const saved = await connect(client, { password: 'new-app-password' });
    assert.ok((await follow(client, saved)).includes(CALDAV_LINK_MESSAGES.connected));
    assert.equal((await linkRow(id))!.password, 'new-app-password');
    assert.deepEqual(await sync(calendarId), { status: 'synced', blocks: 5 });
  });

  it('503 with Retry-After: the sync tries again as late as the server asked', async () => {
    const { calendarId } = await withHomeCalendar();
    await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB }).delete();
    server.unavailable(1, 300);
    await ctx().integrations.jobs.enqueue(ctx().db, SYNC_CALENDAR_JOB, { calendarId });
    const started = Date.now();
    await drainJobs();
    assert.equal((await calendarRow(calendarId))!.last_error, CALDAV_MESSAGES.unavailable);
    const [waiting] = await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB, state: 'created' });
    const delay = (new Date(waiting.start_after).getTime() - started) / 1000;
    assert.ok(delay > 280 && delay < 320, `about 300 s (${delay})`);
  });

  it('disconnecting removes the account, its calendars and their busy times', async () => {
    const { client, id, calendarId } = await withHomeCalendar();
    await drainJobs();
    const gone = await post(client, `${PAGE}/caldav/unlink`);
    assert.ok((await follow(client, gone)).includes(CALDAV_LINK_MESSAGES.accountUnlinked));
    assert.equal(await linkRow(id), undefined);
    assert.equal(await calendarRow(calendarId), undefined);
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 0);
  });
});
