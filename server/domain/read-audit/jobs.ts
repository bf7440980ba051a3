// Records are kept READ_AUDIT_RETENTION_YEARS (6 unless set), then deleted by this daily job, the only
// deletion the table allows.
import type { JobDefinition } from '../../jobs';
import { deleteExpiredReads } from './repo';

export const readAuditJobs: JobDefinition<never>[] = [
  {
    name: 'read-records.prune-expired',
    cron: '41 3 * * *',
    retryLimit: 2,
    handle: async (_data, { db, config, logger }) => {
      const deleted = await deleteExpiredReads(db, config.readAuditRetentionYears);
      if (deleted) logger.info({ deleted, years: config.readAuditRetentionYears }, 'expired read records deleted');
    },
  },
] as JobDefinition<never>[];
