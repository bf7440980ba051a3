// Calendar months in a provider's time zone: which month an instant falls in, a run of months ending in
// one, and the instants where they begin and end. Temporal does the zone arithmetic (a month of 31 days
// with a clock change in it is 31 days and an hour long); nothing here adds offsets by hand.
import { Temporal } from 'temporal-polyfill';

/** A calendar month: `month` is 1 for January. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The month `instant` falls in, in `timeZone`. */
export function monthOf(instant: Date, timeZone: string): CalendarMonth {
  const day = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return { year: day.year, month: day.month };
}

/** `count` consecutive months, the last being `last`, oldest first. */
export function monthsEndingIn(last: CalendarMonth, count: number): CalendarMonth[] {
  const end = Temporal.PlainYearMonth.from(last);
  return Array.from({ length: count }, (_, i) => {
    const m = end.subtract({ months: count - 1 - i });
    return { year: m.year, month: m.month };
  });
}

/**
 * Where each of consecutive `months` begins in `timeZone` (the first instant of its first day), then
 * where the last one ends: `months.length + 1` instants, in order.
 */
export function monthBounds(months: readonly CalendarMonth[], timeZone: string): Date[] {
  if (months.length === 0) return [];
  const first = Temporal.PlainYearMonth.from(months[0]!);
  return Array.from({ length: months.length + 1 }, (_, i) => {
    const start = first.add({ months: i }).toPlainDate({ day: 1 }).toZonedDateTime({ timeZone });
    return new Date(start.epochMilliseconds);
  });
}

/** "2026-11" → { year: 2026, month: 11 }; null for anything else (a month filter from the address). */
export function parseMonth(text: unknown): CalendarMonth | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 2000 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** { year: 2026, month: 11 } → "2026-11". */
export const monthKey = (m: CalendarMonth): string => `${m.year}-${String(m.month).padStart(2, '0')}`;

/** Whether `a` comes before `b`. */
export const isBefore = (a: CalendarMonth, b: CalendarMonth): boolean =>
  a.year < b.year || (a.year === b.year && a.month < b.month);
