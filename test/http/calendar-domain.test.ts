// The calendar domain against PostgreSQL (spec 3 §4 Calendar, §3 Calendar state): rows reached only
// through their provider, "this instance" and "all instances" edits, restore, and bookable slots.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { bookableSlots, isBookable } from '../../server/domain/appointments';
import {
  calendarStateOf,
  createAvailability,
  deleteAvailability,
  editInstance,
  findEvent,
  instancesBetween,
  parseAvailabilityForm,
  removeInstance,
  restoreOriginalInstance,
  updateAvailability,
  updateCalendarSettings,
  type AvailabilityFormValues,
  type AvailabilityInput,
} from '../../server/domain/calendar';
import { NotFoundError, ValidationError } from '../../server/lib/errors';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';

const NY = 'America/New_York';
const now = new Date('2026-02-20T15:00:00Z');
// Monday 2 to Sunday 8 March 2026 in New York.
const weekFrom = new Date('2026-03-02T05:00:00Z');
const weekTo = new Date('2026-03-08T05:00:00Z');

function input(values: Partial<AvailabilityFormValues>): AvailabilityInput {
  const result = parseAvailabilityForm(
    { date: '2026-03-02', start_time: '9:00am', end_time: '10:00am', ...values },
    { timeZone: NY, now },
  );
  assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
  return result.input;
}

async function twoProviders() {
  const [mine, theirs] = await Promise.all([createProviderUser(ctx().db), createProviderUser(ctx().db)]);
  return { me: mine.providerIds[0]!, other: theirs.providerIds[0]! };
}

const local = (instances: { start: Date }[]) =>
  instances.map((i) =>
    i.start.toLocaleString('en-US', { timeZone: NY, weekday: 'short', hour: 'numeric', minute: '2-digit' }),
  );

describe('calendar domain: rows are reached only through their provider', () => {
  it("another provider's event id is not found, for reads and every change", async () => {
    const db = ctx().db;
    const { me, other } = await twoProviders();
    const single = await createAvailability(db, me, input({}));
    const series = await createAvailability(db, me, input({ recurrence: 'daily' }));
    assert.equal((await findEvent(db, me, single.id))?.id, single.id);
    assert.equal(await findEvent(db, other, single.id), null);
    await assert.rejects(updateAvailability(db, other, single.id, input({ name: 'Mine now' })), NotFoundError);
    await assert.rejects(deleteAvailability(db, other, single.id), NotFoundError);
    await assert.rejects(
      editInstance(db, other, series.id, series.start, input({ start_time: '11:00am', end_time: '12:00pm' })),
      NotFoundError,
    );
    await assert.rejects(removeInstance(db, other, series.id, series.start), NotFoundError);
    const exception = await editInstance(
      db,
      me,
      series.id,
      series.start,
      input({ start_time: '11:00am', end_time: '12:00pm' }),
    );
    await assert.rejects(restoreOriginalInstance(db, other, exception.id), NotFoundError);
    assert.deepEqual(await instancesBetween(db, other, weekFrom, weekTo), []);
    assert.equal((await findEvent(db, me, single.id))?.name, null);
    assert.equal(
      await db('availability_events')
        .where({ provider_id: me })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      3,
    );
  });

  it('busy time from an external calendar is view-only', async () => {
    const db = ctx().db;
    const { me } = await twoProviders();
    const [feed] = await db('external_calendars')
      .insert({ provider_id: me, kind: 'ics', name: 'Work', url: 'https://calendar.example.test/work.ics' })
      .returning('id');
    const [row] = await db('availability_events')
      .insert({
        provider_id: me,
        free: false,
        start_time: '2026-03-02T14:00:00Z',
        end_time: '2026-03-02T15:00:00Z',
        duration_in_minutes: 60,
        provider_external_calendar_id: feed.id,
        external_uid: 'abc@example.test',
      })
      .returning('id');
    await assert.rejects(updateAvailability(db, me, Number(row.id), input({})), ValidationError);
    await assert.rejects(deleteAvailability(db, me, Number(row.id)), ValidationError);
    const [shown] = await instancesBetween(db, me, weekFrom, weekTo);
    assert.deepEqual([shown?.external, shown?.free], [true, false]);
  });
});

