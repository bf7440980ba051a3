// /calendar (spec 3 §2 Calendar page, §4 Calendar, §5 Calendar availability, §8 flashes; spec 2 §2 the
// appointment opened by ?id=): the page and its notes, the status and timezone, the availability
// editor with JavaScript off (its messages, edits of one instance or all, restore, deletes and their
// questions), the grid's week as JSON, and ids of another provider. One describe per rule.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, textOf, type Agent, type FormValues } from '../support/http';
import { addDays, CALENDAR_MESSAGES as M, dateKeyOf, weekOf } from '../../server/domain/calendar';
import { appointment as addAppointment, clientUser } from './dashboard-helpers';

const PAGE = '/calendar';
const NEW = '/calendar/availability/new';
const ZONE = 'America/New_York';
const UPDATED = 'Your calendar has been updated.';
const SCHEDULE_UPDATED = 'Your call schedule has been updated.';

interface Made {
  client: Agent;
  providerId: number;
}

/** A signed-in provider with a calendar (open unless told), and a location accepting new clients unless told. */
async function withCalendar(
  options: { open?: boolean; accepting?: boolean; hasCalendar?: boolean } = {},
): Promise<Made> {
  const user = await createProviderUser(ctx().db);
  const providerId = user.providerIds[0]!;
  await ctx()
    .db('providers')
    .where({ id: providerId })
    .update({ has_calendar: options.hasCalendar ?? true, calendar_open: options.open ?? true });
  await ctx()
    .db('locations')
    .insert({
      provider_id: providerId,
      state: 'NY',
      remote_location: true,
      accepting_patients: options.accepting === false ? 0 : 40,
    });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId };
}

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);
const providerRow = (id: number) => ctx().db('providers').where({ id }).first('timezone', 'calendar_open');
const eventsOf = (providerId: number) =>
  ctx().db('availability_events').where({ provider_id: providerId }).orderBy('id');

/** A day this many days from today in the calendar's zone. */
const dayAhead = (days: number) => addDays(dateKeyOf(new Date(), ZONE), days);
const weekStartOf = (day: string) => weekOf(day, ZONE).start;

/** Follows a 303 and returns the text of the page it leads to (where the flash shows). */
async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303, `expected a redirect, got ${response.status}`);
  return textOf((await client.get(response.headers.location!).expect(200)).text);
}

const block = (extra: FormValues = {}): FormValues => ({
  date: dayAhead(10),
  start_time: '9:00am',
  end_time: '10:00am',
  free: 'free',
  recurrence: 'none',
  ...extra,
});

/** Adds a block through the form; answers its row. */
async function addBlock(made: Made, extra: FormValues = {}) {
  const response = await post(made.client, '/calendar/availability', block(extra));
  assert.equal(response.status, 303);
  const rows = await eventsOf(made.providerId);
  return rows[rows.length - 1];
}

