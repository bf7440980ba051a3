// Scheduled housekeeping jobs.
import type { JobDefinition } from './queue';

export const maintenanceJobs: JobDefinition<never>[] = [
  {
    // Sessions past their expiry (idle or absolute lifetime) are deleted every 15 minutes.
    name: 'sessions.prune',
    cron: '*/15 * * * *',
    retryLimit: 0,
    handle: async (_data, { db, logger }) => {
      const deleted = await db('sessions').where('expire', '<', db.fn.now()).delete();
      if (deleted) logger.info({ deleted }, 'expired sessions pruned');
    },
  },
] as JobDefinition<never>[];
