// The sync jobs: one calendar (enqueued when a feed is added or a Google calendar linked, and by the
// half-hourly job), and the half-hourly job that enqueues one sync per calendar, so one slow feed
// never holds up the others.
import type { JobDefinition } from '../../jobs/queue';
import { enqueueAllSyncs, SYNC_ALL_CALENDARS_JOB, SYNC_CALENDAR_JOB } from './service';
import { syncExternalCalendar } from './sync';

export const externalCalendarJobs: JobDefinition<never>[] = [
  {
    name: SYNC_CALENDAR_JOB,
    // An unreadable feed is recorded, not retried (the next half hour tries again); one refused for what it
    // holds is not read again until the provider asks; Google being down is retried.
    retryLimit: 2,
    retryDelaySeconds: 60,
    handle: async ({ calendarId }: { calendarId: number }, { db, integrations, logger }) => {
      const outcome = await syncExternalCalendar(db, Number(calendarId), { calendarSync: integrations.calendarSync });
      logger.info({ calendarId, status: outcome.status }, 'external calendar synced');
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
] as JobDefinition<never>[];
