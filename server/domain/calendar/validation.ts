// The availability form (spec 3 §5 Calendar availability): clock times, the date window, the length
// rules and the recurrence choices, turned into an AvailabilityInput with its RFC 5545 rule — and back
// again, to prefill an edit form from a stored rule.
import { Temporal } from 'temporal-polyfill';
import { CALENDAR_MESSAGES as M, CALENDAR_RULES } from './constants';
import { alignToFirstOccurrence, dateKeyOf, minutesIntoDay, untilOf, wallMinutesBetween, zonedInstant } from './expand';
import type { AvailabilityEvent, AvailabilityInput, AvailabilityInstance } from './types';

/** The availability form as posted (field names are the posted names). */
export interface AvailabilityFormValues {
  date: string;
  start_time: string;
  end_time: string;
  free: string;
  name: string;
  recurrence: string;
  frequency: string;
  interval: string;
  weekdays: string[];
  monthly_type: string;
  ends: string;
  until: string;
  count: string;
}

export type AvailabilityFormResult =
  | { ok: true; input: AvailabilityInput }
  | { ok: false; errors: Record<string, string> };

export const RECURRENCE_OPTIONS = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Every Weekday (Monday to Friday)' },
  { value: 'custom', label: 'Custom...' },
] as const;

export const FREQUENCY_OPTIONS = [
  { value: 'day', label: 'day' },
  { value: 'week', label: 'week' },
  { value: 'month', label: 'month' },
  { value: 'year', label: 'year' },
] as const;

export const WEEKDAYS = [
  { value: 'SU', label: 'Sunday' },
  { value: 'MO', label: 'Monday' },
  { value: 'TU', label: 'Tuesday' },
  { value: 'WE', label: 'Wednesday' },
  { value: 'TH', label: 'Thursday' },
  { value: 'FR', label: 'Friday' },
  { value: 'SA', label: 'Saturday' },
] as const;

export const ENDS_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: 'on', label: 'On' },
  { value: 'after', label: 'After' },
] as const;

const MIDNIGHT = 24 * 60;
const WORK_WEEK = ['MO', 'TU', 'WE', 'TH', 'FR'];
const FREQ_OF: Record<string, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const ISO_WEEKDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const ORDINALS: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '5': 'fifth',
  '-1': 'last',
};

/**
 * Minutes from midnight of a clock time: '1:00pm', '1pm', '01:30 PM', '12:00am' (0); also the 24-hour
 * 'HH:MM' a browser's time input posts. Null when it is not a time.
 */
export function parseClockTime(text: string | null | undefined): number | null {
  const value = (text ?? '').trim().toLowerCase().replace(/\./g, '');
  const twelve = /^(\d{1,2})(?::(\d{2}))?\s*([ap])m?$/.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return (hour % 12) * 60 + (twelve[3] === 'p' ? 720 : 0) + minute;
  }
  const twentyFour = /^(\d{2}):(\d{2})$/.exec(value);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return hour * 60 + minute;
  }
  return null;
}

/** '1:00pm' style; 0 and 1440 (the midnight ending a day) are both '12:00am'. */
export function formatClockTime(minutes: number): string {
  const inDay = ((minutes % MIDNIGHT) + MIDNIGHT) % MIDNIGHT;
  const hour = Math.floor(inDay / 60);
  const minute = inDay % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value])
    .map(text)
    .filter(Boolean);

function plainDate(value: string): Temporal.PlainDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

