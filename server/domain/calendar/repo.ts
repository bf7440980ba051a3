// The calendar's tables: availability_events and the provider's calendar columns. Every query is
// scoped by provider_id, so another provider's event id is simply not found.
import type { Knex } from 'knex';
import type { NewRow, Row, RowChanges } from '../../db/rows';
import { NotFoundError } from '../../lib/errors';
import { calendarSettingsOf, updateCalendarSettings } from '../providers';
import { CALENDAR_RULES } from './constants';
import { expandEvents, wallMinutesBetween } from './expand';
import type { AvailabilityEvent, AvailabilityInput, AvailabilityInstance, CalendarState } from './types';

export type Db = Knex | Knex.Transaction;

const COLUMNS = [
  'id',
  'provider_id',
  'parent_id',
  'name',
  'free',
  'start_time',
  'end_time',
  'is_recurring',
  'rrule',
  'rrule_tzid',
  'duration_in_minutes',
  'location_id',
  'original_start_time',
  'removed',
  'provider_external_calendar_id',
] satisfies (keyof Row<'availability_events'>)[];

type EventRow = Pick<Row<'availability_events'>, (typeof COLUMNS)[number]>;

/** The columns an event is written with: all but its provider on insert, any of them on update. */
export type NewEventColumns = Omit<NewRow<'availability_events'>, 'provider_id'>;
export type EventChanges = RowChanges<'availability_events'>;

const toEvent = (row: EventRow): AvailabilityEvent => ({
  id: row.id,
  providerId: row.provider_id,
  parentId: row.parent_id,
  name: row.name,
  free: row.free,
  start: row.start_time,
  end: row.end_time,
  isRecurring: row.is_recurring,
  rrule: row.rrule,
  rruleTzid: row.rrule_tzid,
  durationInMinutes: row.duration_in_minutes,
  locationId: row.location_id,
  originalStart: row.original_start_time,
  removed: row.removed,
  externalCalendarId: row.provider_external_calendar_id,
});

export async function calendarStateOf(db: Db, providerId: number): Promise<CalendarState> {
  const settings = await calendarSettingsOf(db, providerId);
  if (!settings) throw new NotFoundError();
  return {
    providerId,
    hasCalendar: settings.hasCalendar,
    timeZone: settings.timeZone || CALENDAR_RULES.defaultTimeZone,
    open: settings.open,
    accepting: settings.accepting,
    bookingLink: settings.hasPracticeManagement ? activeBookingLink(settings.bookingLink) : null,
  };
}

/**
 * The booking page clients use instead of the call calendar: the link is active and has somewhere to go
 * (its override, else the clinic's own booking page). Without one of them it does not apply (spec 3 §4).
 */
function activeBookingLink(stored: unknown): string | null {
  // The practice-management module writes the document (its BookingLink).
  const link = stored as { status?: string; link_override?: string | null; clinic_booking_url?: string | null } | null;
  if (link?.status !== 'active') return null;
  const href = link.link_override?.trim() || link.clinic_booking_url?.trim() || '';
  return /^https:\/\//i.test(href) ? href : null;
}

export { hideBookingLink } from '../providers';

export async function updateProviderCalendar(
  db: Db,
  providerId: number,
  columns: { timezone?: string; calendar_open?: boolean },
): Promise<void> {
  if (!Object.keys(columns).length) return;
  if (!(await updateCalendarSettings(db, providerId, columns))) throw new NotFoundError();
}

export async function findEvent(
  db: Db,
  providerId: number,
  eventId: number,
  options: { lock?: boolean } = {},
): Promise<AvailabilityEvent | null> {
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return null;
  const query = db('availability_events').where({ id: eventId, provider_id: providerId }).first(COLUMNS);
  if (options.lock) void query.forUpdate();
  const row = await query;
  return row ? toEvent(row) : null;
}

/** The exception standing for one instance of a series, if there is one. */
export async function findException(
  db: Db,
  providerId: number,
  seriesId: number,
  originalStart: Date,
): Promise<AvailabilityEvent | null> {
  const row = await db('availability_events')
    .where({ provider_id: providerId, parent_id: seriesId, original_start_time: originalStart })
    .first(COLUMNS);
  return row ? toEvent(row) : null;
}

export async function exceptionsOf(db: Db, providerId: number, seriesId: number): Promise<AvailabilityEvent[]> {
  return (await db('availability_events').where({ provider_id: providerId, parent_id: seriesId }).select(COLUMNS)).map(
    toEvent,
  );
}

