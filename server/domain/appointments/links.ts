// "Add to calendar" for one consultation: Google and Outlook compose links and an .ics file. A calendar
// entry leaves the portal (synced to phones, shared with assistants, kept by the calendar service), so it
// carries the time, the client's initials and a link back to the portal's page of the consultation,
// where the provider, signed in, finds the client's name, phone and e-mail. Never the client's name,
// phone, e-mail or intake answers.
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AppointmentRecord } from './repo';

/**
 * "Casey Client" → "C.C."; "Mary Jane van Dyke" → "M.D.": the first letters of the first and the last
 * word, as the morning digest writes them (`initialsOf`). A name with no letter gives "Client", never a
 * character of what was typed.
 */
export function clientInitials(name: string): string {
  const words = name.split(/\s+/u).filter((word) => /\p{L}/u.test(word));
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const initials = picked.map((word) => `${/\p{L}/u.exec(word)![0].toLocaleUpperCase('en-US')}.`).join('');
  return initials || 'Client';
}

/** The title of a consultation's entry in an outside calendar (add-to-calendar and write-back). */
export const calendarEntryTitle = (clientName: string) => `Phone consultation with ${clientInitials(clientName)}`;

/** Its description: the link back, where the signed-in provider finds the client's details. */
export const calendarEntryDetails = (clientName: string, pageUrl: string) =>
  `${calendarEntryTitle(clientName)}\nThe client's name, phone and e-mail are in the portal: ${pageUrl}`;

/** The absolute address of the consultation's page on the provider's calendar. */
export const appointmentPageUrl = (portalUrl: string, appointmentId: number) =>
  `${portalUrl.replace(/\/+$/, '')}/calendar/appointments/${appointmentId}`;

/** 20261201T150000Z: Google's form of an instant. */
const googleInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarUrl(a: AppointmentRecord, pageUrl: string): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: calendarEntryTitle(a.client.name),
    dates: `${googleInstant(a.start)}/${googleInstant(a.end)}`,
    details: calendarEntryDetails(a.client.name, pageUrl),
    ctz: a.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookCalendarUrl(a: AppointmentRecord, pageUrl: string): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: calendarEntryTitle(a.client.name),
    startdt: a.start.toISOString(),
    enddt: a.end.toISOString(),
    body: calendarEntryDetails(a.client.name, pageUrl),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}

/** The .ics download's file name. */
export const icsFileName = (a: AppointmentRecord) => `phone-consultation-${a.id}.ics`;

/**
 * One VEVENT in UTC (a zone id without its VTIMEZONE block would be misread by some calendars), with the
 * link back as its URL too. The UID stays the same across reschedules, and SEQUENCE grows, so a calendar
 * updates the event it has.
 */
export function appointmentIcs(a: AppointmentRecord, now: Date, pageUrl: string): string {
  const host = new URL(pageUrl).host;
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
    summary: calendarEntryTitle(a.client.name),
    description: calendarEntryDetails(a.client.name, pageUrl),
    url: pageUrl,
  });
  return calendar.toString();
}
