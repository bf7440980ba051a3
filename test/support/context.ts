// One test database and one in-process portal for the whole run, or for the life of each worker
// process in a parallel run (mocha root hooks in hooks.ts).
import type { Express } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../../server/app';
import type { ChangeFeed } from '../../server/db/change-feed';
import { loadConfig, LOCAL_SERVICES, type Config } from '../../server/config';
import type { Integrations } from '../../server/integrations';
import { createPortalIntegrations } from '../../server/wiring';
import { createLogger } from '../../server/logger';
import { DEVELOPMENT_KEY_ID, developmentKeyring } from '../../server/lib/data-keyring';
import { syncCatalog } from '../../server/domain/billing';
import { createTestDatabase, type TestDatabase } from './database';
import { workerDataDir } from './parallel';

export interface TestContext {
  app: Express;
  db: Knex;
  config: Config;
  database: TestDatabase;
  changes: ChangeFeed;
  integrations: Integrations;
  close(): Promise<void>;
}

let current: TestContext | undefined;

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    // A worker of a parallel run has a folder of its own (uploads), so two never write into one.
    DATA_DIR: workerDataDir() ?? '.data/test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests run offline, also the ones that set NODE_ENV=production.
    ALLOW_LOCAL_SERVICES: Object.keys(LOCAL_SERVICES).join(','),
    // Every API call of the tests is held to server/api/openapi.json (refused in production, where it never runs).
    API_CONTRACT_CHECK: overrides.NODE_ENV === 'production' ? '0' : '1',
    // Production needs DATA_ENCRYPTION_KEYS: the development key, named, so it reads what the tests wrote.
    ...(overrides.NODE_ENV === 'production'
      ? { DATA_ENCRYPTION_KEYS: `${DEVELOPMENT_KEY_ID}:${developmentKeyring().current.key.toString('base64')}` }
      : {}),
    ...overrides,
  });
}

export async function startTestContext(): Promise<TestContext> {
  const database = await createTestDatabase();
  // The portal listens on a port of its own, its PORTAL_URL: a link that leaves it and comes back (the local
  // card server's hosted pages under /local-stripe) is followed as a browser would follow it.
  const listener = http.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listener.unref();
  const config = testConfig({ PORTAL_URL: `http://127.0.0.1:${(listener.address() as AddressInfo).port}` });
  const logger = createLogger(config.logLevel);
  const integrations = createPortalIntegrations(config, database.db, logger);
  // The queue's schema is installed, but no worker runs: tests run due jobs themselves (drainJobs).
  await integrations.jobs.start();
  // The local card server's catalog, as the portal's start writes it (the data reset keeps it).
  await syncCatalog(database.db, integrations.payments.gateway);
  const portal = createApp({ config, db: database.db, databaseUrl: database.url, logger, integrations });
  listener.on('request', portal.app);
  current = {
    app: portal.app,
    db: database.db,
    config,
    database,
    changes: portal.changes,
    integrations,
    async close() {
      await integrations.jobs.stop();
      await integrations.payments.close();
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
      await portal.close();
    },
  };
  return current;
}

export function ctx(): TestContext {
  if (!current) throw new Error('the test context is not started (test/support/hooks.ts)');
  return current;
}
