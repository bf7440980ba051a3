// Microsoft 365 / Outlook calendars (issue [23] item 3): the Graph adapter against its local stand-in,
// which answers as Graph documents (token endpoint, /me/calendars, calendarView with $select and paging,
// 401 InvalidAuthenticationToken, 429 with Retry-After). The link flow through the sample consent, busy
// time by free/busy status, a token refused before its time, a withdrawn consent, throttling, paging,
// unlinking, and Outlook not set up.
import assert from 'node:assert/strict';
import {
  MICROSOFT_LINK_MESSAGES,
  SYNC_CALENDAR_JOB,
  syncExternalCalendar,
} from '../../server/domain/external-calendars';
import {
  createMicrosoftCalendar,
  createMicrosoftCalendarSync,
  type LocalGraph,
  localGraphOf,
  LOCAL_MICROSOFT_CONSENT_PATH,
  MICROSOFT_MESSAGES,
} from '../../server/integrations/calendar-sync';
import { ConfigError } from '../../server/config';
import { ctx, testConfig } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';
import { decryptedLink } from '../support/encrypted';

const PAGE = '/calendar/connections';
const DAY_MS = 24 * 3_600_000;
const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, PAGE, path, values);

async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303);
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

/** Link → the sample consent page → Allow → back to the page with the account linked. */
async function linkAccount(client: Agent) {
  const start = await post(client, `${PAGE}/microsoft/link`);
  assert.equal(start.status, 303);
  assert.ok(start.headers.location!.startsWith(`${LOCAL_MICROSOFT_CONSENT_PATH}?state=`));
  const consent = await client.get(start.headers.location!).expect(200);
  const state = /name="state" value="([^"]+)"/.exec(consent.text)![1]!;
  const code = /name="code" value="([^"]+)"/.exec(consent.text)![1]!;
  return follow(client, await client.get(`${PAGE}/microsoft/callback?${new URLSearchParams({ state, code })}`));
}

const busyRows = (calendarId: number) =>
  ctx().db('availability_events').where({ provider_external_calendar_id: calendarId }).orderBy('start_time');
const calendarRow = (id: number) => ctx().db('external_calendars').where({ id }).first();
const linkRow = async (providerId: number) =>
  decryptedLink(
    ctx().db,
    await ctx().db('calendar_account_links').where({ provider_id: providerId, service: 'microsoft' }).first(),
  );

let graph: LocalGraph;
before(() => {
  graph = localGraphOf(ctx().integrations.microsoftCalendar)!;
  assert.ok(graph, 'outside production, the Microsoft adapter is the local stand-in');
});
beforeEach(() => graph.reset());

/** A provider with the sample account linked and its main calendar chosen (its sync queued, not run). */
async function withOutlookCalendar() {
  const made = await signedIn();
  await linkAccount(made.client);
  const chosen = await post(made.client, `${PAGE}/microsoft/calendars`, {
    microsoft_calendar_id: graph.calendars[0]!.id,
  });
  assert.ok((await follow(made.client, chosen)).includes(MICROSOFT_LINK_MESSAGES.calendarLinked));
  const [calendar] = await ctx().db('external_calendars').where({ provider_id: made.id, kind: 'microsoft' });
  return { ...made, calendarId: Number(calendar.id) };
}

const sync = (calendarId: number) =>
  syncExternalCalendar(ctx().db, calendarId, {
    calendarSync: null,
    microsoftCalendar: ctx().integrations.microsoftCalendar,
  });

