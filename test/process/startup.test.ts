// The process as an operator runs it: settings checked at start, embedded database by default,
// graceful stop on SIGTERM; and the failure pages a user may meet.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import express from 'express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { errorHandler } from '../../server/http/error-handler';
import { AssetManifest } from '../../server/http/assets';
import { requestLogging } from '../../server/http/request-logging';
import { createPortalIntegrations } from '../../server/wiring';
import { createLogger } from '../../server/logger';
import { createKnex } from '../../server/db/knex';
import { ctx, testConfig } from '../support/context';
import { createOwnDatabase, entryArguments, freePort } from '../support/portal-process';

function runServer(env: Record<string, string | undefined>) {
  // One process (no tsx wrapper), as in production, so the signal reaches the server itself; the compiled
  // build when it is current (a start under tsx took over 20 s on a loaded CI machine).
  const child = spawn(process.execPath, entryArguments('main'), {
    env: { ...process.env, DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, exited: Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !done) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy');
}

describe('start-up', () => {
  it('a wrong setting stops the server with one line naming it', async function () {
    this.timeout(60_000);
    const run = runServer({ PORT: 'not-a-port' });
    assert.equal(await run.exited, 1);
    assert.equal(run.output().trim(), 'Invalid setting PORT: PORT must be a number');
  });

  it('without DATABASE_URL it starts an embedded PostgreSQL with demo data, and stops cleanly on SIGTERM', async function () {
    this.timeout(120_000);
    // A private folder (mode 700), as a fresh clone in a mktemp folder has: as root the database
    // runs as the postgres user and must still get in.
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-')), 'data');
    const port = await freePort();
    const run = runServer({ PORT: String(port), DATA_DIR: dataDir });
    try {
      await waitForHealth(port, run.exited);
      const login = await fetch(`http://127.0.0.1:${port}/login`);
      assert.equal(login.status, 200);
      assert.ok(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION')), 'the database lives under DATA_DIR');
      run.child.kill('SIGTERM');
      assert.equal(await run.exited, 0, run.output());
      assert.ok(!fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid')), 'the embedded database stopped too');
    } finally {
      run.child.kill('SIGKILL');
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

describe('failure pages', () => {
  it('a server error shows a friendly 500 page with the request id and no stack trace', async () => {
    const app = express();
    app.locals.config = ctx().config;
    app.locals.assets = new AssetManifest({});
    app.use(requestLogging(createLogger('silent')));
    app.get('/boom', () => {
      throw new Error('secret internal detail');
    });
    app.use(errorHandler);
    const response = await supertest(app).get('/boom').set('X-Request-Id', 'req-test-12345').expect(500);
    assert.match(response.text, /Something went wrong/);
    assert.match(response.text, /req-test-12345/);
    assert.doesNotMatch(response.text, /secret internal detail|at Layer|node_modules/);
    const json = await supertest(app).get('/boom').set('Accept', 'application/json').expect(500);
    assert.equal(json.body.message, 'Something went wrong on our side.');
  });

  it('/healthz answers 503 when the database does not', async () => {
    const config = testConfig();
    const db = createKnex('postgres://postgres@127.0.0.1:1/nowhere', { min: 0, max: 1 });
    const portal = createApp({
      config,
      db,
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, db),
    });
    try {
      const response = await supertest(portal.app).get('/healthz').expect(503);
      assert.deepEqual(response.body, { status: 'unavailable' });
      const ready = await supertest(portal.app).get('/readyz').expect(503);
      assert.deepEqual(ready.body, {
        status: 'not ready',
        checks: { database: 'unavailable', migrations: 'unknown', jobs: 'unknown' },
      });
    } finally {
      await portal.close();
      await db.destroy();
    }
  });

  it('/readyz answers 503 while a migration is pending, and 200 once the database is migrated and the queue answers', async () => {
    const own = await createOwnDatabase('readyz');
    const config = testConfig();
    const db = createKnex(own.url, { min: 0, max: 2 });
    const portal = createApp({
      config,
      db,
      databaseUrl: own.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, db),
    });
    try {
      await db.migrate.latest();
      await db.migrate.down();
      const pending = await supertest(portal.app).get('/readyz').expect(503);
      assert.deepEqual(pending.body.checks, { database: 'ok', migrations: 'pending', jobs: 'ok' });
      await db.migrate.latest();
      const ready = await supertest(portal.app).get('/readyz').expect(200);
      assert.deepEqual(ready.body, { status: 'ready', checks: { database: 'ok', migrations: 'current', jobs: 'ok' } });
    } finally {
      await portal.close();
      await db.destroy();
      await own.drop();
    }
  });

  it('/dev/outbox does not exist in production', async () => {
    const config = testConfig({ NODE_ENV: 'production' });
    const { db, database } = ctx();
    const portal = createApp({
      config,
      db,
      databaseUrl: database.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, db),
    });
    try {
      await supertest(portal.app).get('/dev/outbox').expect(404);
    } finally {
      await portal.close();
    }
  });
});
