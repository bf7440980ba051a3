// Bookable phone-consultation slots: free availability minus busy blocks (the provider's own and
// those read from an external calendar) minus other busy time (live appointments, an absence), each busy
// span widened by the provider's buffers, cut into consultations of the provider's length that start on
// local quarter hours, at least the minimum notice ahead (and not today, when same-day bookings are off)
// and no more than the horizon ahead. Reading the appointments and the rules is the appointments
// module's (bookableSlots there).
import { Temporal } from 'temporal-polyfill';
import type { Absence } from '../vacation-responder';
import { CALENDAR_RULES } from './constants';
import { addDays, dateKeyOf, zonedDayStart } from './expand';
import type { AvailabilityInstance, Slot, SlotRules } from './types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STEP = CALENDAR_RULES.snapMinutes * MINUTE;

/** The rules of a provider who set none: what the portal did before providers could set them. */
export const DEFAULT_SLOT_RULES: SlotRules = {
  consultationMinutes: CALENDAR_RULES.consultationMinutes,
  noticeMinutes: CALENDAR_RULES.bookingLeadMinutes,
  noSameDay: false,
  horizonDays: CALENDAR_RULES.windowDays,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

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

/**
 * The earliest start the rules allow at `now`: the notice (a start exactly `noticeMinutes` ahead is
 * allowed), and with no same-day bookings the first moment of tomorrow in the calendar's zone.
 */
export function earliestStart(now: Date, rules: SlotRules, timeZone: string): number {
  const notice = now.getTime() + rules.noticeMinutes * MINUTE;
  if (!rules.noSameDay) return notice;
  return Math.max(notice, zonedDayStart(addDays(dateKeyOf(now, timeZone), 1), timeZone).getTime());
}

/** The latest start the rules allow at `now` (a start exactly `horizonDays` × 24 hours ahead is allowed). */
export const latestStart = (now: Date, rules: SlotRules): number => now.getTime() + rules.horizonDays * DAY;

/** How far around [from, to) busy time must be read for the buffers to see it. */
export const bufferReach = (rules: SlotRules): number =>
  Math.max(rules.bufferBeforeMinutes, rules.bufferAfterMinutes) * MINUTE;

/** The slots of some instances: pure, so the rules can be checked without a database. */
export function slotsFromInstances(
  instances: AvailabilityInstance[],
  busy: { start: Date; end: Date }[],
  options: { from: Date; to: Date; now: Date; timeZone: string; rules?: SlotRules },
): Slot[] {
  const rules = options.rules ?? DEFAULT_SLOT_RULES;
  const length = rules.consultationMinutes * MINUTE;
  const earliest = Math.max(options.from.getTime(), earliestStart(options.now, rules, options.timeZone));
  const latest = Math.min(options.to.getTime() - length, latestStart(options.now, rules));
  if (latest < earliest) return [];
  const free = union(instances.filter((i) => i.free).map((i) => ({ start: i.start.getTime(), end: i.end.getTime() })));
  // A consultation keeps `bufferBefore` clear after busy time ends and `bufferAfter` clear before busy time
  // starts: the busy span grows by those, and a slot exactly a buffer away from it touches without overlapping.
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const taken = union(
    [
      ...instances.filter((i) => !i.free).map((i) => ({ start: i.start.getTime(), end: i.end.getTime() })),
      ...busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })),
    ].map((b) => ({ start: b.start - after, end: b.end + before })),
  );
  const slots: Slot[] = [];
  for (const open of subtract(free, taken)) {
    for (
      let start = nextQuarterHour(Math.max(open.start, earliest), options.timeZone);
      start + length <= open.end && start <= latest;
      start += STEP
    ) {
      slots.push({ start: new Date(start), end: new Date(start + length) });
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

/** The part of [from, to) in which a consultation may be booked at `now` under the rules; null when none. */
export function bookingWindow(
  from: Date,
  to: Date,
  now: Date,
  rules: SlotRules = DEFAULT_SLOT_RULES,
  timeZone: string = CALENDAR_RULES.defaultTimeZone,
): { from: Date; to: Date } | null {
  const windowFrom = new Date(Math.max(from.getTime(), earliestStart(now, rules, timeZone)));
  const windowTo = new Date(Math.min(to.getTime(), latestStart(now, rules) + rules.consultationMinutes * MINUTE));
  return windowTo <= windowFrom ? null : { from: windowFrom, to: windowTo };
}