function wholeNumber(value: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The UTC instant of the last second of a local day: an UNTIL that keeps every instance of that day. */
export function untilPart(dateKey: string, timeZone: string): string {
  const endOfDay = zonedInstant(dateKey, MIDNIGHT, timeZone).getTime() - 1000;
  return `UNTIL=${new Date(endOfDay)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/** BYDAY=+2TU for the second Tuesday; the fifth of a weekday is always its last, so -1. */
function nthWeekdayPart(date: Temporal.PlainDate): string {
  const nth = Math.ceil(date.day / 7);
  return `BYDAY=${nth === 5 ? '-1' : `+${nth}`}${ISO_WEEKDAY[date.dayOfWeek - 1]}`;
}

/**
 * Parses and checks a posted availability form in the calendar's zone. The date must fall within the
 * date picker's window (today to 90 days ahead) unless requireWindow is false (an edit of a series
 * that began earlier). A repeating block is returned from its first real occurrence.
 */
export function parseAvailabilityForm(
  values: Partial<Record<keyof AvailabilityFormValues, unknown>>,
  options: { timeZone: string; now: Date; requireWindow?: boolean },
): AvailabilityFormResult {
  const { timeZone, now, requireWindow = true } = options;
  const errors: Record<string, string> = {};

  const dateText = text(values.date);
  const date = plainDate(dateText);
  if (!dateText) errors.date = M.dateRequired;
  else if (!date) errors.date = M.dateInvalid;
  else if (requireWindow) {
    const today = Temporal.PlainDate.from(dateKeyOf(now, timeZone));
    const last = today.add({ days: CALENDAR_RULES.windowDays });
    if (Temporal.PlainDate.compare(date, today) < 0 || Temporal.PlainDate.compare(date, last) > 0)
      errors.date = M.window;
  }

  const startMinutes = parseClockTime(text(values.start_time));
  if (startMinutes === null) errors.start_time = M.startTime;
  let endMinutes = parseClockTime(text(values.end_time));
  if (endMinutes === null) errors.end_time = M.endTime;
  // An end of 12:00am is the midnight that closes the day.
  else if (endMinutes === 0) endMinutes = MIDNIGHT;

  const freeText = text(values.free) || 'free';
  if (freeText !== 'free' && freeText !== 'busy') errors.free = M.freeRequired;
  const name = text(values.name);
  if (name.length > 100) errors.name = M.nameTooLong;

  let start: Date | null = null;
  let end: Date | null = null;
  if (date && startMinutes !== null && endMinutes !== null) {
    if (endMinutes <= startMinutes) errors.end_time = M.endAfterStart;
    else {
      start = zonedInstant(dateText, startMinutes, timeZone);
      end = zonedInstant(dateText, endMinutes, timeZone);
      // Elapsed time counts: 1:55am to 3:00am on the spring-forward night is five minutes.
      if (end.getTime() - start.getTime() < CALENDAR_RULES.minimumMinutes * 60_000) errors.end_time = M.minimumLength;
    }
  }

  const rrule = recurrenceRule(values, date, timeZone, errors);
  if (Object.keys(errors).length || !start || !end || rrule === undefined) return { ok: false, errors };

  const input = alignToFirstOccurrence({ start, end, free: freeText === 'free', name: name || null, rrule, timeZone });
  if (!input) {
    const field = text(values.ends) === 'after' ? 'count' : text(values.ends) === 'on' ? 'until' : 'recurrence';
    return { ok: false, errors: { [field]: M.noOccurrences } };
  }
  return { ok: true, input };
}

/** The RRULE (without DTSTART) the recurrence fields ask for; null for "Does not repeat"; undefined on errors. */
function recurrenceRule(
  values: Partial<Record<keyof AvailabilityFormValues, unknown>>,
  date: Temporal.PlainDate | null,
  timeZone: string,
  errors: Record<string, string>,
): string | null | undefined {
  const recurrence = text(values.recurrence) || 'none';
  if (recurrence === 'none') return null;
  const parts: string[] = [];
  if (recurrence === 'daily') parts.push('FREQ=DAILY');
  else if (recurrence === 'weekdays') parts.push('FREQ=WEEKLY', `BYDAY=${WORK_WEEK.join(',')}`);
  else if (recurrence === 'custom') {
    const frequency = text(values.frequency);
    const freq = FREQ_OF[frequency];
    if (!freq) errors.frequency = M.frequencyRequired;
    const interval = wholeNumber(text(values.interval) || '1', CALENDAR_RULES.maxInterval);
    if (interval === null) errors.interval = M.interval;
    if (freq) parts.push(`FREQ=${freq}`);
    if (interval !== null && interval > 1) parts.push(`INTERVAL=${interval}`);
    if (frequency === 'week') {
      const days = ISO_WEEKDAY.filter((day) => list(values.weekdays).includes(day));
      if (!days.length) errors.weekdays = M.weekdayRequired;
      else parts.push(`BYDAY=${days.join(',')}`);
    } else if (frequency === 'month') {
      const monthlyType = text(values.monthly_type);
      if (monthlyType !== 'date' && monthlyType !== 'weekday') errors.monthly_type = M.monthlyTypeRequired;
      else if (date) parts.push(monthlyType === 'date' ? `BYMONTHDAY=${date.day}` : nthWeekdayPart(date));
    }
  } else {
    errors.recurrence = M.recurrenceRequired;
  }

  const ends = text(values.ends) || 'never';
  if (ends === 'never') parts.push(untilPart(CALENDAR_RULES.noEndDate, timeZone));
  else if (ends === 'on') {
    const untilText = text(values.until);
    let until = plainDate(untilText);
    if (!untilText) errors.until = M.untilRequired;
    else if (!until) errors.until = M.untilInvalid;
    else if (date && Temporal.PlainDate.compare(until, date) < 0) errors.until = M.untilBeforeStart;
    else {
      // "Never" is the latest end there is.
      const noEnd = Temporal.PlainDate.from(CALENDAR_RULES.noEndDate);
      if (Temporal.PlainDate.compare(until, noEnd) > 0) until = noEnd;
      parts.push(untilPart(until.toString(), timeZone));
    }
  } else if (ends === 'after') {
    const count = wholeNumber(text(values.count), CALENDAR_RULES.maxCount);
    if (count === null) errors.count = M.count;
    else parts.push(`COUNT=${count}`);
  } else {
    errors.ends = M.endsRequired;
  }
  return Object.keys(errors).length ? undefined : parts.join(';');
}

/** The parts of a stored rule, by name. */
function ruleParts(rrule: string): Record<string, string> {
  return Object.fromEntries(
    rrule
      .replace(/^RRULE:/i, '')
      .split(';')
      .filter(Boolean)
      .map((part) => {
        const [key = '', value = ''] = part.split('=');
        return [key.toUpperCase(), value.toUpperCase()];
      }),
  );
}

const isInstance = (value: AvailabilityEvent | AvailabilityInstance): value is AvailabilityInstance =>
  'eventId' in value;

/**
 * The form values that describe a stored block, in the calendar's zone: a single event or an exception
 * as a block that does not repeat; a series with its rule; an instance of a series as that one
 * occurrence (the form for "this instance").
 */
export function availabilityFormOf(
  event: AvailabilityEvent | AvailabilityInstance,
  timeZone: string,
): AvailabilityFormValues {
  const date = Temporal.PlainDate.from(dateKeyOf(event.start, timeZone));
  const startMinutes = minutesIntoDay(event.start, timeZone);
  const endMinutes = startMinutes + wallMinutesBetween(event.start, event.end, timeZone);
  const form: AvailabilityFormValues = {
    date: date.toString(),
    start_time: formatClockTime(startMinutes),
    end_time: formatClockTime(endMinutes),
    free: event.free ? 'free' : 'busy',
    name: event.name ?? '',
    recurrence: 'none',
    frequency: 'week',
    interval: '1',
    weekdays: [ISO_WEEKDAY[date.dayOfWeek - 1]!],
    monthly_type: 'date',
    ends: 'never',
    until: '',
    count: '',
  };
  if (isInstance(event) || !event.rrule) return form;

  const parts = ruleParts(event.rrule);
  const interval = Number(parts.INTERVAL ?? '1');
  const byDay = parts.BYDAY ? parts.BYDAY.split(',') : [];
  if (parts.FREQ === 'DAILY' && interval === 1) form.recurrence = 'daily';
  else if (parts.FREQ === 'WEEKLY' && interval === 1 && byDay.join(',') === WORK_WEEK.join(','))
    form.recurrence = 'weekdays';
  else {
    form.recurrence = 'custom';
    form.frequency =
      ({ DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as Record<string, string>)[
        parts.FREQ ?? ''
      ] ?? 'week';
    form.interval = String(interval);
    if (form.frequency === 'week' && byDay.length) form.weekdays = byDay;
    if (form.frequency === 'month') form.monthly_type = byDay.length ? 'weekday' : 'date';
  }
  if (parts.COUNT) {
    form.ends = 'after';
    form.count = parts.COUNT;
  } else {
    const until = untilOf(event.rrule);
    const untilDay = until ? dateKeyOf(until, event.rruleTzid ?? timeZone) : CALENDAR_RULES.noEndDate;
    if (untilDay < CALENDAR_RULES.noEndDate) {
      form.ends = 'on';
      form.until = untilDay;
    }
  }
  return form;
}

const weekdayName = (code: string) => WEEKDAYS.find((day) => day.value === code)?.label ?? code;
const joinNames = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

/** A short description of a rule: "Every weekday", "Weekly on Monday and Wednesday", "Every 2 months on the last Friday". */
export function describeRecurrence(rrule: string | null, timeZone: string): string {
  if (!rrule) return 'Does not repeat';
  const parts = ruleParts(rrule);
  const interval = Number(parts.INTERVAL ?? '1');
  const byDay = parts.BYDAY ? parts.BYDAY.split(',') : [];
  const every = (unit: string, adverb: string) => (interval === 1 ? adverb : `Every ${interval} ${unit}s`);
  let description: string;
  switch (parts.FREQ) {
    case 'DAILY':
      description = every('day', 'Daily');
      break;
    case 'WEEKLY':
      description =
        interval === 1 && byDay.join(',') === WORK_WEEK.join(',')
          ? 'Every weekday'
          : `${every('week', 'Weekly')}${byDay.length ? ` on ${joinNames(byDay.map(weekdayName))}` : ''}`;
      break;
    case 'MONTHLY': {
      const nth = /^([+-]?\d)?([A-Z]{2})$/.exec(byDay[0] ?? '');
      const on = parts.BYMONTHDAY
        ? ` on day ${parts.BYMONTHDAY}`
        : nth
          ? ` on the ${ORDINALS[String(Number(nth[1] ?? '1'))] ?? nth[1]} ${weekdayName(nth[2]!)}`
          : '';
      description = `${every('month', 'Monthly')}${on}`;
      break;
    }
    case 'YEARLY':
      description = every('year', 'Annually');
      break;
    default:
      description = 'Repeats';
  }
  if (parts.COUNT) return `${description}, ${parts.COUNT} ${parts.COUNT === '1' ? 'time' : 'times'}`;
  const until = untilOf(rrule);
  if (until) {
    const untilDay = dateKeyOf(until, timeZone);
    if (untilDay < CALENDAR_RULES.noEndDate) {
      const label = Temporal.PlainDate.from(untilDay).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      return `${description}, until ${label}`;
    }
  }
  return description;
}
