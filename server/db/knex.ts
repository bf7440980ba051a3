// The knex instance and the migration settings shared by the server, the CLI and the tests.
import knexFactory, { type Knex } from 'knex';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { fileURLToPath, pathToFileURL } from 'node:url';

// bigint ids and counts come back as numbers, not strings (all our ids fit in 2^53); numeric too (the one
// numeric column, billing_attempts.tax_percentage, is numeric(8,4): a double holds it exactly enough, and no
// query sums bigints into a numeric). The generated row types (server/db/tables.ts) say number for both.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
// bigint[] as well (billing_subscriptions.provider_ids): pg's own array parser gives its elements as strings.
const INT8_ARRAY = 1016 as Parameters<typeof pg.types.getTypeParser>[0];
const parseInt8Array = pg.types.getTypeParser(INT8_ARRAY) as (value: string) => (string | null)[];
pg.types.setTypeParser(INT8_ARRAY, (value) => parseInt8Array(value).map((n) => (n === null ? null : Number(n))));

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether this code runs compiled (dist/server/*.js, `npm run start:prod`) rather than as TypeScript through tsx. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/**
 * The compiled migrations (dist/migrations/*.js), named as their sources (`….ts`): knex_migrations
 * records each migration by its file name, so a database migrated by either way of running stays current
 * for the other.
 */
class CompiledMigrations implements Knex.MigrationSource<string> {
  constructor(private readonly directory: string) {}
  async getMigrations(): Promise<string[]> {
    return fs
      .readdirSync(this.directory)
      .filter((file) => file.endsWith('.js'))
      .sort();
  }
  getMigrationName(file: string): string {
    return file.replace(/\.js$/, '.ts');
  }
  async getMigration(file: string): Promise<Knex.Migration> {
    return import(pathToFileURL(path.join(this.directory, file)).href);
  }
}

export const migrationConfig: Knex.MigratorConfig = RUNS_COMPILED
  ? { migrationSource: new CompiledMigrations(path.join(ROOT_DIR, 'dist', 'migrations')), tableName: 'knex_migrations' }
  : { directory: path.join(ROOT_DIR, 'migrations'), loadExtensions: ['.ts'], tableName: 'knex_migrations' };

/**
 * PostgreSQL compiles a query whose estimated cost passes jit_above_cost (on by default), which costs
 * tens of milliseconds at each run: a practice's client list (12,000 conversations' first messages) took
 * 237 ms, mostly compiling. The portal's queries are short lookups that never repay it. Set per
 * connection rather than as a startup option, which PgBouncer refuses.
 */
function withoutJit(
  connection: { query: (sql: string, done: (error?: Error) => void) => void },
  done: (error: Error | undefined, connection: unknown) => void,
): void {
  connection.query('SET jit = off', (error) => done(error, connection));
}

/**
 * With a logger, knex's own warnings (a connection dropped, a connection refused while the database is
 * away) become one JSON log line each, the first line of the message only, instead of multi-line stack
 * traces on the console that break the one-JSON-object-per-line log.
 */
export function createKnex(connectionString: string, pool = { min: 0, max: 10 }, logger?: Logger): Knex {
  const firstLine = (message: unknown) => String(message).split('\n')[0];
  const log = logger && {
    warn: (message: unknown) => logger.warn({ source: 'knex' }, firstLine(message)),
    error: (message: unknown) => logger.error({ source: 'knex' }, firstLine(message)),
    deprecate: (message: unknown) => logger.warn({ source: 'knex' }, firstLine(message)),
    debug: (message: unknown) => logger.debug({ source: 'knex' }, firstLine(message)),
  };
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: { ...pool, afterCreate: withoutJit },
    migrations: migrationConfig,
    ...(log ? { log } : {}),
  });
}
