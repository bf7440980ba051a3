// Real portal processes for tests that kill, cut off or run several of them: each is `server/main.ts` on a
// port of its own, on a database of its own (the per-test truncation never touches it), and a visitor that
// keeps its cookies across processes of that database.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ctx } from './context';
import { CookieJar } from './cookie-jar';
import { TEST_PASSWORD } from './factories';

/** The same for every process, so a session made by one is good on the next. */
const SESSION_SECRET = 'portal-process-secret-portal-process-secret';

/** Waits until `check` holds, asking every `pollMs`; throws `why()` after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  why: () => string,
  pollMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(why());
}

export interface OwnDatabase {
  url: string;
  /** The maintenance database of the same server, to create, drop or cut off this one. */
  admin: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new empty database (`portal_<label>_…`) on the test run's server, or on `server` (a benchmark has no
 * test context); the first portal process started on it migrates it.
 */
export async function createOwnDatabase(label: string, server = ctx().database.url): Promise<OwnDatabase> {
  const url = new URL(server);
  const name = `portal_${label}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  url.pathname = '/postgres';
  const admin = url.toString();
  const asAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await asAdmin(`create database ${pg.escapeIdentifier(name)}`);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    admin,
    name,
    drop: () => asAdmin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
}

export interface Portal {
  child: ChildProcess;
  port: number;
  exited: Promise<unknown>;
  /** What the process wrote so far (for failure messages). */
  output(): string;
}

export interface PortalOptions {
  logLevel?: 'warn' | 'error' | 'info';
  /** Trust X-Forwarded-For, so each visitor can come from an address of its own (throttles per address). */
  trustProxy?: boolean;
  /** JOBS_IN_PROCESS: on unless asked; off for web processes beside a worker (startWorker). */
  jobsInProcess?: boolean;
  /**
   * Run the compiled build (dist/) instead of the TypeScript source through tsx. By default, when the build
   * is newer than every source (`npm test` builds first): it starts in under half of tsx's time.
   */
  compiled?: boolean;
  /** With `compiled`: map stack traces through dist/'s source maps (`--enable-source-maps`; production runs without: docs/operations.md, "Memory"); on unless false. */
  sourceMaps?: boolean;
  /** More settings (NODE_ENV=production and its companions, for a benchmark). */
  env?: Record<string, string>;
  /** How often /healthz is asked while the process starts. */
  pollMs?: number;
  /** How long the start may take (90 s; longer for several processes starting on a busy machine). */
  startTimeoutMs?: number;
  /** SEED_DEMO: off unless asked ('auto' loads the demo data into a database without users). */
  seedDemo?: 'auto' | boolean;
}

/** The folders the compiled server is built from (scripts/build-server.ts). */
const SERVER_SOURCES = ['server', 'views', 'seeds', 'migrations'];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/**
 * Whether dist/ was built after the last change to the server's sources (`npm test` builds it first):
 * the compiled processes start in a fraction of tsx's time, which is most of the cluster's start. A
 * stale build is never run: the processes then run the sources.
 */
let buildIsCurrent: boolean | undefined;
export function compiledBuildIsCurrent(): boolean {
  buildIsCurrent ??= builtAfterSources();
  return buildIsCurrent;
}

/** Node's arguments to run the server's entry: the compiled build when it is current, else the sources under tsx. */
export function entryArguments(
  entry: 'main' | 'worker',
  options: Pick<PortalOptions, 'compiled' | 'sourceMaps'> = {},
): string[] {
  return (options.compiled ?? compiledBuildIsCurrent())
    ? [...(options.sourceMaps === false ? [] : ['--enable-source-maps']), `dist/server/${entry}.js`]
    : ['--import', 'tsx', `server/${entry}.ts`];
}

function builtAfterSources(): boolean {
  try {
    const built = Math.min(...['main', 'worker'].map((entry) => fs.statSync(`dist/server/${entry}.js`).mtimeMs));
    return SERVER_SOURCES.every((folder) => newestChange(folder) <= built);
  } catch {
    return false;
  }
}

/**
 * Starts a portal process on `databaseUrl` and waits until /healthz answers 200. A free port can be taken
 * by another process between our probe and the portal's listen (tests run in parallel): that start is
 * tried again on another port.
 */
export async function startPortal(databaseUrl: string, options: PortalOptions = {}): Promise<Portal> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPortalOnce(databaseUrl, options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPortalOnce(databaseUrl: string, options: PortalOptions): Promise<Portal> {
  const port = await freePort();
  const portal = spawnPortal('main', databaseUrl, port, options);
  await until(
    async () => {
      if (portal.child.exitCode !== null) throw new Error(`the portal exited:\n${portal.output()}`);
      return (await health(portal)) === 200;
    },
    options.startTimeoutMs ?? 90_000,
    () => `the portal did not become healthy:\n${portal.output()}`,
    options.pollMs,
  );
  return portal;
}

/**
 * A job worker (`npm run worker`'s entry) on `databaseUrl`, started as the orchestrator starts it; resolves
 * once it runs the job queue (it logs so at info level; it listens on no port, so `port` is 0).
 */
export async function startWorker(databaseUrl: string, options: PortalOptions = {}): Promise<Portal> {
  const worker = spawnPortal('worker', databaseUrl, 0, { ...options, logLevel: 'info' });
  await until(
    async () => {
      if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output()}`);
      return worker.output().includes('worker is running the job queue');
    },
    options.startTimeoutMs ?? 90_000,
    () => `the worker did not start:\n${worker.output()}`,
    options.pollMs,
  );
  return worker;
}