describe('calendar domain: this instance, all instances, restore', () => {
  it('an instance edited, another deleted, then both restored', async () => {
    const db = ctx().db;
    const { me } = await twoProviders();
    const series = await createAvailability(db, me, input({ recurrence: 'weekdays' }));
    const tuesday = new Date('2026-03-03T14:00:00Z');
    const wednesday = new Date('2026-03-04T14:00:00Z');
    await editInstance(
      db,
      me,
      series.id,
      tuesday,
      input({ date: '2026-03-03', start_time: '1:00pm', end_time: '2:00pm' }),
    );
    // Editing the same instance again changes its one exception.
    const moved = await editInstance(
      db,
      me,
      series.id,
      tuesday,
      input({ date: '2026-03-03', start_time: '2:00pm', end_time: '3:00pm', free: 'busy' }),
    );
    await removeInstance(db, me, series.id, wednesday);
    const week = await instancesBetween(db, me, weekFrom, weekTo);
    assert.deepEqual(local(week), ['Mon 9:00 AM', 'Tue 2:00 PM', 'Thu 9:00 AM', 'Fri 9:00 AM']);
    assert.deepEqual(
      [week[1]!.eventId, week[1]!.seriesId, week[1]!.free, week[1]!.isException],
      [moved.id, series.id, false, true],
    );

    const removed = (await db('availability_events').where({ parent_id: series.id, removed: true }).first('id'))!.id;
    await restoreOriginalInstance(db, me, moved.id);
    await restoreOriginalInstance(db, me, Number(removed));
    assert.deepEqual(local(await instancesBetween(db, me, weekFrom, weekTo)), [
      'Mon 9:00 AM',
      'Tue 9:00 AM',
      'Wed 9:00 AM',
      'Thu 9:00 AM',
      'Fri 9:00 AM',
    ]);
    await assert.rejects(restoreOriginalInstance(db, me, series.id), NotFoundError);
  });

  it('only real instances can be edited; an exception never repeats', async () => {
    const db = ctx().db;
    const { me } = await twoProviders();
    const series = await createAvailability(db, me, input({ recurrence: 'weekdays' }));
    await assert.rejects(removeInstance(db, me, series.id, new Date('2026-03-07T14:00:00Z')), NotFoundError); // a Saturday
    await assert.rejects(
      editInstance(db, me, series.id, series.start, input({ recurrence: 'daily' })),
      ValidationError,
    );
  });

  it('all instances: a new time drops the exceptions of instances that no longer exist, a rename keeps them', async () => {
    const db = ctx().db;
    const { me } = await twoProviders();
    const series = await createAvailability(db, me, input({ recurrence: 'weekdays' }));
    await removeInstance(db, me, series.id, new Date('2026-03-04T14:00:00Z'));
    await updateAvailability(db, me, series.id, input({ recurrence: 'weekdays', name: 'Calls' }));
    assert.deepEqual(local(await instancesBetween(db, me, weekFrom, weekTo)), [
      'Mon 9:00 AM',
      'Tue 9:00 AM',
      'Thu 9:00 AM',
      'Fri 9:00 AM',
    ]);
    await updateAvailability(
      db,
      me,
      series.id,
      input({ recurrence: 'weekdays', start_time: '10:00am', end_time: '11:00am' }),
    );
    assert.equal(local(await instancesBetween(db, me, weekFrom, weekTo)).length, 5);
    assert.equal(
      await db('availability_events')
        .where({ parent_id: series.id })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });

  it('deleting a series deletes its exceptions; deleting an exception deletes its instance', async () => {
    const db = ctx().db;
    const { me } = await twoProviders();
    const series = await createAvailability(db, me, input({ recurrence: 'daily' }));
    const exception = await editInstance(
      db,
      me,
      series.id,
      new Date('2026-03-03T14:00:00Z'),
      input({ date: '2026-03-03', start_time: '3:00pm', end_time: '4:00pm' }),
    );
    await deleteAvailability(db, me, exception.id);
    assert.ok(!local(await instancesBetween(db, me, weekFrom, weekTo)).some((s) => s.startsWith('Tue')));
    await deleteAvailability(db, me, series.id);
    assert.equal(
      await db('availability_events')
        .where({ provider_id: me })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
  });
});

describe('calendar domain: calendar state and bookable slots', () => {
  async function openCalendar() {
    const db = ctx().db;
    const { me, other } = await twoProviders();
    await db('providers').where({ id: me }).update({ has_calendar: true });
    await db('locations').insert({ provider_id: me, state: 'NY', remote_location: true, accepting_patients: 40 });
    await updateCalendarSettings(db, me, { open: true, timeZone: NY });
    await createAvailability(db, me, input({ start_time: '9:00am', end_time: '10:00am' }));
    return { db, me, other };
  }
  const slotTimes = async (db: Knex, providerId: number) =>
    (await bookableSlots(db, providerId, weekFrom, weekTo, now)).map((s) => s.start.toISOString().slice(11, 16));

  it('the calendar state, and a time zone outside the list is refused', async () => {
    const { db, me } = await openCalendar();
    assert.deepEqual(await calendarStateOf(db, me), {
      providerId: me,
      hasCalendar: true,
      timeZone: NY,
      open: true,
      accepting: true,
      bookingLink: null,
    });
    await assert.rejects(updateCalendarSettings(db, me, { timeZone: 'Mars/Base' }), ValidationError);
    await updateCalendarSettings(db, me, { timeZone: 'America/Phoenix' });
    assert.deepEqual(await calendarStateOf(db, me).then((s) => [s.timeZone, s.open]), ['America/Phoenix', true]);
  });

  it('slots come from free time, minus live appointments, and none while hidden or not accepting', async () => {
    const { db, me } = await openCalendar();
    assert.deepEqual(await slotTimes(db, me), ['14:00', '14:15', '14:30', '14:45']);
    await db('appointments').insert([
      { provider_id: me, start_time: '2026-03-02T14:15:00Z', end_time: '2026-03-02T14:30:00Z' },
      { provider_id: me, start_time: '2026-03-02T14:30:00Z', end_time: '2026-03-02T14:45:00Z', canceled: true },
    ]);
    assert.deepEqual(await slotTimes(db, me), ['14:00', '14:30', '14:45']);
    await updateCalendarSettings(db, me, { open: false });
    assert.deepEqual(await slotTimes(db, me), []);
    await updateCalendarSettings(db, me, { open: true });
    await db('locations').where({ provider_id: me }).update({ accepting_patients: 0 });
    assert.deepEqual(await slotTimes(db, me), []);
  });

  it('isBookable: exactly one free, aligned consultation, checked inside a transaction', async () => {
    const { db, me, other } = await openCalendar();
    const at = (iso: string, minutes = 15) =>
      [new Date(iso), new Date(new Date(iso).getTime() + minutes * 60_000)] as const;
    await db.transaction(async (trx) => {
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T14:15:00Z'), now), true);
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T14:10:00Z'), now), false); // not on a quarter hour
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T14:15:00Z', 30), now), false); // not one consultation
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T15:00:00Z'), now), false); // outside free time
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T14:15:00Z'), new Date('2026-03-02T13:00:00Z')), false); // under 2 hours ahead
      assert.equal(await isBookable(trx, other, ...at('2026-03-02T14:15:00Z'), now), false);
      await createAvailability(trx, me, input({ start_time: '9:15am', end_time: '9:30am', free: 'busy' }));
      assert.equal(await isBookable(trx, me, ...at('2026-03-02T14:15:00Z'), now), false);
    });
  });
});
