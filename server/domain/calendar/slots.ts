// Bookable phone-consultation slots: free availability minus busy blocks (the provider's own and
// those read from an external calendar) minus other busy time (live appointments, an absence), cut into
// consultations that start on local quarter hours, at least the booking lead ahead and no more than the
// window ahead. Reading the appointments is the appointments module's (bookableSlots there).
import { Temporal } from 'temporal-polyfill';
import type { Absence } from '../vacation-responder';
import { CALENDAR_RULES } from './constants';
import { addDays, zonedDayStart } from './expand';
import type { AvailabilityInstance, Slot } from './types';

const MINUTE = 60_000;
const SLOT = CALENDAR_RULES.consultationMinutes * MINUTE;
const STEP = CALENDAR_RULES.snapMinutes * MINUTE;
const LEAD = CALENDAR_RULES.bookingLeadMinutes * MINUTE;
const WINDOW = CALENDAR_RULES.windowDays * 24 * 60 * MINUTE;

interface Interval {
  start: number;
  end: number;
}

/** Sorted, overlapping or touching intervals joined. */
function union(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const joined: Interval[] = [];
  for (const interval of sorted) {
    const last = joined[joined.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else joined.push({ ...interval });
  }
  return joined;
}

/** free minus busy, both unions. */
function subtract(free: Interval[], busy: Interval[]): Interval[] {
  const result: Interval[] = [];
  for (const interval of free) {
    let cursor = interval.start;
    for (const taken of busy) {
      if (taken.end <= cursor || taken.start >= interval.end) continue;
      if (taken.start > cursor) result.push({ start: cursor, end: taken.start });
      cursor = Math.max(cursor, taken.end);
      if (cursor >= interval.end) break;
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end });
  }
  return result;
}

/** The first local quarter hour at or after an instant (the zone's offset decides; India is +5:30). */
function nextQuarterHour(epochMs: number, timeZone: string): number {
  const offset = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6;
  return Math.ceil((epochMs + offset) / STEP) * STEP - offset;
}

/** The slots of some instances: pure, so the rules can be checked without a database. */
export function slotsFromInstances(
  instances: AvailabilityInstance[],
  busy: { start: Date; end: Date }[],
  options: { from: Date; to: Date; now: Date; timeZone: string },
): Slot[] {
  const earliest = Math.max(options.from.getTime(), options.now.getTime() + LEAD);
  const latestStart = Math.min(options.to.getTime() - SLOT, options.now.getTime() + WINDOW);
  if (latestStart < earliest) return [];
  const free = union(instances.filter((i) => i.free).map((i) => ({ start: i.start.getTime(), end: i.end.getTime() })));
  const taken = union([
    ...instances.filter((i) => !i.free).map((i) => ({ start: i.start.getTime(), end: i.end.getTime() })),
    ...busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
  ]);
  const slots: Slot[] = [];
  for (const open of subtract(free, taken)) {
    for (
      let start = nextQuarterHour(Math.max(open.start, earliest), options.timeZone);
      start + SLOT <= open.end && start <= latestStart;
      start += STEP
    ) {
      slots.push({ start: new Date(start), end: new Date(start + SLOT) });
    }
  }
  return slots;
}

/**
 * The time an absence (an active vacation responder) closes: its days whole, from the first moment of its
 * start date to the first moment after its end date, in the calendar's zone (docs/decisions.md).
 */
export function absenceBounds(absence: Absence, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedDayStart(absence.startDate, timeZone),
    end: zonedDayStart(addDays(absence.endDate, 1), timeZone),
  };
}

/** The part of [from, to) in which a consultation may be booked at `now` (the lead and the window); null when none. */
export function bookingWindow(from: Date, to: Date, now: Date): { from: Date; to: Date } | null {
  const windowFrom = new Date(Math.max(from.getTime(), now.getTime() + LEAD));
  const windowTo = new Date(Math.min(to.getTime(), now.getTime() + WINDOW + SLOT));
  return windowTo <= windowFrom ? null : { from: windowFrom, to: windowTo };
}
