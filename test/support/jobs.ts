// Runs the job queue's due jobs in the test process, so a test can assert on what a job did (the
// outbox, a token) right after the request that enqueued it.
import { ctx } from './context';

export async function drainJobs(): Promise<number> {
  const { db, integrations, config } = ctx();
  return integrations.jobs.runDue({
    db,
    integrations,
    config,
    logger: (await import('../../server/logger')).createLogger('silent'),
  });
}
