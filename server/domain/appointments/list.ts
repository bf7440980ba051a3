// A tab of the appointments list (spec 3 §2, §4), for one provider or, in the practice inbox, an account:
// one page of it, grouped by day in the calendar's zone, with 'Today!' and 'Tomorrow' tags.
import type { Knex } from 'knex';
import type { AppointmentDayView, AppointmentListView } from '../../../views/pages/appointments/AppointmentDays';
import { addDays, dateKeyOf } from '../calendar';
import * as repo from './repo';
import { longDateIn, timeRangeIn } from './time';

export const APPOINTMENT_TABS = ['upcoming', 'past', 'canceled'] as const satisfies readonly repo.AppointmentTab[];

export const isAppointmentTab = (value: unknown): value is repo.AppointmentTab =>
  APPOINTMENT_TABS.includes(value as repo.AppointmentTab);

export interface ListOptions {
  /** 1-based; past the last page shows the last one. */
  page: number;
  pageSize: number;
  now: Date;
  /** The calendar zone the days are read in. */
  timeZone: string;
  /** Where View Details of an appointment goes. */
  detailsHref: (appointmentId: number) => string;
  /** Only clients whose name or e-mail contains this (the practice inbox's search box). */
  search?: string;
}

export function groupByDay(
  appointments: repo.AppointmentRecord[],
  options: Pick<ListOptions, 'now' | 'timeZone' | 'detailsHref'>,
): AppointmentDayView[] {
  const { now, timeZone } = options;
  const today = dateKeyOf(now, timeZone);
  const tomorrow = addDays(today, 1);
  const days: AppointmentDayView[] = [];
  for (const a of appointments) {
    const key = dateKeyOf(a.start, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = {
        key,
        date: longDateIn(a.start, timeZone),
        tag: key === today ? 'Today!' : key === tomorrow ? 'Tomorrow' : null,
        appointments: [],
      };
      days.push(day);
    }
    day.appointments.push({
      id: a.id,
      time: timeRangeIn(a.start, a.end, timeZone),
      canceled: a.canceled,
      clientName: a.client.name,
      providerName: a.providerName,
      href: options.detailsHref(a.id),
    });
  }
  return days;
}

export async function listAppointmentTab(
  db: Knex,
  owner: repo.AppointmentOwner,
  tab: repo.AppointmentTab,
  options: ListOptions,
): Promise<AppointmentListView> {
  const total = await repo.countAppointments(db, owner, tab, options.now, options.search);
  const pageCount = Math.max(1, Math.ceil(total / options.pageSize));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const appointments =
    total === 0
      ? []
      : await repo.listAppointments(
          db,
          owner,
          tab,
          options.now,
          { limit: options.pageSize, offset: (page - 1) * options.pageSize },
          options.search,
        );
  return { tab, days: groupByDay(appointments, options), page, pageCount };
}
