// "Add to calendar" for one consultation: Google and Outlook compose links and an .ics file. They carry
// the time, the client's name and phone (the provider calls them), never the intake answers.
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AppointmentRecord } from './repo';

const titleOf = (a: AppointmentRecord) => `Phone consultation with ${a.client.name}`;

function detailsOf(a: AppointmentRecord): string {
  return [
    `Phone consultation with ${a.client.name}.`,
    a.client.phoneNumber && `Phone: ${a.client.phoneNumber}`,
    a.client.email && `Email: ${a.client.email}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** 20261201T150000Z: Google's form of an instant. */
const googleInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarUrl(a: AppointmentRecord): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: titleOf(a),
    dates: `${googleInstant(a.start)}/${googleInstant(a.end)}`,
    details: detailsOf(a),
    ctz: a.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookCalendarUrl(a: AppointmentRecord): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: titleOf(a),
    startdt: a.start.toISOString(),
    enddt: a.end.toISOString(),
    body: detailsOf(a),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}

/** The .ics download's file name. */
export const icsFileName = (a: AppointmentRecord) => `phone-consultation-${a.id}.ics`;

/**
 * One VEVENT in UTC (a zone id without its VTIMEZONE block would be misread by some calendars). The UID
 * stays the same across reschedules, and SEQUENCE grows, so a calendar updates the event it has.
 */
export function appointmentIcs(a: AppointmentRecord, now: Date, host: string): string {
  const calendar = ical({
    prodId: { company: host, product: 'Phone consultations' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `appointment-${a.id}@${host}`,
    sequence: a.rescheduledAt ? 1 : 0,
    stamp: now,
    start: a.start,
    end: a.end,
    summary: titleOf(a),
    description: detailsOf(a),
  });
  return calendar.toString();
}
