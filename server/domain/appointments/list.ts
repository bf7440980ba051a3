// A tab of the appointments list (spec 3 §2, §4), for one provider or, in the practice inbox, an account:
// one page of its appointments, oldest or newest first as the tab reads. Grouping them by day in the
// calendar's zone is the presenters' (server/presenters/appointments.ts).
import type { Knex } from 'knex';
import * as repo from './repo';

export const APPOINTMENT_TABS = ['upcoming', 'past', 'canceled'] as const satisfies readonly repo.AppointmentTab[];

export const isAppointmentTab = (value: unknown): value is repo.AppointmentTab =>
  APPOINTMENT_TABS.includes(value as repo.AppointmentTab);

export interface PageOptions {
  /** 1-based; past the last page shows the last one. */
  page: number;
  pageSize: number;
  now: Date;
  /** Only clients whose name or e-mail contains this (the practice inbox's search box). */
  search?: string;
}

export interface AppointmentPage {
  tab: repo.AppointmentTab;
  appointments: repo.AppointmentRecord[];
  page: number;
  pageCount: number;
}

export async function appointmentPage(
  db: Knex,
  owner: repo.AppointmentOwner,
  tab: repo.AppointmentTab,
  options: PageOptions,
): Promise<AppointmentPage> {
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
  return { tab, appointments, page, pageCount };
}
