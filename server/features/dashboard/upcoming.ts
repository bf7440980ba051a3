// The upcoming phone consultations widget (spec 2 §2, §9): the next 2 days of appointments, grouped
// by the provider's calendar day with Today and Tomorrow labels. Pure, so time zones are tested alone.

import { timeRangeIn } from '../../domain/appointments';
import { dateKeyOf } from '../../domain/calendar';
import { dateFormatIn } from '../../../views/components/format';

export interface UpcomingAppointment {
  id: number;
  startTime: Date;
  endTime: Date;
  clientName: string;
  /** A request still waiting for the provider's answer. */
  requested?: boolean;
}

export interface AppointmentDay {
  label: 'Today' | 'Tomorrow';
  /** The long date in the provider's time zone, e.g. "Monday, November 23". */
  date: string;
  appointments: { id: number; time: string; clientName: string; requested: boolean }[];
}

// The calendar's day of an instant and the appointments' time range are the domain's; only the long date
// without a year is the widget's own. Formatters are costly to build: one per time zone, made on first use.
const longDateFormat = (timeZone: string) => dateFormatIn(timeZone, { weekday: 'long', month: 'long', day: 'numeric' });

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export const dayKey = dateKeyOf;

/** The day after a YYYY-MM-DD key (plain calendar arithmetic, no time zone involved). */
export function nextDayKey(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** "Monday, November 23" for the day of an instant in a time zone. */
export const longDate = (instant: Date, timeZone: string): string => longDateFormat(timeZone).format(instant);

/** "9:30am – 10:00am EST" in the provider's time zone. */
export const timeRange = timeRangeIn;

/** An appointment with its day and times already written out in the provider's time zone. */
export interface FormattedAppointment extends UpcomingAppointment {
  /** YYYY-MM-DD of the start, in the provider's time zone. */
  day: string;
  /** "Monday, November 23". */
  date: string;
  /** "9:30am – 10:00am EST". */
  time: string;
}

/** Formatting is the costly part of the widget, so it is done once, when the appointments are read. */
export const formatUpcoming = (appointments: UpcomingAppointment[], timeZone: string): FormattedAppointment[] =>
  appointments.map((a) => ({
    ...a,
    day: dayKey(a.startTime, timeZone),
    date: longDate(a.startTime, timeZone),
    time: timeRange(a.startTime, a.endTime, timeZone),
  }));

/**
 * Groups appointments (already filtered: not canceled, end still ahead) into Today and Tomorrow of the
 * provider's time zone; appointments on later days are left out. Days without appointments are omitted.
 */
export function groupUpcoming(appointments: UpcomingAppointment[], now: Date, timeZone: string): AppointmentDay[] {
  return groupFormatted(formatUpcoming(appointments, timeZone), now, timeZone);
}

/** groupUpcoming for appointments formatted beforehand. */
export function groupFormatted(appointments: FormattedAppointment[], now: Date, timeZone: string): AppointmentDay[] {
  const today = dayKey(now, timeZone);
  const tomorrow = nextDayKey(today);
  const ahead = appointments
    .filter((a) => a.endTime > now && (a.day === today || a.day === tomorrow))
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const days: AppointmentDay[] = [];
  for (const [label, key] of [
    ['Today', today],
    ['Tomorrow', tomorrow],
  ] as const) {
    const onDay = ahead.filter((a) => a.day === key);
    if (onDay.length === 0) continue;
    days.push({
      label,
      date: onDay[0]!.date,
      appointments: onDay.map((a) => ({
        id: a.id,
        time: a.time,
        clientName: a.clientName,
        requested: a.requested ?? false,
      })),
    });
  }
  return days;
}
