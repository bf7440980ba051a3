// An ICS feed read as busy time (RFC 5545, parsed by node-ical): each event that blocks time becomes a
// span, recurring ones expanded within the window with their exceptions (EXDATE, RECURRENCE-ID) applied.
// Not busy: cancelled events or instances, and events marked free (TRANSP:TRANSPARENT). All-day events
// come back as dates, floating times (no zone in the feed) are read in the provider's calendar zone.
// Titles, places and notes are never read.
import ical, { type CalendarResponse, type EventInstance, type VEvent, type VFreebusy } from 'node-ical';
import { Temporal } from 'temporal-polyfill';
import type { ExternalBusy } from '../../integrations/calendar-sync';
import { FeedError, FETCH_MESSAGES } from './safe-fetch';

/** Spans read from one feed at most; a feed with more is cut (a guard against feeds that explode). */
export const MAX_BUSY_SPANS = 2000;

/**
 * How much a feed may make us expand. Repetitions are counted from the rule (BY* lists included)
 * before anything is expanded; a feed over either limit is refused as a whole, with a message saying why.
 */
export const EXPANSION_LIMITS = {
  /** Repetitions of one repeating event in the sync window. */
  perEvent: 1000,
  /** Repetitions of all repeating events together in the sync window. */
  perFeed: 20_000,
} as const;

/** Why a feed is refused for what it holds (the sync window is about 3 months). */
export const EXPANSION_MESSAGES = {
  eventRepeatsTooOften: `The calendar has an event that repeats more than ${EXPANSION_LIMITS.perEvent.toLocaleString('en-US')} times in the next 3 months, which is more than we can read.`,
  feedRepeatsTooOften: `The repeating events of the calendar happen more than ${EXPANSION_LIMITS.perFeed.toLocaleString('en-US')} times in the next 3 months, which is more than we can read.`,
} as const;

const DAY_MS = 24 * 3_600_000;

export interface Window {
  from: Date;
  to: Date;
}

