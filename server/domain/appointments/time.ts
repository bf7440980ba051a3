// Writing an appointment's time in the calendar's zone (long dates, "1:00pm" times and ranges with the
// zone's abbreviation) and reading that form back to an instant. Intl and
// Temporal do the zone arithmetic (calendar days come from the calendar module); no offset by hand.
import { Temporal } from 'temporal-polyfill';

// Formatters are costly to build: one per zone and kind, made on first use.
const FORMATS = {
  longDate: { locale: 'en-US', options: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } },
  zone: { locale: 'en-US', options: { timeZoneName: 'short' } },
  formTime: { locale: 'en-US', options: { hour: 'numeric', minute: '2-digit', hour12: true } },
} satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let cached = formats.get(key);
  if (!cached)
    formats.set(key, (cached = new Intl.DateTimeFormat(FORMATS[kind].locale, { ...FORMATS[kind].options, timeZone })));
  return cached;
}

/** "Monday, November 23, 2026" for the day of an instant in a zone. */
export const longDateIn = (instant: Date, timeZone: string): string => format(timeZone, 'longDate').format(instant);

/**
 * "9:30am – 10:00am EST" in a zone: the portal's one way of writing a time of day (spec 3 §5's "1:00pm",
 * as the calendar's grid and forms write it), with the zone's abbreviation, as the range is read away
 * from the calendar that names its zone (the panel, lists, e-mails, messages).
 */
export function timeRangeIn(start: Date, end: Date, timeZone: string): string {
  return `${formTimeIn(start, timeZone)} – ${formTimeIn(end, timeZone)} ${zoneNameAt(end, timeZone)}`.trim();
}

/** "1:00pm": the reschedule form's way of writing the start of an instant in a zone. */
export function formTimeIn(instant: Date, timeZone: string): string {
  return remembered(`time|${timeZone}|${instant.getTime()}`, () => {
    const parts = format(timeZone, 'formTime').formatToParts(instant);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()}`;
  });
}

/** "EST": the zone's abbreviation at an instant. */
const zoneNameAt = (instant: Date, timeZone: string): string =>
  remembered(
    `zone|${timeZone}|${instant.getTime()}`,
    () =>
      format(timeZone, 'zone')
        .formatToParts(instant)
        .find((p) => p.type === 'timeZoneName')?.value ?? '',
  );

/**
 * Times already written, by zone and instant: the same appointments' times are written again at every
 * view of a list, the calendar or the dashboard, and formatToParts was an eighth of the CPU time of a page
 * of 50 appointments. Emptied when full.
 */
const written = new Map<string, string>();
const WRITTEN_MAX = 10_000;
function remembered(key: string, write: () => string): string {
  let text = written.get(key);
  if (text === undefined) {
    if (written.size >= WRITTEN_MAX) written.clear();
    text = write();
    written.set(key, text);
  }
  return text;
}

/** "1:00pm", "1pm", "01:30 PM" → minutes after midnight; null when not a time of day in that format. */
export function parseFormTime(text: string): number | null {
  const match = /^\s*(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?m\.?\s*$/i.exec(text);
  if (!match) return null;
  const hour = Number(match[1]);
  if (hour < 1 || hour > 12) return null;
  const pm = match[3]!.toLowerCase() === 'p';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + Number(match[2] ?? 0);
}

/** Whether a YYYY-MM-DD text is a real calendar date. */
export function isDateKey(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    Temporal.PlainDate.from(text, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant a wall-clock date and time names in a zone. A time skipped by a clock change moves
 * forward (2:30am on a spring-forward day is 3:30am), a repeated one takes its first occurrence.
 */
export function instantOf(dateKey: string, minutes: number, timeZone: string): Date {
  const local = Temporal.PlainDate.from(dateKey).toPlainDateTime({
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
  });
  return new Date(local.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds);
}