describe('calendar: the page', () => {
  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('a provider without a calendar sees the no-calendar text, and its editor is not found', async () => {
    const { client } = await withCalendar({ hasCalendar: false });
    const text = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(text, /This provider does not have a calendar attached!/);
    assert.doesNotMatch(text, /Calendar Status/);
    await client.get(NEW).expect(404);
    await client.get('/calendar/week.json').expect(404);
  });

  it('shows the heading, the help panel, the consultations link, the status, the timezone and "Providers cannot add consultations yet"', async () => {
    const { client } = await withCalendar();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Call Calendar \|/);
    assert.match(html, /href="\/tips\/phone-consultations"/);
    assert.match(html, /href="\/profile\/availability-locations"/);
    assert.match(html, /href="\/calendar\/appointments"/);
    const text = mainTextOf(html);
    assert.match(text, /Call Calendar/);
    assert.match(text, /Providers cannot add consultations yet/);
    assert.match(text, /Calendar Status Show Calendar Hide Calendar/);
    assert.match(html, /<option value="America\/New_York" selected="">/);
    const zones = html.match(/<option value="[A-Za-z_/]+"/g) ?? [];
    assert.ok(zones.length >= 60 && zones.length <= 80, `about 70 zones, got ${zones.length}`);
    assert.doesNotMatch(text, /not accepting new clients/);
    assert.match(html, /<input type="radio" id="calendar-status-open" name="open" checked=""/);
    // The week: seven days and the add links.
    assert.equal((html.match(/<h3 id="day-/g) ?? []).length, 7);
    assert.match(html, /href="\/calendar\/availability\/new\?kind=recurring"/);
  });

  it('without an accepting location: the note with its button, the status radios disabled and the week not editable', async () => {
    const { client } = await withCalendar({ accepting: false });
    const html = (await client.get(PAGE).expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Your profile is not accepting new clients/);
    assert.match(html, /<a class="button button--secondary" href="\/profile\/availability-locations">/);
    assert.match(html, /<fieldset class="fieldset" disabled=""/);
    assert.match(mainTextOf(html), /You can change your availability once one of your locations accepts new clients\./);
    assert.doesNotMatch(
      html,
      /<a class="button button--secondary" href="\/calendar\/availability\/new\?kind=recurring">/,
    );
  });
});

describe('calendar: status and timezone (spec 3 §4)', () => {
  it('a timezone change keeps the open flag, with "Your calendar has been updated."', async () => {
    const { client, providerId } = await withCalendar({ open: true });
    const text = await follow(client, await post(client, '/calendar/settings', { timezone: 'America/Chicago' }));
    assert.match(text, new RegExp(UPDATED.replace('.', '\\.')));
    assert.deepEqual(await providerRow(providerId), { timezone: 'America/Chicago', calendar_open: true });
  });

  it("hiding keeps the timezone; showing again opens the new-availability form with the timezone reminder and the spec's defaults", async () => {
    const { client, providerId } = await withCalendar({ open: true });
    await ctx().db('providers').where({ id: providerId }).update({ timezone: 'America/Denver' });
    assert.equal(
      (await post(client, '/calendar/settings', { open: '0' })).headers.location,
      '/calendar#calendar-settings',
    );
    assert.deepEqual(await providerRow(providerId), { timezone: 'America/Denver', calendar_open: false });

    const opened = await post(client, '/calendar/settings', { open: '1' });
    assert.equal(opened.headers.location, `${NEW}?kind=recurring&opened=1`);
    assert.deepEqual(await providerRow(providerId), { timezone: 'America/Denver', calendar_open: true });
    const html = (await client.get(opened.headers.location!).expect(200)).text;
    const text = textOf(html);
    assert.match(text, new RegExp(UPDATED.replace('.', '\\.')));
    assert.match(text, new RegExp(`${M.checkTimeZone.replace(/\./g, '\\.')} It is set to Denver \\(Mountain\\)`));
    // Free, every weekday, one hour, and no free/busy choice.
    assert.match(html, /<input type="hidden" name="free" value="free"\/>/);
    assert.doesNotMatch(html, /name="free" value="busy"/);
    assert.match(html, /<option value="weekdays" selected="">Every Weekday \(Monday to Friday\)<\/option>/);
    const date = /name="date" [^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(html)![1]!;
    const today = dateKeyOf(new Date(), 'America/Denver');
    assert.ok(
      date === addDays(today, 1) || date === addDays(today, 2),
      `tomorrow (or the day after, late at night): ${date}`,
    );
    const [start, end] = [
      /name="start_time" [^>]*value="([^"]+)"/.exec(html)![1]!,
      /name="end_time" [^>]*value="([^"]+)"/.exec(html)![1]!,
    ];
    assert.match(start, /^\d{1,2}:00[ap]m$/);
    assert.match(end, /^\d{1,2}:00[ap]m$/);
    assert.notEqual(start, end);
  });

  it('a timezone outside the list is refused with 422 and the message', async () => {
    const { client, providerId } = await withCalendar();
    const response = await post(client, '/calendar/settings', { timezone: 'Mars/Olympus' });
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), new RegExp(M.timeZone.replace('.', '\\.')));
    assert.match(response.text, /<option value="Mars\/Olympus" selected="">/);
    assert.equal((await providerRow(providerId))!.timezone, ZONE);
  });

  it('while no location accepts new clients the status does not change', async () => {
    const { client, providerId } = await withCalendar({ open: false, accepting: false });
    const response = await post(client, '/calendar/settings', { open: '1' });
    assert.equal(response.headers.location, '/calendar#calendar-settings');
    assert.equal((await providerRow(providerId))!.calendar_open, false);
  });
});