/**
 * Everything that can put an instance into [from, to), in one query: single events and exceptions
 * overlapping it, every series that began before its end, and the exceptions naming an instance of
 * those series near the window (a moved instance must hide its original even when it moved away).
 */
export async function eventsOverlapping(
  db: Db,
  providerId: number,
  from: Date,
  to: Date,
): Promise<AvailabilityEvent[]> {
  // An instance can run for a day and more, so exceptions are looked for from two days before.
  const originalsFrom = new Date(from.getTime() - 2 * 24 * 60 * 60_000);
  const rows = await db('availability_events')
    .where({ provider_id: providerId })
    .where((q) => {
      void q
        .where((single) =>
          single.where('is_recurring', false).where('start_time', '<', to).where('end_time', '>', from),
        )
        .orWhere((series) => series.where('is_recurring', true).whereNull('parent_id').where('start_time', '<', to))
        .orWhere((exception) =>
          exception
            .whereNotNull('parent_id')
            .where('original_start_time', '<', to)
            .where('original_start_time', '>=', originalsFrom),
        );
    })
    .orderBy('start_time')
    .select(COLUMNS);
  return rows.map(toEvent);
}

export async function instancesBetween(
  db: Db,
  providerId: number,
  from: Date,
  to: Date,
): Promise<AvailabilityInstance[]> {
  return expandEvents(await eventsOverlapping(db, providerId, from, to), from, to);
}

/** The columns an availability input writes (a series keeps its zone and its wall-clock length). */
export function columnsOf(input: AvailabilityInput): NewEventColumns {
  return {
    name: input.name,
    free: input.free,
    start_time: input.start,
    end_time: input.end,
    is_recurring: input.rrule !== null,
    rrule: input.rrule,
    rrule_tzid: input.rrule === null ? null : input.timeZone,
    duration_in_minutes: Math.max(
      CALENDAR_RULES.minimumMinutes,
      wallMinutesBetween(input.start, input.end, input.timeZone),
    ),
  };
}

export async function insertEvent(db: Db, providerId: number, columns: NewEventColumns): Promise<AvailabilityEvent> {
  const [row] = await db('availability_events')
    .insert({ provider_id: providerId, appointment_type_id: CALENDAR_RULES.appointmentTypeId, ...columns })
    .returning(COLUMNS);
  return toEvent(row);
}

export async function updateEvent(
  db: Db,
  providerId: number,
  eventId: number,
  columns: EventChanges,
): Promise<AvailabilityEvent> {
  const [row] = await db('availability_events')
    .where({ id: eventId, provider_id: providerId })
    .update(columns)
    .returning(COLUMNS);
  if (!row) throw new NotFoundError();
  return toEvent(row);
}

export async function deleteEvents(db: Db, providerId: number, eventIds: number[]): Promise<void> {
  if (eventIds.length)
    await db('availability_events').where({ provider_id: providerId }).whereIn('id', eventIds).delete();
}

/** One busy row to write: the span and the feed's own uid of the event. */
export interface ExternalBusyBlock {
  uid: string;
  start: Date;
  end: Date;
}

/**
 * A scalar subquery: how many busy rows the external calendar whose id is in `calendarIdColumn` of the
 * outer query has (select it with `.as(name)`).
 */
export const busyBlockCount = (db: Db, calendarIdColumn: string): Knex.QueryBuilder =>
  db('availability_events').where('provider_external_calendar_id', db.ref(calendarIdColumn)).count('*');

/**
 * Replaces every busy block read from one external calendar with `blocks` (the caller's transaction holds
 * that calendar's lock). Never the event's title: "Busy" is all the portal keeps of someone's outside calendar.
 */
export async function replaceExternalBusyBlocks(
  db: Db,
  calendar: { id: number; providerId: number },
  blocks: ExternalBusyBlock[],
): Promise<void> {
  await db('availability_events').where({ provider_external_calendar_id: calendar.id }).delete();
  const rows = blocks.map((b) => ({
    provider_id: calendar.providerId,
    provider_external_calendar_id: calendar.id,
    external_uid: b.uid,
    name: null,
    free: false,
    is_recurring: false,
    start_time: b.start,
    end_time: b.end,
    duration_in_minutes: Math.round((b.end.getTime() - b.start.getTime()) / 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await db('availability_events').insert(rows.slice(i, i + 500));
}
