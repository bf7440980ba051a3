// The tests' own PostgreSQL database: a fresh one per run on TEST_DATABASE_URL / DATABASE_URL when set,
// else on an embedded server under the system temp folder. Never the demo data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/db/embedded';
import { createKnex } from '../../server/db/knex';
import { createLogger } from '../../server/logger';
import { seedReference } from '../../seeds/index';

/** Reference tables keep their rows between tests; everything else is emptied. */
// Reference data, and the catalog's prices (synced once at the start of the run, like the local card server's catalog).
const KEPT_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'tags', 'us_states', 'vetting_questions', 'billing_prices']);

export interface TestDatabase { url: string; db: Knex; reset(): Promise<void>; drop(): Promise<void> }

export async function createTestDatabase(): Promise<TestDatabase> {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  // An embedded server of this run's own, so parallel runs on one machine never stop each other's.
  const embeddedDir = path.join(os.tmpdir(), `members-portal-test-${process.pid}`);
  const embedded = given ? null : await startEmbeddedPostgres(embeddedDir, createLogger('warn'));
  const serverUrl = new URL(given ?? embedded!.url);
  const name = `portal_test_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = withDatabase(serverUrl, 'postgres');
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(serverUrl, name);
  const db = createKnex(url);
  await db.migrate.latest();
  await seedReference(db);
  const tables: string[] = (
    await db('pg_tables').select('tablename').where({ schemaname: 'public' })
  ).map((r: { tablename: string }) => r.tablename).filter((t: string) => !KEPT_TABLES.has(t));

  const anyRowsIn = tables.map((t) => `select '${t}' as t where exists (select 1 from "${t}")`).join(' union all ');
  const sequences: string[] = (await db.raw(
    `select pg_get_serial_sequence(format('%I', table_name), column_name) as s from information_schema.columns
     where table_schema = current_schema() and table_name = any(?) and (column_default like 'nextval%' or is_identity = 'YES')`, [tables],
  )).rows.map((r: { s: string | null }) => r.s).filter((s: string | null): s is string => Boolean(s));

  return {
    url,
    db,
    async reset() {
      // Only the tables a test wrote to are truncated (a truncate of every table cost ~150 ms a test, most
      // of it on empty tables); every sequence starts again at 1, so ids are the same whatever ran before.
      const written: string[] = (await db.raw(anyRowsIn)).rows.map((r: { t: string }) => r.t);
      if (written.length) await db.raw(`truncate ${written.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
      if (sequences.length) await db.raw(`select ${sequences.map((_, i) => `setval(?::regclass, 1, false) as s${i}`).join(', ')}`, sequences);
      // The job queue's jobs (its own schema, installed when the portal starts); queues and schedules stay.
      if ((await db.raw(`select to_regclass('pgboss.job') as t`)).rows[0].t) await db.raw('delete from pgboss.job');
      // The local card server's customers, cards and subscriptions (its own schema); its catalog stays.
      if ((await db.raw(`select to_regclass('local_stripe.objects') as t`)).rows[0].t) {
        await db.raw(`delete from local_stripe.objects where type not in ('product', 'price', 'coupon', 'promotion_code')`);
        await db.raw('delete from local_stripe.events');
        await db.raw('delete from local_stripe.idempotency');
      }
    },
    async drop() {
      await db.destroy();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.end();
      if (embedded) {
        await embedded.stop();
        fs.rmSync(embeddedDir, { recursive: true, force: true });
      }
    },
  };
}

function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.toString());
  copy.pathname = `/${database}`;
  return copy.toString();
}