describe('calendar: adding availability (spec 3 §5)', () => {
  it('the Add links start one hour long; a clicked time comes in, clipped at midnight', async () => {
    const { client } = await withCalendar();
    const blockForm = (await client.get(`${NEW}?kind=block`).expect(200)).text;
    assert.match(blockForm, /<input type="hidden" name="free" value="busy"\/>/);
    assert.match(blockForm, /<title>Block Availability \|/);
    const day = dayAhead(3);
    const clicked = (await client.get(`${NEW}?date=${day}&start_time=11:15pm`).expect(200)).text;
    assert.match(clicked, new RegExp(`name="date" [^>]*value="${day}"`));
    assert.match(clicked, /name="start_time" [^>]*value="11:15pm"/);
    assert.match(clicked, /name="end_time" [^>]*value="12:00am"/);
    // Without a kind, free or busy is a choice.
    assert.match(clicked, /name="free" value="busy"/);
  });

  it('a saved block says "Your call schedule has been updated." on the week it is in, shown in the table', async () => {
    const made = await withCalendar();
    const day = dayAhead(10);
    const response = await post(
      made.client,
      '/calendar/availability',
      block({ date: day, recurrence: 'weekdays', name: 'Mornings' }),
    );
    const [row] = await eventsOf(made.providerId);
    // A weekday series starts on its first weekday.
    assert.equal(response.headers.location, `/calendar?week=${weekStartOf(dateKeyOf(new Date(row.start_time), ZONE))}`);
    const text = await follow(made.client, response);
    assert.match(text, new RegExp(SCHEDULE_UPDATED.replace('.', '\\.')));
    assert.match(text, /9:00am – 10:00am Available · Mornings Every weekday/);
    assert.equal(row.free, true);
    assert.match(row.rrule ?? '', /^FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=2038012/);
  });

  const refused: [string, FormValues, string, string][] = [
    ['start time', { start_time: 'soon' }, M.startTime, 'soon'],
    ['end time', { end_time: 'later' }, M.endTime, 'later'],
    ['date required', { date: '' }, M.dateRequired, ''],
    ['date window', { date: dayAhead(91) }, M.window, dayAhead(91)],
    ['at least ten minutes', { end_time: '9:05am' }, M.minimumLength, '9:05am'],
    ['end after start', { start_time: '3:00pm', end_time: '2:00pm' }, M.endAfterStart, '2:00pm'],
    ['a weekday for weekly', { recurrence: 'custom', frequency: 'week', interval: '1' }, M.weekdayRequired, 'custom'],
    ['a monthly type', { recurrence: 'custom', frequency: 'month', interval: '2' }, M.monthlyTypeRequired, 'custom'],
    ['interval 1 to 100', { recurrence: 'custom', frequency: 'day', interval: '101' }, M.interval, '101'],
    ['an end date', { recurrence: 'daily', ends: 'on', until: '' }, M.untilRequired, 'daily'],
    ['a count 1 to 100', { recurrence: 'daily', ends: 'after', count: '0' }, M.count, '0'],
  ];
  for (const [rule, values, message, kept] of refused) {
    it(`refuses ${rule} with 422: "${message}" beside the field, what was typed kept`, async () => {
      const made = await withCalendar();
      const response = await post(made.client, '/calendar/availability', block({ name: 'Typed name', ...values }));
      assert.equal(response.status, 422);
      assert.match(textOf(response.text), new RegExp(message.replace(/[.()]/g, '\\$&')));
      assert.match(response.text, /class="field-error" id="[a-z_]+-error"/);
      assert.match(response.text, /name="name" [^>]*value="Typed name"/);
      if (kept) assert.ok(response.text.includes(`value="${kept}"`), `keeps ${kept}`);
      assert.equal((await eventsOf(made.providerId)).length, 0);
    });
  }
});

