// Parallel runs (mocha --parallel): the main process names the run and, when no PostgreSQL server is
// given, starts the one embedded server the run's workers share; each worker keeps one database and
// one portal for every file it runs (hooks.ts); at the end the main process drops every database of
// the run, stops the embedded server and removes the run's files. A serial run uses none of this.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { createLogger } from '../../server/logger';
import { reportSlowestFiles } from './file-times';

// Set by the main process before the workers start; they inherit them.
const RUN_VARIABLE = 'PORTAL_TEST_RUN';
const SERVER_VARIABLE = 'PORTAL_TEST_RUN_SERVER';

/** mocha numbers its worker processes from 0 and tells each its number in MOCHA_WORKER_ID. */
export const workerId: string | undefined = process.env.MOCHA_WORKER_ID;
export const inWorker = workerId !== undefined;

/** The run's name in a parallel run (also in the name of each of its databases), else undefined. */
export const runId = (): string | undefined => process.env[RUN_VARIABLE] || undefined;

/** The PostgreSQL server given to the tests, if any. */
export const givenServerUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** The embedded server the main process started for the run's workers (no server given). */
export const runServerUrl = (): string | undefined => process.env[SERVER_VARIABLE] || undefined;

/** The run's own files (its workers' data folders, the accessibility verdicts): removed at its end. */
export function runDir(run: string): string {
  return path.resolve('.data/test/runs', run);
}

/** The worker's own DATA_DIR (uploads), so two workers never write into one folder. */
export function workerDataDir(): string | undefined {
  const run = runId();
  return inWorker && run ? path.join(runDir(run), `worker-${workerId}`) : undefined;
}

export const databasePrefix = (run: string | undefined) => (run ? `portal_test_${run}_` : 'portal_test_');

let embedded: { server: EmbeddedDatabase; dir: string } | undefined;

/** Global fixtures run in the main process only, in serial mode too: they act only for a parallel run. */
const isParallelRun = (runner: unknown) =>
  (runner as { isParallelMode?(): boolean } | undefined)?.isParallelMode?.() === true;

export async function mochaGlobalSetup(this: unknown): Promise<void> {
  if (!isParallelRun(this)) return;
  const run = `run${crypto.randomBytes(4).toString('hex')}`;
  process.env[RUN_VARIABLE] = run;
  fs.mkdirSync(runDir(run), { recursive: true });
  if (!givenServerUrl()) {
    const dir = path.join(os.tmpdir(), `members-portal-test-${process.pid}`);
    embedded = { server: await startEmbeddedPostgres(dir, createLogger('warn')), dir };
    process.env[SERVER_VARIABLE] = embedded.server.url;
  }
}

export async function mochaGlobalTeardown(this: unknown): Promise<void> {
  const run = runId();
  if (!run) return;
  reportSlowestFiles(runDir(run));
  try {
    const server = givenServerUrl() ?? runServerUrl();
    if (server) await dropRunDatabases(server, run);
  } finally {
    if (embedded) {
      await embedded.server.stop();
      fs.rmSync(embedded.dir, { recursive: true, force: true });
      embedded = undefined;
    }
    fs.rmSync(runDir(run), { recursive: true, force: true });
    try {
      fs.rmdirSync(path.dirname(runDir(run))); // once no other run is under way
    } catch {
      /* another run's folder is there */
    }
  }
}

/** Drops the databases of the run's workers (they are gone by now; `force` ends any connection left). */
async function dropRunDatabases(serverUrl: string, run: string): Promise<void> {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [databasePrefix(run)],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}
