// Scheduled housekeeping jobs.
import { IDEMPOTENCY_KEY_HOURS } from '../api/idempotency';
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
  {
    // Idempotency keys of the directory API are kept 24 hours.
    name: 'api.idempotency-keys.prune',
    cron: '7 * * * *',
    retryLimit: 0,
    handle: async (_data, { db }) => {
      await db('api_idempotency_keys')
        .where('created_at', '<', db.raw(`now() - interval '${IDEMPOTENCY_KEY_HOURS} hours'`))
        .delete();
    },
  },
] as JobDefinition<never>[];