describe('calendar: editing (spec 3 §4: a single event, this instance or all, and restore)', () => {
  it('a single block: the form shows it, a change is saved, a bad one comes back with 422', async () => {
    const made = await withCalendar();
    const row = await addBlock(made);
    const form = (await made.client.get(`/calendar/availability/${row.id}/edit`).expect(200)).text;
    assert.match(form, /name="start_time" [^>]*value="9:00am"/);
    assert.doesNotMatch(form, /name="scope"/);
    const bad = await post(made.client, `/calendar/availability/${row.id}`, block({ start_time: '25:00' }));
    assert.equal(bad.status, 422);
    assert.match(bad.text, /value="25:00"/);
    const text = await follow(
      made.client,
      await post(
        made.client,
        `/calendar/availability/${row.id}`,
        block({ start_time: '1:00pm', end_time: '3:30pm', free: 'busy' }),
      ),
    );
    assert.match(text, /1:00pm – 3:30pm Unavailable/);
    const [saved] = await eventsOf(made.providerId);
    assert.equal(saved.free, false);
    assert.equal(saved.duration_in_minutes, 150);
  });

  it('one instance of a series becomes an exception; "Restore original" brings the series\' instance back', async () => {
    const made = await withCalendar();
    const day = dayAhead(14);
    const series = await addBlock(made, { date: day, recurrence: 'daily' });
    const instanceDay = addDays(day, 1);
    const week = (await made.client.get(`/calendar?week=${instanceDay}`).expect(200)).text;
    const href = new RegExp(`href="(/calendar/availability/${series.id}/edit\\?instance=[^"]+)"`)
      .exec(week)![1]!
      .replace(/&amp;/g, '&');
    // The link names the first instance of the week; open the one of instanceDay instead.
    const instanceStart = new Date(new Date(series.start_time).getTime() + 86_400_000).toISOString();
    assert.match(href, /instance=/);
    const editPath = `/calendar/availability/${series.id}/edit?instance=${encodeURIComponent(instanceStart)}`;
    const form = (await made.client.get(editPath).expect(200)).text;
    assert.match(form, /id="scope-instance" name="scope" checked=""/);
    assert.match(form, new RegExp(`name="date" [^>]*value="${instanceDay}"`));

    const saved = await post(
      made.client,
      `/calendar/availability/${series.id}`,
      block({
        date: instanceDay,
        start_time: '2:00pm',
        end_time: '4:00pm',
        scope: 'instance',
        original_start: instanceStart,
      }),
    );
    assert.match(await follow(made.client, saved), /2:00pm – 4:00pm Available Edited/);
    const exception = (await eventsOf(made.providerId)).find((r) => r.parent_id !== null);
    assert.ok(exception, 'an exception row');
    assert.equal(exception.original_start_time?.toISOString(), instanceStart);
    const exceptionForm = (await made.client.get(`/calendar/availability/${exception.id}/edit`).expect(200)).text;
    assert.match(
      exceptionForm,
      new RegExp(`action="/calendar/availability/${exception.id}/delete\\?restoreOriginalInstance=true"`),
    );

    const restored = await post(
      made.client,
      `/calendar/availability/${exception.id}/delete?restoreOriginalInstance=true`,
      {},
    );
    assert.equal(restored.headers.location, `/calendar?week=${weekStartOf(instanceDay)}`);
    assert.match(await follow(made.client, restored), new RegExp(SCHEDULE_UPDATED.replace('.', '\\.')));
    assert.equal((await eventsOf(made.providerId)).length, 1);
  });

  it('all instances: the series changes and keeps its first date', async () => {
    const made = await withCalendar();
    const day = dayAhead(7);
    const series = await addBlock(made, { date: day, recurrence: 'daily' });
    const instanceStart = new Date(new Date(series.start_time).getTime() + 2 * 86_400_000).toISOString();
    const response = await post(
      made.client,
      `/calendar/availability/${series.id}`,
      block({
        date: addDays(day, 2),
        start_time: '8:00am',
        end_time: '9:00am',
        recurrence: 'daily',
        scope: 'all',
        original_start: instanceStart,
      }),
    );
    assert.equal(response.status, 303);
    const [row] = await eventsOf(made.providerId);
    assert.equal(dateKeyOf(new Date(row.start_time), ZONE), day);
    assert.equal(
      new Date(row.start_time).toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }),
      '8:00 AM',
    );
  });
});

