// The appointments' view models: the panel of one appointment (views/components/AppointmentPanel) and a
// tab of the list grouped by day with 'Today!' and 'Tomorrow' tags (views/pages/appointments), each
// written out in the calendar's zone.
import type { Knex } from 'knex';
import { addDays, dateKeyOf } from '../domain/calendar';
import {
  appointmentPage,
  appointmentPageUrl,
  deadlineText,
  findAppointment,
  formTimeIn,
  isAnswerable,
  googleCalendarUrl,
  isChangeable,
  longDateIn,
  outlookCalendarUrl,
  RESCHEDULE_WINDOW_DAYS,
  stateOf,
  timeRangeIn,
  typeLabelOf,
  type AppointmentOwner,
  type AppointmentRecord,
  type AppointmentTab,
  type PageOptions,
} from '../domain/appointments';
import type { AppointmentPanelView } from '../../views/components/AppointmentPanel';
import type { AppointmentDayView, AppointmentListView } from '../../views/pages/appointments/AppointmentDays';

/** "preferred_contact_time" → "Preferred contact time". */
const questionOf = (key: string) => {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const answerOf = (answer: unknown): string => {
  if (answer === null || answer === undefined) return '';
  if (Array.isArray(answer)) return answer.map(answerOf).filter(Boolean).join(', ');
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (typeof answer === 'object') return JSON.stringify(answer);
  return String(answer);
};

/** `portalUrl`: the portal's public address, for the link back that calendar entries carry. */
export function panelViewOf(a: AppointmentRecord, now: Date, portalUrl: string): AppointmentPanelView {
  const pageUrl = appointmentPageUrl(portalUrl, a.id);
  const today = dateKeyOf(now, a.timeZone);
  return {
    id: a.id,
    typeLabel: typeLabelOf(a),
    date: longDateIn(a.start, a.timeZone),
    time: timeRangeIn(a.start, a.end, a.timeZone),
    state: stateOf(a, now),
    legacy: a.legacy,
    rescheduled: a.rescheduledAt !== null,
    providerName: a.providerName,
    client: { name: a.client.name, phoneNumber: a.client.phoneNumber, email: a.client.email },
    intakeForm: Object.entries(a.intakeForm).map(([key, answer]) => [questionOf(key), answerOf(answer)]),
    cancelMessage: a.canceled ? a.cancelMessage : null,
    links: {
      google: googleCalendarUrl(a, pageUrl),
      outlook: outlookCalendarUrl(a, pageUrl),
      ics: `/calendar/appointments/${a.id}/ics`,
    },
    changeable: isChangeable(a, now),
    request: a.request && {
      status: a.request.status,
      deadline: deadlineText(a.request.deadline, a.timeZone),
      answerable: isAnswerable(a, now),
    },
    reschedule: {
      date: dateKeyOf(a.start, a.timeZone),
      startTime: formTimeIn(a.start, a.timeZone),
      minDate: today,
      maxDate: addDays(today, RESCHEDULE_WINDOW_DAYS),
    },
  };
}

/** The panel of one of the provider's (or, in the practice inbox, the account's) appointments, or null when the id is not theirs. */
export async function loadAppointmentPanel(
  db: Knex,
  owner: number | AppointmentOwner,
  appointmentId: number,
  now: Date,
  portalUrl: string,
): Promise<AppointmentPanelView | null> {
  const appointment = await findAppointment(
    db,
    typeof owner === 'number' ? { providerId: owner } : owner,
    appointmentId,
  );
  return appointment && panelViewOf(appointment, now, portalUrl);
}

export interface ListOptions extends PageOptions {
  /** The calendar zone the days are read in. */
  timeZone: string;
  /** Where View Details of an appointment goes. */
  detailsHref: (appointmentId: number) => string;
}

export function groupByDay(
  appointments: AppointmentRecord[],
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
      requested: a.request?.status === 'pending' && !a.canceled,
      clientName: a.client.name,
      providerName: a.providerName,
      href: options.detailsHref(a.id),
    });
  }
  return days;
}

/** A tab of the appointments list, a page of it grouped by day. */
export async function listAppointmentTab(
  db: Knex,
  owner: AppointmentOwner,
  tab: AppointmentTab,
  options: ListOptions,
): Promise<AppointmentListView> {
  const page = await appointmentPage(db, owner, tab, options);
  return { tab, days: groupByDay(page.appointments, options), page: page.page, pageCount: page.pageCount };
}