/** The date a node-ical all-day value stands for: it is built at local midnight of this process. */
const localDateKey = (value: Date) =>
  `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

/** A floating time (no zone in the feed) was read as this process's local time; read it in `timeZone` instead. */
function inZone(value: Date, timeZone: string): Date {
  const wallClock = new Temporal.PlainDateTime(
    value.getFullYear(),
    value.getMonth() + 1,
    value.getDate(),
    value.getHours(),
    value.getMinutes(),
    value.getSeconds(),
  );
  return new Date(wallClock.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds);
}

const isFloating = (value: unknown) =>
  value instanceof Date && !(value as { tz?: string }).tz && !(value as { dateOnly?: boolean }).dateOnly;

/** The parts of a rule's RRULE line (FREQ, INTERVAL, BYHOUR...), upper-cased keys. */
function ruleParts(rule: string): Map<string, string> {
  const line = /(?:^|\n)RRULE:([^\n]*)/i.exec(rule)?.[1] ?? rule;
  const parts = new Map<string, string>();
  for (const part of line.split(';')) {
    const [key, value] = part.split('=');
    if (key && value !== undefined) parts.set(key.trim().toUpperCase(), value.trim().toUpperCase());
  }
  return parts;
}

/**
 * An upper bound of the repetitions a rule makes within the window (with a day's slack each side),
 * computed from the rule alone: days that can match × times per matching day, where every BY* list that
 * expands at the rule's frequency multiplies (BYHOUR=0..23;BYMINUTE=0..59 on a DAILY rule is 1,440 a
 * day). Cheap, and never less than what expanding the rule would make.
 */
export function estimatedRepetitions(rule: string, window: Window): number {
  const parts = ruleParts(rule);
  const size = (key: string) => (parts.get(key) ?? '').split(',').filter(Boolean).length;
  const frequency = parts.get('FREQ') ?? '';
  const interval = Math.max(1, Math.floor(Number(parts.get('INTERVAL') ?? 1)) || 1);
  const days = Math.ceil((window.to.getTime() - window.from.getTime()) / DAY_MS) + 2;
  const [hours, minutes, seconds] = [size('BYHOUR'), size('BYMINUTE'), size('BYSECOND')];
  let perDay: number;
  let matchingDays = days;
  let periods = days;
  switch (frequency) {
    case 'YEARLY':
    case 'MONTHLY':
    case 'WEEKLY':
    case 'DAILY': {
      perDay = (hours || 1) * (minutes || 1) * (seconds || 1);
      const periodDays = { YEARLY: 365, MONTHLY: 28, WEEKLY: 7, DAILY: 1 }[frequency] * interval;
      periods = Math.ceil(days / periodDays) + 1;
      const datesPerPeriod =
        frequency === 'DAILY'
          ? 1
          : frequency === 'WEEKLY'
            ? size('BYDAY') || 1
            : frequency === 'MONTHLY'
              ? size('BYMONTHDAY') + 5 * size('BYDAY') || 1
              : size('BYMONTH') + size('BYWEEKNO') + size('BYYEARDAY') + size('BYMONTHDAY') + size('BYDAY')
                ? days
                : 1;
      matchingDays = Math.min(days, periods * datesPerPeriod);
      break;
    }
    case 'HOURLY':
      perDay = Math.min(Math.ceil(24 / interval), hours || 24) * (minutes || 1) * (seconds || 1);
      break;
    // Repetitions are `interval` units apart, so an hour holds at most 60 / interval of them, and so on.
    case 'MINUTELY': {
      const perHour = Math.min(Math.ceil(60 / interval), minutes || 60);
      perDay = Math.min(Math.ceil(1440 / interval), (hours || 24) * perHour) * (seconds || 1);
      break;
    }
    default: {
      // SECONDLY, or a frequency we do not know: the most it could be
      const step = frequency === 'SECONDLY' ? interval : 1;
      const perMinute = Math.min(Math.ceil(60 / step), seconds || 60);
      const perHour = Math.min(Math.ceil(3600 / step), (minutes || 60) * perMinute);
      perDay = Math.min(Math.ceil(86_400 / step), (hours || 24) * perHour);
    }
  }
  let bound = matchingDays * perDay;
  // BYSETPOS keeps that many of each period's repetitions.
  if (size('BYSETPOS') && ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY'].includes(frequency))
    bound = Math.min(bound, size('BYSETPOS') * periods);
  const count = Number(parts.get('COUNT'));
  return Number.isFinite(count) && count >= 0 ? Math.min(bound, count) : bound;
}

function instanceBusy(event: VEvent, instance: EventInstance, timeZone: string): ExternalBusy | null {
  const source = instance.event;
  if (source.status === 'CANCELLED' || source.transparency === 'TRANSPARENT') return null;
  // The instance's own name: the start it has in the series, which an exception keeps as RECURRENCE-ID.
  const original = source.recurrenceid ?? instance.start;
  const uid =
    instance.isRecurring || instance.isOverride || event.rrule ? `${event.uid}/${original.toISOString()}` : event.uid;
  if (instance.isFullDay) {
    const startDate = localDateKey(instance.start);
    let endDate = localDateKey(instance.end);
    if (endDate <= startDate) endDate = Temporal.PlainDate.from(startDate).add({ days: 1 }).toString();
    return { uid, startDate, endDate };
  }
  const floating = isFloating(source.start);
  const start = floating ? inZone(instance.start, timeZone) : new Date(instance.start.getTime());
  const end = floating ? inZone(instance.end, timeZone) : new Date(instance.end.getTime());
  // biome-ignore lint/complexity/useMathMinMax: these are Dates, and Math.min/Math.max would turn them into numbers
  return { uid, start, end: end > start ? end : start };
}

function eventBusy(event: VEvent, window: Window, timeZone: string): ExternalBusy[] {
  if (!event.uid || !event.start || event.status === 'CANCELLED') return [];
  // A day's slack each side: all-day and floating values move by up to a day once placed in a zone.
  let instances: EventInstance[];
  try {
    instances = ical.expandRecurringEvent(event, {
      from: new Date(window.from.getTime() - DAY_MS),
      to: new Date(window.to.getTime() + DAY_MS),
      expandOngoing: true,
    });
  } catch {
    // One unreadable rule does not cost the feed its other events.
    return [];
  }
  const busy: ExternalBusy[] = [];
  for (const instance of instances) {
    const span = instanceBusy(event, instance, timeZone);
    if (span) busy.push(span);
  }
  return busy;
}

/** A published free/busy block (VFREEBUSY): its BUSY periods. */
function freeBusyPeriods(component: VFreebusy): ExternalBusy[] {
  return (component.freebusy ?? [])
    .filter((period) => period.type !== 'FREE')
    .map((period) => ({
      uid: `${component.uid ?? 'freebusy'}/${new Date(period.start).toISOString()}`,
      start: new Date(period.start),
      end: new Date(period.end),
    }))
    .filter((b) => !Number.isNaN(b.start.getTime()) && b.end > b.start);
}

/** The feed's events, refused as a whole (FeedError, permanent) when its repeating events would expand past the limits. */
function checkedEvents(data: CalendarResponse, window: Window): VEvent[] {
  const events: VEvent[] = [];
  let repetitions = 0;
  for (const component of Object.values(data)) {
    if (!component || typeof component !== 'object' || !('type' in component) || component.type !== 'VEVENT') continue;
    const event = component as VEvent;
    events.push(event);
    if (!event.rrule || event.status === 'CANCELLED') continue;
    const estimate = estimatedRepetitions(event.rrule.toString(), window);
    if (estimate > EXPANSION_LIMITS.perEvent)
      throw new FeedError(EXPANSION_MESSAGES.eventRepeatsTooOften, { permanent: true });
    repetitions += estimate;
    if (repetitions > EXPANSION_LIMITS.perFeed)
      throw new FeedError(EXPANSION_MESSAGES.feedRepeatsTooOften, { permanent: true });
  }
  return events;
}

/**
 * The busy time of a feed's text within (about) the window; FeedError when the text is no calendar, or
 * when it would expand past the limits. CPU-bound: the sync runs it in a worker thread (ics-reader.ts).
 */
export function busyFromIcs(text: string, window: Window, timeZone: string): ExternalBusy[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError(FETCH_MESSAGES.unreadable);
  let data: CalendarResponse;
  try {
    data = ical.sync.parseICS(text);
  } catch {
    throw new FeedError(FETCH_MESSAGES.unreadable);
  }
  const events = checkedEvents(data, window);
  const busy: ExternalBusy[] = [];
  const add = (spans: ExternalBusy[]) => {
    // One by one: spreading a long array into push() overflows the stack.
    for (const span of spans) busy.push(span);
  };
  for (const event of events) {
    add(eventBusy(event, window, timeZone));
    if (busy.length >= MAX_BUSY_SPANS * 2) return busy;
  }
  for (const component of Object.values(data)) {
    if (component && typeof component === 'object' && 'type' in component && component.type === 'VFREEBUSY')
      add(freeBusyPeriods(component as VFreebusy));
    if (busy.length >= MAX_BUSY_SPANS * 2) break;
  }
  return busy;
}
