// Write-back (issue [23] item 3): a provider chooses one linked calendar (off by default); a booking is
// written to it by a job with the client's initials and a link back only, a reschedule moves that event,
// a cancel deletes it; the same consultation is never written twice. Against each stand-in: Google's
// sample account (its second consent, for writing), the Graph stand-in, the CalDAV server.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { Temporal } from 'temporal-polyfill';
import { createToken } from '../../server/api';
import { CALENDAR_WRITE_BACK_JOB } from '../../server/domain/appointments';
import { createAvailability } from '../../server/domain/calendar';
import { WRITE_BACK_MESSAGES } from '../../server/domain/external-calendars';
import {
  GOOGLE_WRITE_SCOPE,
  LOCAL_CONSENT_CODE,
  LOCAL_CONSENT_PATH,
  type LocalCaldav,
  type LocalGoogle,
  type LocalGraph,
  localGoogleOf,
  localGraphOf,
  LOCAL_MICROSOFT_CONSENT_PATH,
} from '../../server/integrations/calendar-sync';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { drainJobs } from '../support/jobs';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';

const PAGE = '/calendar/connections';
const ZONE = 'America/New_York';
const CLIENT = {
  email: 'casey.clientson@example.test',
  first_name: 'Casey',
  last_name: 'Clientson',
  phone_number: '(212) 555-0142',
};
/**
 * What the client gave that must never reach the provider's calendar. The phone in any writing (555-0142,
 * 5550142), but not any 555: an event's UID names the portal's host and port, which may hold it.
 */
const MARKERS = [/Casey/i, /Clientson/i, /555\D?0142/, /casey\.clientson/i, /Aetna|Panic/];

const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, PAGE, path, values);
const db = () => ctx().db;

/** An instant `days` from today at a wall-clock time in the provider's zone. */
function at(days: number, time: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const day = Temporal.Now.plainDateISO(ZONE).add({ days });
  return new Date(day.toPlainDateTime({ hour, minute }).toZonedDateTime(ZONE).epochMilliseconds);
}
const dayOf = (days: number) => Temporal.Now.plainDateISO(ZONE).add({ days }).toString();

let google: LocalGoogle;
let graph: LocalGraph;
let caldav: LocalCaldav;
before(() => {
  google = localGoogleOf(ctx().integrations.calendarSync)!;
  graph = localGraphOf(ctx().integrations.microsoftCalendar)!;
  caldav = ctx().integrations.caldav.standIn!;
});
beforeEach(() => {
  google.reset();
  graph.reset();
  caldav.reset();
});

/** A signed-in provider whose calendar takes bookings on day 3 and 4, 9:00 to 17:00. */
async function bookableProvider() {
  const user = await createProviderUser(db(), { paid: true });
  const providerId = user.providerIds[0]!;
  await db()('providers').where({ id: providerId }).update({ has_calendar: true, calendar_open: true, timezone: ZONE });
  await db()('locations').insert({
    provider_id: providerId,
    state: 'NY',
    remote_location: true,
    accepting_patients: 40,
  });
  for (const day of [3, 4])
    await createAvailability(db(), providerId, {
      start: at(day, '09:00'),
      end: at(day, '17:00'),
      free: true,
      name: null,
      rrule: null,
      timeZone: ZONE,
    });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId };
}

async function book(providerId: number, start: Date): Promise<number> {
  const { token } = await createToken(db(), `Directory ${randomUUID()}`);
  const answer = await supertest(ctx().app)
    .post(`/api/v1/providers/${providerId}/consultations`)
    .set('Authorization', `Bearer ${token}`)
    .set('Idempotency-Key', randomUUID())
    .send({
      start_time: start.toISOString().replace(/\.000Z$/, 'Z'),
      client: CLIENT,
      intake_form: { insurance: 'Aetna', reason: 'Panic attacks at work' },
    })
    .expect(201);
  return Number(answer.body.consultation.id);
}

