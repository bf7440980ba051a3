// Recurring availability expanded into the instances of a window, and the time-zone arithmetic the
// calendar needs. Pure: no database. All zone work goes through Temporal, so DST is the library's job.
import { Temporal } from 'temporal-polyfill';
import { RRuleTemporal } from 'rrule-temporal';
import type { AvailabilityEvent, AvailabilityInput, AvailabilityInstance } from './types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const zoned = (instant: Date, timeZone: string): Temporal.ZonedDateTime =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);

const toDate = (value: { epochMilliseconds: number }): Date => new Date(value.epochMilliseconds);

/** The first moment of a local day (not always 00:00: some zones skip midnight). */
export function zonedDayStart(dateKey: string, timeZone: string): Date {
  return toDate(Temporal.PlainDate.from(dateKey).toZonedDateTime({ timeZone }));
}

// Reading an instant's local date and time is the hot path of a week's page (several times a block), and
// the Temporal polyfill is slow at it: Intl's formatter, built once per zone, reads the same fields.
// The answers are kept too (a pure function of the zone and the instant): a week's page reads the same
// instants on every view, and each block's start and end several times.
const localFormats = new Map<string, Intl.DateTimeFormat>();
const localAnswers = new Map<string, { date: string; minutes: number }>();
const LOCAL_ANSWERS_MAX = 50_000;
function localFields(instant: Date, timeZone: string): { date: string; minutes: number } {
  const key = `${timeZone} ${instant.getTime()}`;
  const known = localAnswers.get(key);
  if (known) return known;
  if (localAnswers.size >= LOCAL_ANSWERS_MAX) localAnswers.clear();
  const answer = readLocalFields(instant, timeZone);
  localAnswers.set(key, Object.freeze(answer));
  return answer;
}

function readLocalFields(instant: Date, timeZone: string): { date: string; minutes: number } {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, minutes: Number(part.hour) * 60 + Number(part.minute) };
}

/** The local day (YYYY-MM-DD) and wall-clock minutes of an instant, read at once. */
export const wallClockOf = (instant: Date, timeZone: string): { date: string; minutes: number } =>
  localFields(instant, timeZone);

/** 'YYYY-MM-DD' of the local day an instant falls on. */
export function dateKeyOf(instant: Date, timeZone: string): string {
  return localFields(instant, timeZone).date;
}

/** Wall-clock minutes since local midnight (what the grid's time axis shows). */
export function minutesIntoDay(instant: Date, timeZone: string): number {
  return localFields(instant, timeZone).minutes;
}

export function addDays(dateKey: string, days: number): string {
  return Temporal.PlainDate.from(dateKey).add({ days }).toString();
}

/** The instant of a local date and wall-clock minute (1440 = the next midnight). */
export function zonedInstant(dateKey: string, minutes: number, timeZone: string): Date {
  const wall = Temporal.PlainDate.from(dateKey).toPlainDateTime().add({ minutes });
  return toDate(wall.toZonedDateTime(timeZone));
}

export interface Week {
  /** The Sunday the week starts on. */
  start: string;
  days: string[];
  from: Date;
  to: Date;
}

/** The Sunday-to-Saturday week holding a date, with its bounds as instants in the zone. */
export function weekOf(dateKey: string, timeZone: string): Week {
  const date = Temporal.PlainDate.from(dateKey);
  const sunday = date.subtract({ days: date.dayOfWeek % 7 });
  const days = Array.from({ length: 7 }, (_, i) => sunday.add({ days: i }).toString());
  return {
    start: days[0]!,
    days,
    from: zonedDayStart(days[0]!, timeZone),
    to: zonedDayStart(sunday.add({ days: 7 }).toString(), timeZone),
  };
}

/** Minutes of wall clock between two instants seen in a zone (a 9:00 to 17:00 block is 480 on any day). */
export function wallMinutesBetween(start: Date, end: Date, timeZone: string): number {
  const from = zoned(start, timeZone).toPlainDateTime();
  const to = zoned(end, timeZone).toPlainDateTime();
  return Math.round(from.until(to, { largestUnit: 'minutes' }).total({ unit: 'minutes' }));
}

/** An instance ends the series' wall-clock length after it starts, so 9–5 stays 9–5 on the day clocks change. */
function instanceEnd(start: Temporal.ZonedDateTime, durationInMinutes: number): Date {
  return toDate(start.toPlainDateTime().add({ minutes: durationInMinutes }).toZonedDateTime(start.timeZoneId));
}

/** The end of the series' instance that starts at start. */
export function occurrenceEnd(series: Pick<AvailabilityEvent, 'rruleTzid' | 'durationInMinutes'>, start: Date): Date {
  return instanceEnd(zoned(start, series.rruleTzid ?? 'UTC'), series.durationInMinutes);
}

// Built rules are reused between requests: building one costs more than asking it for a week.
const RULE_CACHE_LIMIT = 5_000;
const ruleCache = new Map<string, RRuleTemporal>();

function ruleOf(rrule: string, start: Date, timeZone: string): RRuleTemporal {
  const key = `${timeZone}|${start.getTime()}|${rrule}`;
  let rule = ruleCache.get(key);
  if (!rule) {
    rule = new RRuleTemporal({ rruleString: rrule, dtstart: zoned(start, timeZone), tzid: timeZone });
    if (ruleCache.size >= RULE_CACHE_LIMIT) ruleCache.delete(ruleCache.keys().next().value!);
    ruleCache.set(key, rule);
  }
  return rule;
}

