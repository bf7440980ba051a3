// `npm run worker`: runs the portal's jobs in a process of its own (set JOBS_IN_PROCESS=0 on the web
// processes then). SIGTERM/SIGINT let the jobs in flight finish before the pools close.
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/open';
import { checkPostgresVersion } from './db/postgres-version';
import { withStartUpLock } from './db/start-up-lock';
import { createPortalIntegrations } from './wiring';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfigOrExit('worker');
  const logger = createLogger(config.logLevel);
  if (!config.databaseUrl) {
    // The embedded database belongs to the web process; a second process cannot start it again.
    console.error('npm run worker needs DATABASE_URL: without it, the jobs run inside npm start.');
    process.exit(1);
  }
  const database = await openDatabase(config, logger);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  const integrations = createPortalIntegrations(config, database.db, logger);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await integrations.jobs.stop();
    await database.close();
    logger.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await checkPostgresVersion(database.db, logger);
    // Takes turns with web processes starting at the same moment (server/db/start-up-lock.ts).
    if (config.migrateOnStart) await withStartUpLock(database.url, logger, () => database.db.migrate.latest());
    await integrations.jobs.work({ db: database.db, integrations, config, logger });
    logger.info('worker is running the job queue');
  } catch (error) {
    logger.fatal({ err: error }, 'worker start-up failed');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
