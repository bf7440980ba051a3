// The re-wrap job: every ten minutes, data keys still wrapped by an older key-encryption key are moved to the
// current one (nothing to do, one indexed query). Operators can also run it at once: `npm run data-keys:rewrap`.
import type { JobDefinition } from '../../jobs';
import { rewrapDataKeys } from './service';

export const REWRAP_JOB = 'data-keys.rewrap';

export const dataProtectionJobs: JobDefinition<never>[] = [
  {
    name: REWRAP_JOB,
    cron: '*/10 * * * *',
    retryLimit: 2,
    handle: async (_data, { db, logger }) => {
      const moved = await rewrapDataKeys(db);
      if (moved) logger.info({ moved }, 'data keys re-wrapped under the current key-encryption key');
    },
  },
] as JobDefinition<never>[];