/** Follows an OAuth round trip through a sample consent page: its form's code, back to the callback. */
async function consent(client: Agent, location: string, path: string, code?: string) {
  assert.ok(location.startsWith(`${path}?`), location);
  const page = await client.get(location).expect(200);
  const state = /name="state" value="([^"]+)"/.exec(page.text)![1]!;
  const given = code ?? /name="code" value="([^"]+)"/.exec(page.text)![1]!;
  const callback = path.replace(/sample-consent$/, 'callback');
  return { page: page.text, back: await client.get(`${callback}?${new URLSearchParams({ state, code: given })}`) };
}

async function followText(client: Agent, response: { status: number; headers: Record<string, string> }) {
  assert.equal(response.status, 303);
  return mainTextOf((await client.get(response.headers.location!.replace(/#.*$/, '')).expect(200)).text);
}

const record = (appointmentId: number) => db()('calendar_write_backs').where({ appointment_id: appointmentId }).first();
const reschedule = (client: Agent, id: number, day: number, time: string) =>
  postForm(client, '/calendar/appointments', `/calendar/appointments/${id}/reschedule`, {
    date: dayOf(day),
    start_time: time,
  });
const cancel = (client: Agent, id: number) =>
  postForm(client, '/calendar/appointments', `/calendar/appointments/${id}/cancellation`, { confirmed: '1' });

describe('calendar write-back', () => {
  it('is off by default: a booking writes nothing anywhere', async () => {
    const { client, providerId } = await bookableProvider();
    const linked = await post(client, `${PAGE}/google/link`);
    await consent(client, linked.headers.location!, LOCAL_CONSENT_PATH);
    await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' });
    const id = await book(providerId, at(3, '10:00'));
    await drainJobs();
    assert.equal(await record(id), undefined);
    assert.equal(google.written.size, 0);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Add consultations to No calendar/);
  });

  it('Google: writing is asked for with a second consent; a booking is written with initials and a link, moved by a reschedule, deleted by a cancel, never twice', async () => {
    const { client, providerId } = await bookableProvider();
    const linked = await post(client, `${PAGE}/google/link`);
    await consent(client, linked.headers.location!, LOCAL_CONSENT_PATH);
    await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' });
    await drainJobs();
    const [calendar] = await db()('external_calendars').where({ provider_id: providerId, kind: 'google' });

    const chosen = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: String(calendar.id) });
    assert.equal(chosen.status, 303);
    assert.match(chosen.headers.location!, /write=1/, 'the consent asks to write too');
    const { page, back } = await consent(client, chosen.headers.location!, LOCAL_CONSENT_PATH);
    assert.match(mainTextOf(page), /add, change and delete the events it makes/);
    assert.ok((await followText(client, back)).includes(WRITE_BACK_MESSAGES.on));
    assert.equal((await db()('external_calendars').where({ id: calendar.id }).first())!.write_back, true);
    const link = (await db()('google_account_links').where({ provider_id: providerId }).first())!;
    assert.ok(link.scopes!.split(' ').includes(GOOGLE_WRITE_SCOPE));

    const id = await book(providerId, at(3, '10:00'));
    await drainJobs();
    const written = google.written.get('sample-work')!;
    assert.equal(written.size, 1);
    const [[eventId, event]] = [...written.entries()];
    assert.equal(event.title, 'Phone consultation with C.C.');
    const pageUrl = `${ctx().config.portalUrl}/calendar/appointments/${id}`;
    assert.equal(event.url, pageUrl);
    assert.ok(event.description.includes(pageUrl));
    for (const marker of MARKERS)
      assert.doesNotMatch(`${event.title}\n${event.description.replace(pageUrl, '')}`, marker);
    assert.equal(event.start.getTime(), at(3, '10:00').getTime());
    assert.equal((await record(id))!.remote_event_id, eventId);

    // The same consultation written again (a retried or repeated job) is still one event.
    await ctx().integrations.jobs.enqueue(db(), CALENDAR_WRITE_BACK_JOB, { appointmentId: id, providerId });
    await drainJobs();
    assert.equal(written.size, 1);

    assert.equal((await reschedule(client, id, 4, '2:00pm')).status, 303);
    await drainJobs();
    assert.equal(written.size, 1);
    assert.equal(written.get(eventId)!.start.getTime(), at(4, '14:00').getTime(), 'the same event, moved');
    assert.equal((await record(id))!.written_start.getTime(), at(4, '14:00').getTime());

    assert.equal((await cancel(client, id)).status, 303);
    await drainJobs();
    assert.equal(written.size, 0, 'deleted with the cancel');
    assert.equal(await record(id), undefined);
  });

  it('Google: a consent that leaves writing out turns nothing on', async () => {
    const { client, providerId } = await bookableProvider();
    const linked = await post(client, `${PAGE}/google/link`);
    await consent(client, linked.headers.location!, LOCAL_CONSENT_PATH);
    await post(client, `${PAGE}/google/calendars`, { google_calendar_id: 'sample-work' });
    const [calendar] = await db()('external_calendars').where({ provider_id: providerId, kind: 'google' });
    const chosen = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: String(calendar.id) });
    const { back } = await consent(client, chosen.headers.location!, LOCAL_CONSENT_PATH, LOCAL_CONSENT_CODE);
    assert.ok((await followText(client, back)).includes(WRITE_BACK_MESSAGES.refused));
    assert.equal((await db()('external_calendars').where({ id: calendar.id }).first())!.write_back, false);
  });

  it('Outlook: written through Graph after the write consent, deleted by the client’s cancel through the API', async () => {
    const { client, providerId } = await bookableProvider();
    const linked = await post(client, `${PAGE}/microsoft/link`);
    await consent(client, linked.headers.location!, LOCAL_MICROSOFT_CONSENT_PATH);
    await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: graph.calendars[1]!.id });
    const [calendar] = await db()('external_calendars').where({ provider_id: providerId, kind: 'microsoft' });
    const chosen = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: String(calendar.id) });
    const { back } = await consent(client, chosen.headers.location!, LOCAL_MICROSOFT_CONSENT_PATH);
    assert.ok((await followText(client, back)).includes(WRITE_BACK_MESSAGES.on));

    const id = await book(providerId, at(3, '11:00'));
    await drainJobs();
    const family = graph.calendars[1]!;
    const ours = family.events.filter((e) => e.subject.startsWith('Phone consultation'));
    assert.equal(ours.length, 1);
    assert.equal(ours[0]!.subject, 'Phone consultation with C.C.');
    assert.equal(ours[0]!.start.getTime(), at(3, '11:00').getTime());
    for (const marker of MARKERS)
      assert.doesNotMatch(`${ours[0]!.subject}\n${ours[0]!.body}`.replace(/https?:\S+/g, ''), marker);
    assert.equal((await record(id))!.remote_event_id, ours[0]!.id);

    const { token } = await createToken(db(), `Directory ${randomUUID()}`);
    await supertest(ctx().app)
      .post(`/api/v1/consultations/${id}/cancel`)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', randomUUID())
      .send({ client_email: CLIENT.email })
      .expect(200);
    await drainJobs();
    assert.equal(family.events.filter((e) => e.subject.startsWith('Phone consultation')).length, 0);
    assert.equal(await record(id), undefined);
  });

  it('Outlook: a write Graph refuses (consent withdrawn) is shown beside the choice and not retried', async () => {
    const { client, providerId } = await bookableProvider();
    const linked = await post(client, `${PAGE}/microsoft/link`);
    await consent(client, linked.headers.location!, LOCAL_MICROSOFT_CONSENT_PATH);
    await post(client, `${PAGE}/microsoft/calendars`, { microsoft_calendar_id: graph.calendars[0]!.id });
    const [calendar] = await db()('external_calendars').where({ provider_id: providerId, kind: 'microsoft' });
    const chosen = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: String(calendar.id) });
    await consent(client, chosen.headers.location!, LOCAL_MICROSOFT_CONSENT_PATH);
    graph.revokeConsent();
    await db()('calendar_account_links')
      .where({ provider_id: providerId })
      .update({ access_token_expires_at: new Date(0) });
    const id = await book(providerId, at(3, '12:00'));
    await drainJobs();
    assert.equal(await record(id), undefined);
    const row = (await db()('external_calendars').where({ id: calendar.id }).first())!;
    assert.ok(row.write_back_error);
    assert.ok(mainTextOf((await client.get(PAGE)).text).includes(row.write_back_error!));
  });

  it('CalDAV: no second consent; the booking is one calendar object with initials, replaced by a reschedule and deleted by a cancel', async () => {
    const { client, providerId } = await bookableProvider();
    const serverUrl = await caldav.url();
    await post(client, `${PAGE}/caldav`, {
      server_url: serverUrl,
      username: caldav.username,
      password: caldav.password,
    });
    const home = `${serverUrl}calendars/${caldav.username}/home/`;
    await post(client, `${PAGE}/caldav/calendars`, { caldav_calendar_id: home });
    const [calendar] = await db()('external_calendars').where({ provider_id: providerId, kind: 'caldav' });
    const chosen = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: String(calendar.id) });
    assert.ok((await followText(client, chosen)).includes(WRITE_BACK_MESSAGES.on));

    const id = await book(providerId, at(3, '13:00'));
    await drainJobs();
    const objects = caldav.calendars[0]!.objects;
    const ours = [...objects.entries()].filter(([file]) => file.startsWith('consultation-'));
    assert.equal(ours.length, 1);
    const [file, text] = ours[0]!;
    const unfolded = text.replace(/\r?\n[ \t]/g, '');
    assert.match(unfolded, /SUMMARY:Phone consultation with C\.C\./);
    assert.match(unfolded, new RegExp(`UID:consultation-${id}@`));
    for (const marker of MARKERS) assert.doesNotMatch(unfolded.replace(/https?:\S+/g, ''), marker);
    assert.equal(decodeURIComponent((await record(id))!.remote_event_id), `${home}${file}`);

    assert.equal((await reschedule(client, id, 4, '3:00pm')).status, 303);
    await drainJobs();
    assert.equal([...objects.keys()].filter((f) => f.startsWith('consultation-')).length, 1);
    assert.match(
      objects.get(file)!,
      new RegExp(
        `DTSTART:${at(4, '15:00')
          .toISOString()
          .replace(/[-:]|\.\d{3}/g, '')}`,
      ),
    );

    assert.equal((await cancel(client, id)).status, 303);
    await drainJobs();
    assert.equal(objects.has(file), false);
  });

  it('a feed, another provider’s calendar or nonsense cannot be chosen (422); "No calendar" turns it off', async () => {
    const { client, providerId } = await bookableProvider();
    const [feed] = await db()('external_calendars')
      .insert({ provider_id: providerId, kind: 'ics', name: 'Feed', url: 'https://calendar.example.test/a.ics' })
      .returning('id');
    const other = await createProviderUser(db());
    const [theirs] = await db()('external_calendars')
      .insert({ provider_id: other.providerIds[0]!, kind: 'google', name: 'Theirs', google_calendar_id: 'x' })
      .returning('id');
    for (const [value, message] of [
      [String(feed.id), WRITE_BACK_MESSAGES.notWritable],
      [String(theirs.id), WRITE_BACK_MESSAGES.choose],
      ['abc', WRITE_BACK_MESSAGES.choose],
    ] as const) {
      const response = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: value });
      assert.equal(response.status, 422, value);
      assert.ok(mainTextOf(response.text).includes(message), value);
    }
    const off = await post(client, `${PAGE}/write-back`, { write_back_calendar_id: 'none' });
    assert.ok((await followText(client, off)).includes(WRITE_BACK_MESSAGES.off));
    assert.equal((await db()('external_calendars').where({ write_back: true, provider_id: providerId })).length, 0);
  });
});