describe('calendar-sync: Microsoft 365 / Outlook through the Graph stand-in', () => {
  it('link → choose a calendar → its busy times (busy, away, tentative, all day; not free or cancelled), never a subject', async () => {
    const { client, id } = await signedIn();
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /a stand-in for Microsoft 365/);
    const page = await linkAccount(client);
    assert.ok(page.includes(MICROSOFT_LINK_MESSAGES.accountLinked));
    assert.match(page, /sample\.outlook@example\.com/);
    assert.match(page, /Choose a calendar to link Calendar \(main calendar\) Family/);
    const link = (await linkRow(id))!;
    assert.match(link.access_token ?? '', /^EwB-local-access\./);
    // Stored encrypted: the table holds no token (issue [25] item 3).
    const stored = await ctx()
      .db('calendar_account_links')
      .where({ provider_id: id, service: 'microsoft' })
      .first('access_token', 'refresh_token');
    assert.match(stored!.access_token ?? '', /^v1:/);
    assert.match(stored!.refresh_token ?? '', /^v1:/);
    assert.doesNotMatch(JSON.stringify(stored), /EwB-local-access|M\.C-local-refresh/);
    assert.match(link.refresh_token ?? '', /^M\.C-local-refresh\./);

    const chosen = await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: graph.calendars[0]!.id });
    assert.ok((await follow(client, chosen)).includes(MICROSOFT_LINK_MESSAGES.calendarLinked));
    const [calendar] = await ctx().db('external_calendars').where({ provider_id: id, kind: 'microsoft' });
    assert.equal(calendar.remote_calendar_id, graph.calendars[0]!.id);
    assert.equal(Number(calendar.account_link_id), Number(link.id));
    assert.equal(calendar.name, 'Calendar');
    await drainJobs();

    const rows = await busyRows(Number(calendar.id));
    assert.deepEqual(
      rows.map((r) => r.external_uid),
      ['AAMkAGEvent1=', 'AAMkAGEvent2=', 'AAMkAGEvent3=', 'AAMkAGEvent6='],
      'busy, away (oof) and tentative block; free and cancelled do not; the all-day one does',
    );
    assert.ok(rows.every((r) => r.free === false && r.name === null));
    const event1 = graph.calendars[0]!.events[0]!;
    assert.equal(rows[0].start_time.getTime(), event1.start.getTime());
    assert.equal(rows[0].end_time.getTime(), event1.end.getTime());
    // The all-day event is midnight to midnight in the provider's zone (New York), not in UTC.
    const allDay = rows[3];
    const newYorkHour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(
        allDay.start_time,
      ),
    );
    assert.equal(newYorkHour, 0);
    assert.equal(allDay.end_time.getTime() - allDay.start_time.getTime(), DAY_MS);

    const views = graph.requests.filter((r) => r.url.includes('/calendarView'));
    assert.ok(views.length >= 1);
    for (const request of views) {
      const select = new URL(request.url, 'http://graph.test').searchParams.get('$select') ?? '';
      assert.deepEqual(select.split(',').sort(), ['end', 'isAllDay', 'isCancelled', 'showAs', 'start']);
    }
    const json = await client.get(PAGE).set('Accept', 'application/json').expect(200);
    assert.deepEqual(json.body.microsoftAccount, { setUp: true, linked: true, email: 'sample.outlook@example.com' });
    assert.deepEqual(
      json.body.potentialMicrosoftCalendars.map((c: { id: string }) => c.id),
      [graph.calendars[1]!.id],
    );
    const everything = JSON.stringify(json.body) + (await client.get(PAGE)).text;
    assert.doesNotMatch(everything, /EwB-local-access|M\.C-local-refresh/, 'tokens never leave the server');
    assert.doesNotMatch(everything, /Supervision with Dr\. Lee|Dentist/, 'no subject is ever shown');
  });

  it('a calendar id the account does not list, or one already linked, is refused beside the field (422)', async () => {
    const { client, id } = await withOutlookCalendar();
    const unknown = await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: 'AAMkAGSomeoneElse=' });
    assert.equal(unknown.status, 422);
    assert.ok(mainTextOf(unknown.text).includes(MICROSOFT_LINK_MESSAGES.chooseCalendar));
    const again = await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: graph.calendars[0]!.id });
    assert.equal(again.status, 422);
    assert.ok(mainTextOf(again.text).includes(MICROSOFT_LINK_MESSAGES.alreadyLinked));
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 1);
  });

  it('a token Graph refuses before its time (401 InvalidAuthenticationToken) is refreshed once, and the new refresh token is kept', async () => {
    const { id, calendarId } = await withOutlookCalendar();
    const before = (await linkRow(id))!;
    graph.expireAccessTokens();
    const outcome = await sync(calendarId);
    assert.deepEqual(outcome, { status: 'synced', blocks: 4 });
    const after = (await linkRow(id))!;
    assert.notEqual(after.access_token, before.access_token);
    assert.notEqual(
      after.refresh_token,
      before.refresh_token,
      'Microsoft rotates refresh tokens: the new one is stored',
    );
    const unauthorized = graph.requests.filter((r) => r.url.includes('/calendarView'));
    assert.equal(unauthorized.length, 2, 'asked once with the refused token, once with the new one');
  });

  it('a withdrawn consent (invalid_grant) is the calendar last error; its last busy times stay', async () => {
    const { calendarId } = await withOutlookCalendar();
    await sync(calendarId);
    graph.revokeConsent();
    await ctx()
      .db('calendar_account_links')
      .update({ access_token_expires_at: new Date(Date.now() - 1000) });
    assert.deepEqual(await sync(calendarId), { status: 'failed', error: MICROSOFT_MESSAGES.accessLost });
    assert.equal((await calendarRow(calendarId))!.last_error, MICROSOFT_MESSAGES.accessLost);
    assert.equal((await busyRows(calendarId)).length, 4);
  });

  it('429 with Retry-After: the sync job tries again as late as Graph asked, not at once', async () => {
    const { calendarId } = await withOutlookCalendar();
    await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB }).delete();
    graph.throttle(1, 120);
    await ctx().integrations.jobs.enqueue(ctx().db, SYNC_CALENDAR_JOB, { calendarId });
    const started = Date.now();
    await drainJobs();
    assert.equal((await calendarRow(calendarId))!.last_error, MICROSOFT_MESSAGES.unavailable);
    const waiting = await ctx().db('pgboss.job').where({ name: SYNC_CALENDAR_JOB, state: 'created' });
    assert.equal(waiting.length, 1, 'one sync waits');
    const delay = (new Date(waiting[0].start_after).getTime() - started) / 1000;
    assert.ok(delay > 100 && delay < 140, `it starts after about 120 s (${delay})`);
    assert.equal((await busyRows(calendarId)).length, 0);
  });

  it('calendarView is read page by page (@odata.nextLink)', async () => {
    const { calendarId } = await withOutlookCalendar();
    const base = Date.now() + 2 * DAY_MS;
    graph.calendars[0]!.events.push(
      ...Array.from({ length: 620 }, (_, i) => ({
        id: `AAMkAGMany${i}=`,
        subject: 'Many',
        showAs: 'busy' as const,
        isCancelled: false,
        isAllDay: false,
        start: new Date(base + i * 3_600_000),
        end: new Date(base + i * 3_600_000 + 30 * 60_000),
      })),
    );
    const outcome = await sync(calendarId);
    assert.deepEqual(outcome, { status: 'synced', blocks: 624 });
    assert.equal(graph.requests.filter((r) => r.url.includes('/calendarView')).length, 2);
  });

  it('unlinking a calendar or the account removes its busy times; the account takes every calendar with it', async () => {
    const { client, id, calendarId } = await withOutlookCalendar();
    await drainJobs();
    assert.equal((await busyRows(calendarId)).length, 4);
    const unlinked = await post(client, `${PAGE}/calendars/${calendarId}/delete`);
    assert.ok((await follow(client, unlinked)).includes(MICROSOFT_LINK_MESSAGES.calendarUnlinked));
    assert.equal((await busyRows(calendarId)).length, 0);

    await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: graph.calendars[1]!.id });
    await drainJobs();
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 1);
    const gone = await post(client, `${PAGE}/microsoft/unlink`);
    assert.ok((await follow(client, gone)).includes(MICROSOFT_LINK_MESSAGES.accountUnlinked));
    assert.equal(await linkRow(id), undefined);
    assert.equal((await ctx().db('external_calendars').where({ provider_id: id })).length, 0);
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 0);
  });

  it('the OAuth state ties the callback to this session: a forged or replayed state links nothing', async () => {
    const { client, id } = await signedIn();
    const start = await post(client, `${PAGE}/microsoft/link`);
    const state = new URL(start.headers.location!, 'http://portal.test').searchParams.get('state')!;
    const forged = await client.get(`${PAGE}/microsoft/callback?state=${state}x&code=sample-microsoft-consent-granted`);
    assert.ok((await follow(client, forged)).includes(MICROSOFT_LINK_MESSAGES.refused));
    const replayed = await client.get(
      `${PAGE}/microsoft/callback?state=${state}&code=sample-microsoft-consent-granted`,
    );
    assert.ok((await follow(client, replayed)).includes(MICROSOFT_LINK_MESSAGES.refused));
    assert.equal(await linkRow(id), undefined);
  });

  it('settings: MICROSOFT_CLIENT_ID and _SECRET go together; in production without them Outlook is not set up', () => {
    assert.equal(createMicrosoftCalendar({ env: 'production', microsoft: null }), null);
    assert.equal(createMicrosoftCalendar({ env: 'development', microsoft: null })?.kind, 'local');
    const settings = { MICROSOFT_CLIENT_ID: '00000000-0000-0000-0000-00000000abcd', MICROSOFT_CLIENT_SECRET: 's3cret' };
    assert.deepEqual(testConfig(settings).microsoft, {
      clientId: settings.MICROSOFT_CLIENT_ID,
      clientSecret: 's3cret',
      tenant: 'common',
    });
    assert.equal(
      testConfig({ ...settings, MICROSOFT_TENANT: 'contoso.onmicrosoft.com' }).microsoft?.tenant,
      'contoso.onmicrosoft.com',
    );
    assert.throws(() => testConfig({ MICROSOFT_CLIENT_ID: settings.MICROSOFT_CLIENT_ID }), ConfigError);
    const real = createMicrosoftCalendarSync({ clientId: 'app-id', clientSecret: 's', tenant: 'organizations' });
    const consent = new URL(real.authorizationUrl({ state: 'st', redirectUri: 'https://portal.example.com/cb' }));
    assert.equal(
      consent.origin + consent.pathname,
      'https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize',
    );
    assert.equal(consent.searchParams.get('scope'), 'openid email offline_access Calendars.ReadBasic');
    assert.equal(consent.searchParams.get('redirect_uri'), 'https://portal.example.com/cb');
    assert.equal(consent.searchParams.get('state'), 'st');
  });
});
