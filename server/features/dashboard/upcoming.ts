// The upcoming phone consultations widget (spec 2 §2, §9): the next 2 days of appointments, grouped
// by the provider's calendar day with Today and Tomorrow labels. Pure, so time zones are tested alone.

export interface UpcomingAppointment { id: number; startTime: Date; endTime: Date; clientName: string }

export interface AppointmentDay {
  label: 'Today' | 'Tomorrow';
  /** The long date in the provider's time zone, e.g. "Monday, November 23". */
  date: string;
  appointments: { id: number; time: string; clientName: string }[];
}

/** Days of appointments shown on the dashboard (spec 2 §9). */
export const UPCOMING_DAYS = 2;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) formats.set(key, (cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return cached;
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayKey(instant: Date, timeZone: string): string {
  const parts = format(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day after a YYYY-MM-DD key (plain calendar arithmetic, no time zone involved). */
export function nextDayKey(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** "Monday, November 23" for the day of an instant in a time zone. */
export const longDate = (instant: Date, timeZone: string): string =>
  format(timeZone, { weekday: 'long', month: 'long', day: 'numeric' }).format(instant);

/** "9:30 AM – 10:00 AM EST" in the provider's time zone. */
export function timeRange(start: Date, end: Date, timeZone: string): string {
  const time = format(timeZone, { hour: 'numeric', minute: '2-digit' });
  const zone = format(timeZone, { timeZoneName: 'short' }).formatToParts(end).find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${time.format(start)} – ${time.format(end)} ${zone}`.trim();
}

/**
 * Groups appointments (already filtered: not canceled, end still ahead) into Today and Tomorrow of the
 * provider's time zone; appointments on later days are left out. Days without appointments are omitted.
 */
export function groupUpcoming(appointments: UpcomingAppointment[], now: Date, timeZone: string): AppointmentDay[] {
  const today = dayKey(now, timeZone);
  const tomorrow = nextDayKey(today);
  const days: AppointmentDay[] = [];
  for (const [label, key] of [['Today', today], ['Tomorrow', tomorrow]] as const) {
    const onDay = appointments
      .filter((a) => a.endTime > now && dayKey(a.startTime, timeZone) === key)
      .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    if (onDay.length === 0) continue;
    days.push({
      label,
      date: longDate(onDay[0]!.startTime, timeZone),
      appointments: onDay.map((a) => ({ id: a.id, time: timeRange(a.startTime, a.endTime, timeZone), clientName: a.clientName })),
    });
  }
  return days;
}
