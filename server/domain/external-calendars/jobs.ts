// The sync jobs: one calendar (enqueued when a feed is added or a Google calendar linked, and by the
// half-hourly job), and the half-hourly job that enqueues one sync per calendar, so one slow feed
// never holds up the others.
import { CALENDAR_WRITE_BACK_JOB, type CalendarWriteBackData } from '../appointments';
import { CalendarSyncError } from '../../integrations/calendar-sync';
import type { JobDefinition } from '../../jobs/queue';
import { RENEW_WATCHES_JOB, STOP_WATCH_JOB, WATCH_CALENDAR_JOB } from './job-names';
import { enqueueDueWatches, pushAddress, stopChannel, watchCalendar } from './push';
import { enqueueAllSyncs, enqueueSync, SYNC_ALL_CALENDARS_JOB, SYNC_CALENDAR_JOB } from './service';
import { writeBackConsultation } from './write-back';
import { syncExternalCalendar } from './sync';

/** A wait a service asks for is kept within these bounds (seconds). */
const RETRY_AFTER_BOUNDS = { min: 1, max: 3600 } as const;

export const externalCalendarJobs: JobDefinition<never>[] = [
  {
    name: SYNC_CALENDAR_JOB,
    // An unreadable feed is recorded, not retried (the next half hour tries again); one refused for what it
    // holds is not read again until the provider asks; Google being down is retried.
    retryLimit: 2,
    retryDelaySeconds: 60,
    handle: async ({ calendarId }: { calendarId: number }, { db, integrations, logger }) => {
      try {
        const outcome = await syncExternalCalendar(db, Number(calendarId), {
          calendarSync: integrations.calendarSync,
          microsoftCalendar: integrations.microsoftCalendar,
          caldav: integrations.caldav,
        });
        logger.info({ calendarId, status: outcome.status }, 'external calendar synced');
      } catch (error) {
        // Throttled with a Retry-After: the next try waits as long as the service asked, not the queue's backoff.
        if (!(error instanceof CalendarSyncError) || error.retryAfterSeconds === null) throw error;
        const wait = Math.min(RETRY_AFTER_BOUNDS.max, Math.max(RETRY_AFTER_BOUNDS.min, error.retryAfterSeconds));
        await enqueueSync(db, integrations.jobs, Number(calendarId), { startAfter: wait });
        logger.info({ calendarId, retryAfterSeconds: wait }, 'external calendar sync throttled: tried again later');
      }
    },
  },
  {
    name: SYNC_ALL_CALENDARS_JOB,
    cron: '*/30 * * * *',
    retryLimit: 0,
    handle: async (_data: object, { db, integrations, logger }) => {
      const count = await enqueueAllSyncs(db, integrations.jobs);
      if (count) logger.info({ calendars: count }, 'external calendar syncs queued');
    },
  },
  {
    name: WATCH_CALENDAR_JOB,
    // Google down is retried; a refusal leaves the calendar to polling (the hourly job asks again).
    retryLimit: 3,
    retryDelaySeconds: 60,
    handle: async ({ calendarId }: { calendarId: number }, { db, integrations, config, logger }) => {
      const google = integrations.calendarSync;
      const address = pushAddress(config.portalUrl, google);
      if (!google || !address) return;
      const outcome = await watchCalendar(db, google, Number(calendarId), address);
      logger.info({ calendarId, outcome }, 'google calendar push channel');
    },
  },
  {
    name: RENEW_WATCHES_JOB,
    cron: '17 * * * *',
    retryLimit: 0,
    handle: async (_data: object, { db, integrations, config, logger }) => {
      if (!pushAddress(config.portalUrl, integrations.calendarSync)) return;
      const count = await enqueueDueWatches(db, integrations.jobs);
      if (count) logger.info({ calendars: count }, 'google calendar push channels queued');
    },
  },
  {
    name: STOP_WATCH_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    handle: async (
      { providerId, channelId, resourceId }: { providerId: number; channelId: string; resourceId: string },
      { db, integrations },
    ) => {
      if (integrations.calendarSync)
        await stopChannel(db, integrations.calendarSync, Number(providerId), channelId, resourceId);
    },
  },
  {
    name: CALENDAR_WRITE_BACK_JOB,
    // A service that is down is retried; a refusal is recorded beside the calendar (writeBackConsultation).
    retryLimit: 4,
    retryDelaySeconds: 60,
    handle: async (data: CalendarWriteBackData, { db, integrations, config, logger }) => {
      const consultation = { appointmentId: Number(data.appointmentId), providerId: Number(data.providerId) };
      try {
        const outcome = await writeBackConsultation(
          db,
          integrations.jobs,
          { google: integrations.calendarSync, microsoft: integrations.microsoftCalendar, caldav: integrations.caldav },
          consultation,
          config.portalUrl,
        );
        if (outcome !== 'nothing') logger.info({ ...consultation, outcome }, 'consultation written back');
      } catch (error) {
        if (!(error instanceof CalendarSyncError) || error.retryAfterSeconds === null) throw error;
        const wait = Math.min(RETRY_AFTER_BOUNDS.max, Math.max(RETRY_AFTER_BOUNDS.min, error.retryAfterSeconds));
        await integrations.jobs.enqueue(db, CALENDAR_WRITE_BACK_JOB, consultation, { startAfter: wait });
      }
    },
  },
] as JobDefinition<never>[];
