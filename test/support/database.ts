// The tests' own PostgreSQL database: a fresh one per run (per worker in a parallel run) on
// TEST_DATABASE_URL / DATABASE_URL when set, else on an embedded server under the system temp folder
// (in a parallel run, the one the main process started for its workers). Never the demo data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/db/embedded';
import { createKnex } from '../../server/db/knex';
import { installLocalState, LOCAL_STATE_TABLES, LOCAL_TABLES, STAND_INS } from '../../server/integrations/local-state';
import { createLogger } from '../../server/logger';
import { seedReference } from '../../seeds/index';
import { databasePrefix, givenServerUrl, runId, runServerUrl } from './parallel';

/** Reference tables keep their rows between tests; everything else is emptied. */
// Reference data, and the catalog's prices (synced once at the start of the run, like the local card server's catalog).
const KEPT_TABLES = new Set([
  'knex_migrations',
  'knex_migrations_lock',
  'tags',
  'us_states',
  'vetting_questions',
  'billing_prices',
  // The data keys the migration made (the search key among them): rows of every test are encrypted under them.
  'data_keys',
]);

/**
 * The stand-ins' tables are emptied too, but for these rows: the local card server's catalog, synced once
 * at the start of the run as billing_prices is (an SQL condition on the table's rows).
 */
const KEPT_ROWS: Record<string, string> = {
  [LOCAL_TABLES.cardObjects]: `type in ('product', 'price', 'coupon', 'promotion_code')`,
};

export interface TestDatabase {
  url: string;
  db: Knex;
  reset(): Promise<void>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const given = givenServerUrl() ?? runServerUrl();
  // An embedded server of this run's own, so parallel runs on one machine never stop each other's.
  const embeddedDir = path.join(os.tmpdir(), `members-portal-test-${process.pid}`);
  const embedded = given ? null : await startEmbeddedPostgres(embeddedDir, createLogger('warn'));
  const serverUrl = new URL(given ?? embedded!.url);
  // In a parallel run the name carries the run's, whose end drops every database of the run.
  const name = `${databasePrefix(runId())}${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const adminUrl = withDatabase(serverUrl, 'postgres');
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(serverUrl, name);
  const db = createKnex(url);
  await db.migrate.latest();
  await seedReference(db);
  // The stand-ins' state, as a development database has it once the portal has run (tests read and write
  // it directly); the migrations alone make none of it (test/unit/integrations/local-state.test.ts).
  for (const standIn of STAND_INS) await installLocalState(db, standIn);
  const tables: string[] = (await db('pg_tables').select('tablename').where({ schemaname: 'public' }))
    .map((r: { tablename: string }) => r.tablename)
    .filter((t: string) => !KEPT_TABLES.has(t));
  // What a test may have written to a stand-in's table: every row, or those not kept.
  const localWritten = LOCAL_STATE_TABLES.map((table) => ({
    table,
    rows: KEPT_ROWS[table] ? `not (${KEPT_ROWS[table]})` : 'true',
  }));

  const deleteOrder = childrenFirst(
    tables,
    (
      await db.raw(
        `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace and p.relnamespace = c.relnamespace`,
      )
    ).rows,
  );
  const sequences: string[] = (
    await db.raw(
      `select pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as s
     from information_schema.columns
     where ((table_schema = current_schema() and table_name = any(?)) or table_schema || '.' || table_name = any(?))
       and (column_default like 'nextval%' or is_identity = 'YES')`,
      [tables, LOCAL_STATE_TABLES.filter((table) => !KEPT_ROWS[table])],
    )
  ).rows
    .map((r: { s: string | null }) => r.s)
    .filter((s: string | null): s is string => Boolean(s));

  // The reset is one statement, a DO block run by the server: a test writes to a few tables, so only
  // those with rows are emptied, with DELETE, children first (a TRUNCATE gives each table new files, 150 ms
  // or more a test where a delete costs a few); should a delete fail (a cycle of references), TRUNCATE …
  // CASCADE empties what has rows. Every sequence starts again at 1, so ids are the same whatever ran
  // before. One round trip instead of one per table: about 9 ms a test before, across 1,800 tests.
  const hasRows = (table: string, rows = 'true') => `exists (select 1 from ${table} where ${rows})`;
  const quoted = (table: string) => `"${table}"`;
  const resetStatement = `do $reset$ begin
    -- The read records refuse deletion unless the transaction names a cut (migration 20261129060000).
    perform set_config('read_records.delete_before', 'infinity', true);
    ${localWritten.map(({ table, rows }) => `if ${hasRows(table, rows)} then delete from ${table} where ${rows}; end if;`).join('\n    ')}
    begin
      ${deleteOrder.map((table) => `if ${hasRows(quoted(table))} then delete from ${quoted(table)}; end if;`).join('\n      ')}
    exception when others then
      ${tables.map((table) => `if ${hasRows(quoted(table))} then truncate ${quoted(table)} restart identity cascade; end if;`).join('\n      ')}
    end;
    ${sequences.map((sequence) => `perform setval(${pg.escapeLiteral(sequence)}::regclass, 1, false);`).join('\n    ')}
    -- The job queue's jobs (its own schema, installed when the portal starts); queues and schedules stay.
    if to_regclass('pgboss.job') is not null then execute 'delete from pgboss.job'; end if;
  end $reset$`;

  return {
    url,
    db,
    async reset() {
      await db.raw(resetStatement);
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

/** The tables in an order where each comes before the tables it references (a cycle goes last). */
function childrenFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const referencedBy = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) referencedBy.get(parent)?.add(child);
  const order: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const free = [...pending].filter((t) => [...referencedBy.get(t)!].every((child) => !pending.has(child)));
    for (const table of free.length ? free : [...pending]) {
      order.push(table);
      pending.delete(table);
    }
  }
  return order;
}

function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.toString());
  copy.pathname = `/${database}`;
  return copy.toString();
}