/** The UNTIL of a rule as an instant, if it has one (lets a finished series be skipped unexpanded). */
export function untilOf(rrule: string): Date | null {
  const match = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?/.exec(rrule);
  if (!match) return null;
  const [, y, mo, d, h = '23', mi = '59', s = '59'] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/** The starts of a series' occurrences in [from, to] (inclusive), as the rule produces them. */
export function occurrenceStarts(
  series: Pick<AvailabilityEvent, 'rrule' | 'rruleTzid' | 'start'>,
  from: Date,
  to: Date,
): Date[] {
  if (!series.rrule || !series.rruleTzid || to < from) return [];
  return ruleOf(series.rrule, series.start, series.rruleTzid).between(from, to, true).map(toDate);
}

/** Whether an instant is the start of one of the series' occurrences. */
export function isOccurrence(series: Pick<AvailabilityEvent, 'rrule' | 'rruleTzid' | 'start'>, start: Date): boolean {
  return occurrenceStarts(series, start, start).some((s) => s.getTime() === start.getTime());
}

/**
 * A series is stored from its first real occurrence (a weekly Monday rule saved on a Wednesday starts
 * the next Monday), so its first row is itself an instance and COUNT counts from there.
 * Null when the rule has no occurrence at all.
 */
export function alignToFirstOccurrence(input: AvailabilityInput): AvailabilityInput | null {
  if (!input.rrule) return input;
  const rule = new RRuleTemporal({
    rruleString: input.rrule,
    dtstart: zoned(input.start, input.timeZone),
    tzid: input.timeZone,
  });
  const first = rule.next(input.start, true);
  if (!first) return null;
  if (first.epochMilliseconds === input.start.getTime()) return input;
  const duration = wallMinutesBetween(input.start, input.end, input.timeZone);
  return { ...input, start: toDate(first), end: instanceEnd(first, duration) };
}

const byStart = (a: AvailabilityInstance, b: AvailabilityInstance) =>
  a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime() || a.eventId - b.eventId;

const overlaps = (start: Date, end: Date, from: Date, to: Date) => start < to && end > from;

/**
 * The instances of some events that overlap [from, to), sorted by start. A series is expanded only
 * across the window, in its own zone with its wall-clock times; an exception (a row with parentId)
 * stands in for the instance it names, or removes it; single events pass through.
 */
export function expandEvents(events: AvailabilityEvent[], from: Date, to: Date): AvailabilityInstance[] {
  const instances: AvailabilityInstance[] = [];
  const exceptionStarts = new Map<number, Set<number>>();
  for (const event of events) {
    if (event.parentId === null || event.originalStart === null) continue;
    let starts = exceptionStarts.get(event.parentId);
    if (!starts) exceptionStarts.set(event.parentId, (starts = new Set()));
    starts.add(event.originalStart.getTime());
    if (!event.removed && overlaps(event.start, event.end, from, to)) {
      instances.push({
        eventId: event.id,
        seriesId: event.parentId,
        originalStart: event.originalStart,
        start: event.start,
        end: event.end,
        free: event.free,
        name: event.name,
        isRecurring: true,
        isException: true,
        external: event.externalCalendarId !== null,
      });
    }
  }
  for (const event of events) {
    if (event.parentId !== null) continue;
    if (!event.isRecurring || !event.rrule || !event.rruleTzid) {
      if (overlaps(event.start, event.end, from, to)) {
        instances.push({
          eventId: event.id,
          seriesId: null,
          originalStart: null,
          start: event.start,
          end: event.end,
          free: event.free,
          name: event.name,
          isRecurring: false,
          isException: false,
          external: event.externalCalendarId !== null,
        });
      }
      continue;
    }
    if (event.start >= to) continue;
    // An instance that started before the window may still run into it: look back by its length (plus
    // an hour for a DST day where the wall-clock length is longer than the elapsed one).
    const lookBack = new Date(from.getTime() - (event.durationInMinutes + 60) * MINUTE);
    // A day of margin: an UNTIL written as a bare date (as some feeds do) ends later in zones west of UTC.
    const until = untilOf(event.rrule);
    if (until && until.getTime() + DAY < lookBack.getTime()) continue;
    const skipped = exceptionStarts.get(event.id);
    let occurrences: Temporal.ZonedDateTime[];
    try {
      occurrences = ruleOf(event.rrule, event.start, event.rruleTzid).between(
        lookBack,
        new Date(to.getTime() - 1),
        true,
      );
    } catch {
      // A rule we cannot read (only an external feed can store one) shows as its first block rather
      // than taking the whole calendar down.
      occurrences = overlaps(event.start, event.end, from, to) ? [zoned(event.start, event.rruleTzid)] : [];
    }
    for (const occurrence of occurrences) {
      const start = toDate(occurrence);
      if (skipped?.has(start.getTime())) continue;
      const end = instanceEnd(occurrence, event.durationInMinutes);
      if (!overlaps(start, end, from, to)) continue;
      instances.push({
        eventId: event.id,
        seriesId: event.id,
        originalStart: start,
        start,
        end,
        free: event.free,
        name: event.name,
        isRecurring: true,
        isException: false,
        external: event.externalCalendarId !== null,
      });
    }
  }
  return instances.sort(byStart);
}
