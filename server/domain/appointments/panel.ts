// The panel's view model (views/components/AppointmentPanel): one appointment of one provider, written
// out in the calendar's zone, with its calendar links and whether it may still be canceled or moved.
import type { Knex } from 'knex';
import type { AppointmentPanelView, AppointmentState } from '../../../views/components/AppointmentPanel';
import { addDays, dateKeyOf } from '../calendar';
import { googleCalendarUrl, outlookCalendarUrl } from './links';
import * as repo from './repo';
import { formTimeIn, longDateIn, timeRangeIn } from './time';

/** The reschedule date picker reaches this many days ahead (spec 3 §9 "date window 90 days"). */
export const RESCHEDULE_WINDOW_DAYS = 90;

export const stateOf = (a: repo.AppointmentRecord, now: Date): AppointmentState =>
  a.canceled ? 'canceled' : a.end > now ? 'upcoming' : 'past';

/** Spec 3 §4: cancel and reschedule only when not legacy, not canceled and the end is in the future. */
export const isChangeable = (a: repo.AppointmentRecord, now: Date): boolean => !a.legacy && !a.canceled && a.end > now;

export const typeLabelOf = (a: repo.AppointmentRecord) =>
  a.type === 'provider_contact' ? 'Contact request' : 'Phone Consult';

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

export function panelViewOf(a: repo.AppointmentRecord, now: Date): AppointmentPanelView {
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
    links: { google: googleCalendarUrl(a), outlook: outlookCalendarUrl(a), ics: `/calendar/appointments/${a.id}/ics` },
    changeable: isChangeable(a, now),
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
  owner: number | repo.AppointmentOwner,
  appointmentId: number,
  now: Date,
): Promise<AppointmentPanelView | null> {
  const appointment = await repo.findAppointment(
    db,
    typeof owner === 'number' ? { providerId: owner } : owner,
    appointmentId,
  );
  return appointment && panelViewOf(appointment, now);
}