function spawnPortal(entry: 'main' | 'worker', databaseUrl: string, port: number, options: PortalOptions): Portal {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
  const child = spawn(process.execPath, entryArguments(entry, options), {
    env: {
      ...process.env,
      TEST_DATABASE_URL: undefined,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      SEED_DEMO: String(options.seedDemo === true ? 1 : (options.seedDemo ?? 0)),
      NODE_ENV: 'development',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.trustProxy ? { TRUST_PROXY: '1' } : {}),
      ...(options.jobsInProcess === false ? { JOBS_IN_PROCESS: '0' } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return { child, port, exited, output: () => output };
}

/**
 * A port nothing listens on now, as the system hands them out. A random one from a fixed range was once
 * already taken when a killed portal was restarted, and the restart failed.
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Stops a process still running: SIGTERM, and SIGKILL if it has not ended 15 s later. */
export async function stopPortal(portal: Portal | undefined): Promise<void> {
  if (!portal || portal.child.exitCode !== null || portal.child.signalCode) return;
  portal.child.kill('SIGTERM');
  await Promise.race([portal.exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (portal.child.exitCode === null) portal.child.kill('SIGKILL');
}

/** The status of /healthz, 0 when the process does not answer. */
export async function health(portal: Portal): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${portal.port}/healthz`, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Where a visitor sends its requests: a portal process, or a proxy in front of several. */
export interface Target {
  port: number;
}

/** One browser: its cookies and, with `trustProxy`, its address; it can move to another process. */
export class Visitor {
  private readonly jar = new CookieJar();
  private headers: Record<string, string> = {};
  constructor(
    private portal: Target,
    private readonly ip?: string,
  ) {}

  use(portal: Target): this {
    this.portal = portal;
    return this;
  }

  /** Sends these headers with every request from now on (say, which process behind a proxy to ask). */
  with(headers: Record<string, string>): this {
    this.headers = headers;
    return this;
  }

  /** The Cookie header this visitor sends (for a stream opened with fetch). */
  cookie(): string {
    return this.jar.header();
  }

  async request(
    method: string,
    pathname: string,
    form?: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<{ status: number; text: string; location: string | null; headers: Headers }> {
    const response = await this.jar.fetch(`http://127.0.0.1:${this.portal.port}${pathname}`, {
      method,
      headers: {
        ...this.headers,
        ...(this.ip ? { 'X-Forwarded-For': this.ip } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal,
    });
    return {
      status: response.status,
      text: await response.text(),
      location: response.headers.get('location'),
      headers: response.headers,
    };
  }

  /** The form token of the page at `pathname` (fetching it also starts the session). */
  async token(pathname: string): Promise<string> {
    const page = await this.request('GET', pathname);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(token, `no form token on ${pathname} (${page.status})`);
    return token;
  }

  async signIn(email: string, password = TEST_PASSWORD): Promise<void> {
    const _csrf = await this.token('/login');
    const answer = await this.request('POST', '/login', { _csrf, email, password });
    assert.equal(answer.status, 303, `sign-in answered ${answer.status}`);
  }

  async signedIn(): Promise<boolean> {
    return (await this.request('GET', '/account-preferences')).status === 200;
  }
}
