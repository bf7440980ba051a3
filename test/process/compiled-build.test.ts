// The compiled production build (issue [24] item 2): `npm run build` leaves the server as JavaScript in
// dist/, which runs on plain Node with NODE_ENV=production, no tsx in the process: it migrates an empty
// database, serves a page and its assets, and records each migration under its source's name, so a
// database migrated by the TypeScript server (the tests', development's) is current for it and back.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOCAL_SERVICES } from '../../server/config';
import { createOwnDatabase, freePort, health, type OwnDatabase, until } from '../support/portal-process';

const MAIN = 'dist/server/main.js';

describe('the compiled server (dist/)', function () {
  this.timeout(120_000);
  let database: OwnDatabase;
  before(async () => {
    // `npm test` builds first (test/run.sh); a lone run of this file needs `npm run build`.
    if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    database = await createOwnDatabase('compiled');
  });
  after(async () => {
    await database?.drop();
  });

  it('runs on plain Node in production: migrates, serves, and names migrations as their sources', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compiled-')),
        SESSION_SECRET: 'compiled-build-test-secret-compiled-build',
        // Production needs a key for what clients write; a throwaway one, as this database is.
        DATA_ENCRYPTION_KEYS: `test:${crypto.randomBytes(32).toString('base64')}`,
        ALLOW_LOCAL_SERVICES: Object.keys(LOCAL_SERVICES).join(','),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const portal = { port };
    try {
      await until(
        async () => (await health(portal as never)) === 200,
        60_000,
        () => `not healthy:\n${output}`,
      );
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      assert.equal(ready.status, 200, output);
      const login = await fetch(`http://127.0.0.1:${port}/login`);
      assert.equal(login.status, 200);
      const html = await login.text();
      assert.match(html, /<title>Log In \|/);
      const stylesheet = /href="(\/build\/assets\/[^"]+\.css)"/.exec(html)?.[1];
      assert.ok(stylesheet, 'the page links the built stylesheet');
      assert.equal((await fetch(`http://127.0.0.1:${port}${stylesheet}`)).status, 200);
      // The API's description is bundled (dist/ holds no server/api/openapi.json to read).
      const description = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`);
      assert.equal(description.status, 200);
      assert.match(((await description.json()) as { openapi: string }).openapi, /^3\.1\./);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const names = (await client.query<{ name: string }>('select name from knex_migrations order by id')).rows.map(
          (r) => r.name,
        );
        const sources = fs
          .readdirSync('migrations')
          .filter((f) => f.endsWith('.ts'))
          .sort();
        assert.deepEqual(names, sources);
      } finally {
        await client.end();
      }
      // The production image holds no development packages: the compiled files import none of them.
      for (const file of fs.readdirSync('dist/server').filter((f) => f.endsWith('.js'))) {
        const code = fs.readFileSync(path.join('dist/server', file), 'utf8');
        const imported = [...code.matchAll(/from\s*"([^"./][^"]*)"/g)].map((m) => m[1]!.split('/')[0]!);
        for (const dev of ['tsx', 'vite', 'esbuild', '@vitejs', 'typescript', 'ajv', 'mocha'])
          assert.ok(!imported.includes(dev), `${file} imports ${dev}, a development package`);
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
  });
});