describe('calendar: deleting (spec 3 §4 confirmations)', () => {
  it('a free block asks first with the bookings warning, then is deleted', async () => {
    const made = await withCalendar();
    const row = await addBlock(made);
    const asked = await post(made.client, `/calendar/availability/${row.id}/delete`, {});
    assert.equal(asked.status, 200);
    const text = mainTextOf(asked.text);
    assert.match(text, /Delete this block from your calendar\?/);
    assert.match(text, new RegExp(M.deleteFreeWarning.replace('.', '\\.')));
    assert.equal((await eventsOf(made.providerId)).length, 1);
    const deleted = await post(made.client, `/calendar/availability/${row.id}/delete`, { confirmed: '1' });
    assert.match(await follow(made.client, deleted), new RegExp(SCHEDULE_UPDATED.replace('.', '\\.')));
    assert.equal((await eventsOf(made.providerId)).length, 0);
  });

  it('a busy block asks without the warning; one instance of a series asks its own question and only that instance goes', async () => {
    const made = await withCalendar();
    const busy = await addBlock(made, { free: 'busy' });
    const asked = mainTextOf((await post(made.client, `/calendar/availability/${busy.id}/delete`, {})).text);
    assert.doesNotMatch(asked, new RegExp(M.deleteFreeWarning.replace('.', '\\.')));

    const series = await addBlock(made, { date: dayAhead(20), recurrence: 'daily' });
    const originalStart = new Date(series.start_time).toISOString();
    const instanceQuestion = mainTextOf(
      (
        await post(made.client, `/calendar/availability/${series.id}/delete`, {
          scope: 'instance',
          original_start: originalStart,
        })
      ).text,
    );
    assert.match(instanceQuestion, new RegExp(M.deleteInstance.replace(/[.?]/g, '\\$&')));
    await post(made.client, `/calendar/availability/${series.id}/delete`, {
      scope: 'instance',
      original_start: originalStart,
      confirmed: '1',
    }).then((r) => assert.equal(r.status, 303));
    const removed = (await ctx().db('availability_events').where({ parent_id: series.id }).first())!;
    assert.equal(removed.removed, true);
    const nextStart = new Date(new Date(series.start_time).getTime() + 86_400_000).toISOString();
    await post(made.client, `/calendar/availability/${series.id}/delete`, {
      scope: 'all',
      original_start: nextStart,
      confirmed: '1',
    }).then((r) => assert.equal(r.status, 303));
    assert.deepEqual(
      (await eventsOf(made.providerId)).map((r) => r.id),
      [busy.id],
    );
  });
});

describe('calendar: the week for the grid (week.json) and the editor as a dialog (?partial=1)', () => {
  it('answers the Sunday-to-Saturday week with its blocks; a block crossing midnight comes as two pieces', async () => {
    const made = await withCalendar();
    const day = dayAhead(10);
    await addBlock(made, { date: day, start_time: '11:00pm', end_time: '12:00am' });
    const clientId = await clientUser(ctx().db, 'Ana', 'Client');
    const consultStart = new Date(`${day}T15:00:00Z`);
    const consultId = await addAppointment(ctx().db, made.providerId, clientId, consultStart);
    const week = (
      await made.client.get(`/calendar/week.json?week=${day}`).set('Accept', 'application/json').expect(200)
    ).body;
    assert.equal(week.weekStart, weekStartOf(day));
    assert.equal(week.days.length, 7);
    assert.equal(new Date(`${week.weekStart}T12:00:00Z`).getUTCDay(), 0);
    assert.equal(week.prevWeek, addDays(week.weekStart, -7));
    const available = week.blocks.find((b: { kind: string }) => b.kind === 'available');
    assert.deepEqual(
      {
        day: available.day,
        startMinute: available.startMinute,
        endMinute: available.endMinute,
        label: available.label,
        timeText: available.timeText,
      },
      { day, startMinute: 23 * 60, endMinute: 1440, label: 'Available', timeText: '11:00pm – 12:00am' },
    );
    const consult = week.blocks.find((b: { kind: string }) => b.kind === 'appointment');
    assert.equal(consult.label, 'Phone Consult');
    assert.match(consult.href, new RegExp(`id=${consultId}`));

    await made.client.get('/calendar/week.json?week=next-tuesday').expect(400);
  });

  it('?partial=1 answers the bare form with its CSRF field', async () => {
    const { client } = await withCalendar();
    const partial = (await client.get(`${NEW}?partial=1`).expect(200)).text;
    assert.doesNotMatch(partial, /<html|<main/);
    assert.match(partial, /<form [^>]*action="\/calendar\/availability" method="post"/);
    assert.match(partial, /name="_csrf" value="[^"]+"/);
  });

  it('busy time read from an external calendar is view-only', async () => {
    const made = await withCalendar();
    const [feed] = await ctx()
      .db('external_calendars')
      .insert({
        provider_id: made.providerId,
        kind: 'ics',
        name: 'Work',
        url: 'https://calendar.example.test/work.ics',
      })
      .returning('id');
    const start = new Date(`${dayAhead(5)}T14:00:00Z`);
    const [row] = await ctx()
      .db('availability_events')
      .insert({
        provider_id: made.providerId,
        free: false,
        start_time: start,
        end_time: new Date(start.getTime() + 3_600_000),
        duration_in_minutes: 60,
        provider_external_calendar_id: feed.id,
      })
      .returning('id');
    const page = mainTextOf((await made.client.get(`/calendar/availability/${row.id}/edit`).expect(200)).text);
    assert.match(page, /can only be changed in that calendar/);
    await post(made.client, `/calendar/availability/${row.id}`, block()).then((r) => assert.equal(r.status, 403));
  });
});

