// A change of the calendar's time zone (issue [19] item 2). The provider chooses what her availability
// keeps: its hours (every series still running and every block still ahead moves to the new zone, so
// 9:00am–12:00pm stays 9:00am–12:00pm there) or its instants (nothing moves; the same moments read as
// other hours in the new zone). Consultations and busy time read from a linked calendar never move: they
// are fixed moments agreed with someone else. All zone math is Temporal's, the rules are rrule-temporal's.
import { Temporal } from 'temporal-polyfill';
import { ValidationError } from '../../lib/errors';
import { CALENDAR_MESSAGES as M, isTimeZone } from './constants';
import { dateKeyOf, untilOf } from './expand';
import * as repo from './repo';
import type { AvailabilityEvent, AvailabilityInstance } from './types';
import { untilPart } from './validation';

type Db = repo.Db;

/** What a zone change keeps: the availability's wall-clock hours (the default) or its instants. */
export type ZoneMove = 'hours' | 'instants';
export const ZONE_MOVES: readonly ZoneMove[] = ['hours', 'instants'];
export const isZoneMove = (value: unknown): value is ZoneMove => ZONE_MOVES.includes(value as ZoneMove);

const DAY = 24 * 60 * 60_000;

/** The same wall-clock date and time in another zone (a time a DST change skips moves forward, as calendars do). */
export function rezoned(instant: Date, fromZone: string, toZone: string): Date {
  const wall = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(fromZone).toPlainDateTime();
  return new Date(wall.toZonedDateTime(toZone, { disambiguation: 'compatible' }).epochMilliseconds);
}

/** A rule's UNTIL, moved to the same last day in the new zone (the day the provider chose stays the last). */
function rezonedRule(rrule: string, fromZone: string, toZone: string): string {
  const until = untilOf(rrule);
  if (!until) return rrule;
  return rrule.replace(/(^|;)UNTIL=[^;]*/i, `$1${untilPart(dateKeyOf(until, fromZone), toZone)}`);
}

/** A series that has finished (its UNTIL passed) keeps its history as it was. */
const finished = (series: AvailabilityEvent, now: Date) => {
  const until = series.rrule ? untilOf(series.rrule) : null;
  return until !== null && until < now;
};

interface Movable {
  series: AvailabilityEvent[];
  /** The exceptions of those series. */
  exceptions: AvailabilityEvent[];
  /** Single blocks (not from a linked calendar) that have not ended. */
  singles: AvailabilityEvent[];
}

async function movableEvents(db: Db, providerId: number, now: Date, lock = false): Promise<Movable> {
  const query = db('availability_events')
    .where({ provider_id: providerId })
    .whereNull('provider_external_calendar_id')
    .whereNull('parent_id')
    .where((q) => void q.where('is_recurring', true).orWhere('end_time', '>', now))
    .orderBy('id')
    .select('id');
  if (lock) void query.forUpdate();
  const ids = (await query).map((row) => row.id);
  const events = (await Promise.all(ids.map((id) => repo.findEvent(db, providerId, id)))).filter(
    (event): event is AvailabilityEvent => event !== null,
  );
  const series = events.filter((event) => event.isRecurring && event.rrule && !finished(event, now));
  const singles = events.filter((event) => !event.isRecurring && event.end > now);
  const exceptions = (await Promise.all(series.map((s) => repo.exceptionsOf(db, providerId, s.id)))).flat();
  return { series, exceptions, singles };
}

/** Whether a zone change would move anything (else it is saved without a question). */
export async function hasAvailabilityToMove(db: Db, providerId: number, now: Date): Promise<boolean> {
  const { series, singles } = await movableEvents(db, providerId, now);
  return series.length > 0 || singles.length > 0;
}

/** The next free block of the coming two weeks, to show what each choice does to it. */
export async function nextFreeInstance(db: Db, providerId: number, now: Date): Promise<AvailabilityInstance | null> {
  const instances = await repo.instancesBetween(db, providerId, now, new Date(now.getTime() + 14 * DAY));
  return instances.find((instance) => instance.free && !instance.external && instance.start >= now) ?? null;
}

/**
 * Saves a new zone for the calendar; with 'hours', moves every running series (with its exceptions) and
 * every block still ahead to the same wall-clock times in it. Joins the caller's transaction.
 */
export async function changeTimeZone(
  trx: Db,
  providerId: number,
  change: { from: string; to: string; keep: ZoneMove },
  now: Date,
): Promise<void> {
  if (!isTimeZone(change.to)) throw new ValidationError({ timezone: M.timeZone });
  await repo.updateProviderCalendar(trx, providerId, { timezone: change.to });
  if (change.keep !== 'hours' || change.from === change.to) return;
  const { series, exceptions, singles } = await movableEvents(trx, providerId, now, true);
  const seriesZone = new Map(series.map((s) => [s.id, s.rruleTzid ?? change.from]));
  for (const s of series) {
    const zone = seriesZone.get(s.id)!;
    if (zone === change.to) continue;
    await repo.updateEvent(trx, providerId, s.id, {
      start_time: rezoned(s.start, zone, change.to),
      end_time: rezoned(s.end, zone, change.to),
      rrule: rezonedRule(s.rrule!, zone, change.to),
      rrule_tzid: change.to,
    });
  }
  // One exception per instance (a unique index): when the instants move later, the latest moves first.
  const later = rezoned(now, change.from, change.to) > now;
  const ordered = [...exceptions].sort(
    (a, b) => (later ? -1 : 1) * (a.originalStart!.getTime() - b.originalStart!.getTime()),
  );
  for (const exception of ordered) {
    const zone = seriesZone.get(exception.parentId!)!;
    if (zone === change.to) continue;
    await repo.updateEvent(trx, providerId, exception.id, {
      start_time: rezoned(exception.start, zone, change.to),
      end_time: rezoned(exception.end, zone, change.to),
      original_start_time: rezoned(exception.originalStart!, zone, change.to),
    });
  }
  for (const single of singles) {
    await repo.updateEvent(trx, providerId, single.id, {
      start_time: rezoned(single.start, change.from, change.to),
      end_time: rezoned(single.end, change.from, change.to),
    });
  }
}
