// Write-back (issue [23] item 3): a provider may choose one linked calendar (Google, Outlook or CalDAV;
// off by default) that booked consultations are written to, as "Phone consultation with C.C." and a link
// to the consultation's page, nothing else of the client. Writing to Google or Outlook needs more than
// reading, so that permission is asked for only then (a second consent). A job does the writing, never
// the booking's transaction: it reads the consultation as it is when it runs and makes the calendar agree
// (created, moved, deleted), keeping the service's event id, so a retried or repeated job never writes a
// second copy. An event written stays in the calendar it went to: a later move or cancel changes it
// there, even after the provider chose another calendar or none.
import {
  appointmentPageUrl,
  type AppointmentRecord,
  calendarEntryDetails,
  calendarEntryTitle,
  findAppointment,
} from '../appointments';
import {
  type CaldavService,
  CalendarSyncError,
  type CalendarSync,
  type OutgoingEvent,
} from '../../integrations/calendar-sync';
import type { JobQueue } from '../../jobs/queue';
import { ValidationError } from '../../lib/errors';
import { lockProvider } from '../providers';
import { caldavAccountOf, caldavTransport } from './caldav';
import { grantedScopes, withAccessToken } from './google-account';
import * as repo from './repo';
import type { FetchFeedOptions } from './safe-fetch';
import { enqueueSync } from './service';

export const WRITE_BACK_FIELD = 'write_back_calendar_id';

export const WRITE_BACK_MESSAGES = {
  choose: 'Please choose one of your linked calendars.',
  notWritable: 'A calendar feed cannot be written to. Please choose a linked Google, Outlook or CalDAV calendar.',
  notSetUp: 'This calendar service is not set up on this portal.',
  on: 'Booked phone consultations will be written to your calendar, with the client’s initials only.',
  off: 'Booked phone consultations are no longer written to a calendar.',
  refused: 'The calendar service did not allow the portal to add events, so nothing will be written to it.',
} as const;

export interface WriteBackServices {
  google: CalendarSync | null;
  microsoft: CalendarSync | null;
  caldav: CaldavService | null;
  /** Options of the guarded fetcher (the tests' servers). */
  fetch?: FetchFeedOptions;
}

export type WriteBackChoice =
  | { status: 'off' }
  | { status: 'on'; calendar: repo.ExternalCalendar }
  /** The service must be asked for permission to write first (its consent), then the choice made again. */
  | { status: 'consent'; service: 'google' | 'microsoft'; calendarId: number };

/** The provider's choice: one of their linked calendars, or "none". */
export async function chooseWriteBackCalendar(
  db: repo.Db,
  services: Pick<WriteBackServices, 'google' | 'microsoft'>,
  providerId: number,
  chosen: unknown,
): Promise<WriteBackChoice> {
  const value = typeof chosen === 'string' ? chosen.trim() : '';
  if (value === 'none') {
    await db.transaction(async (trx) => {
      await lockProvider(trx, providerId);
      await repo.setWriteBack(trx, providerId, null);
    });
    return { status: 'off' };
  }
  const id = /^\d{1,15}$/.test(value) ? Number(value) : 0;
  const calendar = id ? await repo.findCalendar(db, providerId, id) : null;
  if (!calendar) throw new ValidationError({ [WRITE_BACK_FIELD]: WRITE_BACK_MESSAGES.choose });
  if (calendar.kind === 'ics') throw new ValidationError({ [WRITE_BACK_FIELD]: WRITE_BACK_MESSAGES.notWritable });
  if (calendar.kind === 'google' || calendar.kind === 'microsoft') {
    const sync = services[calendar.kind];
    if (!sync) throw new ValidationError({ [WRITE_BACK_FIELD]: WRITE_BACK_MESSAGES.notSetUp });
    if (!sync.canWrite(await grantedScopes(db, providerId, calendar.kind)))
      return { status: 'consent', service: calendar.kind, calendarId: calendar.id };
  }
  await db.transaction(async (trx) => {
    await lockProvider(trx, providerId);
    await repo.setWriteBack(trx, providerId, calendar.id);
  });
  return { status: 'on', calendar };
}

/** Whether a consultation belongs in the calendar: confirmed (not canceled, not a request still waiting). */
const isLive = (a: AppointmentRecord) =>
  !a.canceled && !a.legacy && (a.request === null || a.request.status === 'accepted');

/** The consultation as its calendar entry: the same key (UID) whatever its time. */
export function outgoingEvent(a: AppointmentRecord, portalUrl: string): OutgoingEvent {
  const url = appointmentPageUrl(portalUrl, a.id);
  return {
    key: `consultation-${a.id}@${new URL(portalUrl).host}`,
    title: calendarEntryTitle(a.client.name),
    description: calendarEntryDetails(a.client.name, url),
    url,
    start: a.start,
    end: a.end,
  };
}

