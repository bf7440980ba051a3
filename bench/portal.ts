// What the benchmark and the profiler share: the portal started in-process on a database of its own with
// the demo data (production settings, logs to /dev/null), listening on a free port, and the load
// generator run in a child process. Import after NODE_ENV=production is set (React picks its build on load).
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type express from 'express';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from '../server/app';
import { loadConfig, LOCAL_SERVICES } from '../server/config';
import { createPortalIntegrations } from '../server/wiring';
import { REDACT_PATHS } from '../server/logger';
import { runSeeds } from '../seeds/index';
import { seedDemoBilling } from '../seeds/demo-billing';
import { syncCatalog } from '../server/domain/billing';
import { createTestDatabase } from '../test/support/database';
import type { LoadJob, LoadResult } from './load';
import { ensureBenchDataKeys } from './settings';

/** Clean-up steps, run last-in first-out by cleanUp() (also on Ctrl-C). */
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`clean-up step failed: ${String(error)}`);
      }
    }
  })();
  return cleaning;
}
/** Adds a clean-up step (run before the ones added earlier). */
export function onCleanUp(step: () => Promise<void> | void): void {
  cleanups.push(step);
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/** `cardServerCalls`: how many calls the local card server has answered so far (a page must make none). */
export interface BenchPortal {
  base: string;
  databaseUrl: string;
  db: Knex;
  cardServerCalls: () => number;
}

/**
 * A fresh database (TEST_DATABASE_URL / DATABASE_URL, else embedded) with demo data, and the portal on it.
 * `prepare` runs on the database after the seeds and before the portal starts (bench:scale loads its rows there).
 */
// The benches run as production does, which needs a key for what clients write (the migrations encrypt too):
// a throwaway one, as their databases are.
ensureBenchDataKeys();

export async function startPortal(prepare?: (db: Knex) => Promise<void>): Promise<BenchPortal> {
  const database = await createTestDatabase();
  cleanups.push(async () => {
    await untilPoolIdle(database.db);
    await database.drop();
  });
  await runSeeds(database.db, { demo: true });
  if (prepare) await prepare(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEYS: ensureBenchDataKeys(),
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // The bench's own API token reads slots as fast as it can.
    API_RATE_LIMIT: '100000',
    // Measured offline, like a demo server.
    ALLOW_LOCAL_SERVICES: Object.keys(LOCAL_SERVICES).join(','),
    // READ_CACHE=0 measures every load as a first load (no kept page, no cached read), as production sees
    // a page after any write anywhere.
    ...(process.env.READ_CACHE ? { READ_CACHE: process.env.READ_CACHE } : {}),
  });
  // Request logs are produced as in production (JSON, redacted) but written to /dev/null.
  const logger = pino(
    { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.destination({ dest: '/dev/null', sync: false }),
  );
  const integrations = createPortalIntegrations(config, database.db);
  // The demo memberships, on the local card server, as `npm start` makes them.
  const local = (await integrations.payments.local())!;
  await syncCatalog(database.db, integrations.payments.gateway);
  await seedDemoBilling(database.db, integrations.payments.gateway, local);
  cleanups.push(() => integrations.payments.close());
  const portal = createApp({ config, db: database.db, databaseUrl: database.url, logger, integrations });
  cleanups.push(() => portal.close());
  // Measure the portal as it runs: with its caches live (unless turned off, when no change feed starts).
  if (config.readCache) await portal.changes.whenLive();
  return {
    base: await listen(portal.app),
    databaseUrl: database.url,
    db: database.db,
    cardServerCalls: () => local.requestCount(),
  };
}

/**
 * Waits (10 s at most) for the reads of requests the load generator gave up on at the end of a run: a
 * first load queues for the pool's connections, and dropping the database under them fails them noisily.
 */
async function untilPoolIdle(db: Knex): Promise<void> {
  const pool = db.client.pool as { numUsed(): number; numPendingAcquires(): number } | undefined;
  for (const deadline = Date.now() + 10_000; pool && Date.now() < deadline; ) {
    if (pool.numUsed() === 0 && pool.numPendingAcquires() === 0) return;
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

export async function listen(app: express.Express): Promise<string> {
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The load generator's process, started on the first job and kept for the next ones (a start costs about a second). */
let generator: { child: ChildProcess; next: number; waiting: Map<number, (answer: LoadAnswer) => void> } | undefined;
interface LoadAnswer {
  id: number;
  result?: LoadResult;
  error?: string;
}

/** Runs one autocannon job in a child process (so load and portal do not share an event loop). */
export function load(job: LoadJob): Promise<LoadResult> {
  if (!generator || generator.child.exitCode !== null || !generator.child.connected) {
    const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started = { child, next: 1, waiting: new Map<number, (answer: LoadAnswer) => void>() };
    generator = started;
    const failAll = (why: string) => {
      for (const [id, answer] of started.waiting) answer({ id, error: why });
      started.waiting.clear();
    };
    child.on('message', (message: LoadAnswer) => {
      started.waiting.get(message.id)?.(message);
      started.waiting.delete(message.id);
      // Idle, the generator keeps no bench alive (bench:cluster ends with process.exit, the others clean up).
      if (!started.waiting.size) child.channel?.unref();
    });
    child.once('error', (error) => failAll(String(error)));
    child.once('exit', (code) => failAll(`exited with ${code} before answering`));
    child.unref();
    cleanups.push(() => {
      if (child.connected) child.disconnect();
    });
  }
  const { child, waiting } = generator;
  const id = generator.next++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (answer) => {
      if (answer.result) resolve(answer.result);
      else reject(new Error(`load generator: ${answer.error}`));
    });
    child.channel?.ref();
    child.send({ id, job });
  });
}
