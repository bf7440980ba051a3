// npm run bench:idle: what idle portal processes cost the database. Starts BENCH_PROCESSES (default 3)
// web processes (each with its job worker, the default) on one new database, waits until they are
// healthy and settled, then counts the database's transactions a second over BENCH_SECONDS (default
// 10) and the connections they hold. Nobody sends a request meanwhile.
//
// Settings: BENCH_PROCESSES, BENCH_SECONDS, TEST_DATABASE_URL / DATABASE_URL (the server to create the
// database on; required: an embedded server per process would measure something else).
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Long enough for pg-boss to re-read its queues' settings (it caches them for a minute). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 65) * 1000;
const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!server) {
  console.error('bench:idle needs TEST_DATABASE_URL or DATABASE_URL (a PostgreSQL server to create its database on).');
  process.exit(1);
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function healthy(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the process on port ${port} did not become healthy`);
}

const admin = new pg.Client({ connectionString: server });
await admin.connect();
const name = `portal_idle_${crypto.randomBytes(3).toString('hex')}`;
await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const children: ChildProcess[] = [];
try {
  const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
  for (const port of ports) {
    children.push(
      spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          TEST_DATABASE_URL: undefined,
          DATABASE_URL: url.toString(),
          PORT: String(port),
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-idle-')),
          SESSION_SECRET: 'bench-idle-secret-bench-idle-secret-1234',
          SEED_DEMO: '0',
          LOG_LEVEL: 'error',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
  }
  await Promise.all(ports.map((port) => healthy(port, Date.now() + 120_000)));
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const sample = async () => {
    const { rows } = await admin.query<{ xacts: string; connections: string }>(
      `select (select xact_commit + xact_rollback from pg_stat_database where datname = $1) as xacts,
              (select count(*) from pg_stat_activity where datname = $1) as connections`,
      [name],
    );
    return { xacts: Number(rows[0]!.xacts), connections: Number(rows[0]!.connections) };
  };
  // pg_stat_database is refreshed by the backends when they end a transaction (at most every ~1 s).
  await admin.query('select pg_stat_clear_snapshot()');
  const first = await sample();
  const seen = new Map<string, number>();
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    if (process.env.BENCH_IDLE_TRACE) {
      const { rows } = await admin.query<{ pid: number; query: string; at: string }>(
        `select pid, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query, state_change::text as at from pg_stat_activity where datname = $1`,
        [name],
      );
      for (const row of rows) seen.set(`${row.pid}|${row.at}|${row.query}`, 1);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  if (process.env.BENCH_IDLE_TRACE) {
    const byQuery = new Map<string, number>();
    for (const key of seen.keys()) {
      const query = key.split('|').slice(2).join('|');
      byQuery.set(query, (byQuery.get(query) ?? 0) + 1);
    }
    for (const [query, n] of [...byQuery].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(n, query);
  }
  await admin.query('select pg_stat_clear_snapshot()');
  const last = await sample();
  const perSecond = (last.xacts - first.xacts) / SECONDS;
  console.log(
    `${PROCESSES} idle processes (each with its job worker): ${perSecond.toFixed(1)} database transactions a second, ${last.connections} connections held`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.on('exit', r)))),
  );
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