async function put(
  db: repo.Db,
  services: WriteBackServices,
  calendar: repo.ExternalCalendar,
  event: OutgoingEvent,
  remoteId: string | null,
): Promise<string> {
  if (calendar.kind === 'caldav') {
    if (!services.caldav) throw new CalendarSyncError(WRITE_BACK_MESSAGES.notSetUp, 'access');
    const deps = { caldav: services.caldav, ...(services.fetch ? { fetch: services.fetch } : {}) };
    return services.caldav.putEvent(
      await caldavTransport(deps),
      await caldavAccountOf(db, calendar.providerId),
      calendar.remoteCalendarId!,
      event,
      remoteId,
    );
  }
  const service = calendar.kind === 'google' ? 'google' : 'microsoft';
  const sync = services[service];
  if (!sync?.putEvent) throw new CalendarSyncError(WRITE_BACK_MESSAGES.notSetUp, 'access');
  const remoteCalendar = calendar.kind === 'google' ? calendar.googleCalendarId! : calendar.remoteCalendarId!;
  return withAccessToken(db, sync, calendar.providerId, service, (token) =>
    sync.putEvent!(token, remoteCalendar, event, remoteId),
  );
}

async function remove(
  db: repo.Db,
  services: WriteBackServices,
  calendar: repo.ExternalCalendar,
  remoteId: string,
): Promise<void> {
  if (calendar.kind === 'caldav') {
    if (!services.caldav) throw new CalendarSyncError(WRITE_BACK_MESSAGES.notSetUp, 'access');
    const deps = { caldav: services.caldav, ...(services.fetch ? { fetch: services.fetch } : {}) };
    return services.caldav.deleteEvent(
      await caldavTransport(deps),
      await caldavAccountOf(db, calendar.providerId),
      remoteId,
    );
  }
  const service = calendar.kind === 'google' ? 'google' : 'microsoft';
  const sync = services[service];
  if (!sync?.deleteEvent) throw new CalendarSyncError(WRITE_BACK_MESSAGES.notSetUp, 'access');
  const remoteCalendar = calendar.kind === 'google' ? calendar.googleCalendarId! : calendar.remoteCalendarId!;
  await withAccessToken(db, sync, calendar.providerId, service, (token) =>
    sync.deleteEvent!(token, remoteCalendar, remoteId),
  );
}

export type WriteBackOutcome = 'written' | 'moved' | 'deleted' | 'nothing' | 'failed';

/**
 * Makes the provider's calendar agree with the consultation: written when it is confirmed and the
 * provider writes back, moved when its time changed, deleted when it was canceled. Read again after each
 * step (a change may land meanwhile), three rounds at most. A refusal (access withdrawn, calendar gone)
 * is recorded beside the calendar and not retried; a service that is down is thrown (the queue retries).
 */
export async function writeBackConsultation(
  db: repo.Db,
  jobs: JobQueue,
  services: WriteBackServices,
  consultation: { appointmentId: number; providerId: number },
  portalUrl: string,
  now = new Date(),
): Promise<WriteBackOutcome> {
  let outcome: WriteBackOutcome = 'nothing';
  for (let round = 0; round < 3; round++) {
    const { appointmentId, providerId } = consultation;
    const appointment = await findAppointment(db, { providerId }, appointmentId);
    const record = await repo.findWriteBack(db, appointmentId);
    const written = record ? await repo.findCalendar(db, providerId, record.calendarId) : null;
    // A consultation already over is not written now; one written before is still kept up to date.
    const wanted = appointment !== null && isLive(appointment) && (record !== null || appointment.end > now);
    const calendar = written ?? (wanted ? await repo.writeBackCalendar(db, providerId) : null);
    if (!calendar || !appointment) return outcome;
    const upToDate =
      record !== null &&
      record.calendarId === calendar.id &&
      record.start.getTime() === appointment.start.getTime() &&
      record.end.getTime() === appointment.end.getTime();
    if (wanted === upToDate && (wanted || !record)) return outcome;
    try {
      if (wanted) {
        const event = outgoingEvent(appointment, portalUrl);
        const remoteEventId = await put(db, services, calendar, event, record?.remoteEventId ?? null);
        await repo.saveWriteBack(db, {
          appointmentId,
          calendarId: calendar.id,
          remoteEventId,
          start: appointment.start,
          end: appointment.end,
        });
        outcome = record ? 'moved' : 'written';
      } else {
        await remove(db, services, calendar, record!.remoteEventId);
        await repo.deleteWriteBack(db, appointmentId);
        outcome = 'deleted';
      }
    } catch (error) {
      if (!(error instanceof CalendarSyncError) || error.reason === 'unavailable') throw error;
      await repo.setWriteBackError(db, calendar.id, error.message);
      return 'failed';
    }
    await repo.setWriteBackError(db, calendar.id, null);
    // Its busy time is read again soon: a cancel frees the slot there too.
    await enqueueSync(db, jobs, calendar.id);
  }
  return outcome;
}