describe('calendar: the week table’s Delete link (no JavaScript) leads to the same question', () => {
  it('GET asks, with the instance named by the link, and deletes nothing; the question’s form deletes', async () => {
    const made = await withCalendar();
    const series = await addBlock(made, { date: dayAhead(20), recurrence: 'daily' });
    const originalStart = new Date(series.start_time).toISOString();
    const page = await made.client
      .get(
        `/calendar/availability/${series.id}/delete?scope=instance&original_start=${encodeURIComponent(originalStart)}`,
      )
      .expect(200);
    assert.match(mainTextOf(page.text), new RegExp(M.deleteInstance.replace(/[.?]/g, '\\$&')));
    assert.ok(page.text.includes(`value="${originalStart}"`), 'the question posts the instance on');
    assert.equal((await eventsOf(made.providerId)).length, 1);
    const other = await withCalendar();
    await other.client.get(`/calendar/availability/${series.id}/delete`).expect(404);
  });
});

describe("calendar: another provider's ids are not found", () => {
  it('edit, update, delete and restore of their event answer 404; their appointment on /calendar?id= too', async () => {
    const owner = await withCalendar();
    const theirs = await addBlock(owner, { recurrence: 'daily' });
    const theirSingle = await addBlock(owner);
    const clientId = await clientUser(ctx().db, 'Ben', 'Client');
    const theirConsult = await addAppointment(ctx().db, owner.providerId, clientId, new Date(Date.now() + 86_400_000));
    const me = await withCalendar();
    await me.client.get(`/calendar/availability/${theirs.id}/edit`).expect(404);
    assert.equal((await post(me.client, `/calendar/availability/${theirs.id}`, block({ scope: 'all' }))).status, 404);
    assert.equal(
      (await post(me.client, `/calendar/availability/${theirs.id}/delete`, { scope: 'all', confirmed: '1' })).status,
      404,
    );
    assert.equal(
      (await post(me.client, `/calendar/availability/${theirSingle.id}/delete?restoreOriginalInstance=true`, {}))
        .status,
      404,
    );
    await me.client.get(`/calendar?id=${theirConsult}`).expect(404);
    await me.client.get('/calendar/availability/99999999/edit').expect(404);
    assert.equal((await eventsOf(owner.providerId)).length, 2);
  });

  it('their own appointment opens in the page', async () => {
    const made = await withCalendar();
    const clientId = await clientUser(ctx().db, 'Cara', 'Client');
    const id = await addAppointment(ctx().db, made.providerId, clientId, new Date(Date.now() + 86_400_000));
    const text = mainTextOf((await made.client.get(`/calendar?id=${id}`).expect(200)).text);
    assert.match(text, /Phone Consult with Cara Client/);
  });
});
