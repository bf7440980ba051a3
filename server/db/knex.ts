// The knex instance and the migration settings shared by the server, the CLI and the tests.
import knexFactory, { type Knex } from 'knex';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

// bigint ids and counts come back as numbers, not strings (all our ids fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const migrationConfig: Knex.MigratorConfig = {
  directory: path.join(ROOT_DIR, 'migrations'),
  loadExtensions: ['.ts'],
  tableName: 'knex_migrations',
};

export function createKnex(connectionString: string, pool = { min: 0, max: 10 }): Knex {
  return knexFactory({ client: 'pg', connection: connectionString, pool, migrations: migrationConfig });
}
