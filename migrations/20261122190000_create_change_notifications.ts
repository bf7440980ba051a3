// Change notifications for the per-process read caches (server/db/change-feed.ts): a statement trigger
// on every watched table, and a row trigger on sessions naming the session that changed or ended.
// Self-contained (frozen as it was written): the channel names and the tables left unwatched are those
// of the day; later tables get their trigger, or not, in their own migrations.
import type { Knex } from 'knex';

const DATA_CHANNEL = 'portal_changes';
const SESSION_CHANNEL = 'portal_sessions';
const UNWATCHED_TABLES = ['knex_migrations', 'knex_migrations_lock', 'sessions', 'rate_limits'];

const triggerName = (table: string) => `${table}_notify_change`;

async function addChangeTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()`,
    [triggerName(table), table],
  );
}

async function dropChangeTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw('drop trigger if exists ?? on ??', [triggerName(table), table]);
}

async function watchedTables(knex: Knex): Promise<string[]> {
  const rows: { tablename: string }[] = (
    await knex.raw(`select tablename from pg_tables where schemaname = current_schema() order by tablename`)
  ).rows;
  return rows.map((r) => r.tablename).filter((t) => !UNWATCHED_TABLES.includes(t));
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function portal_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${DATA_CHANNEL}', tg_table_name);
      return null;
    end $$`);
  // The payload is the session id: only this database's own clients can LISTEN, and they can read the table anyway.
  await knex.raw(`
    create function portal_notify_session_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${SESSION_CHANNEL}', case when tg_op = 'TRUNCATE' then '*' else old.sid end);
      return null;
    end $$`);
  for (const table of await watchedTables(knex)) await addChangeTrigger(knex, table);
  await knex.raw(
    `create trigger sessions_notify_change after update or delete on sessions for each row execute function portal_notify_session_change()`,
  );
  await knex.raw(
    `create trigger sessions_notify_truncate after truncate on sessions for each statement execute function portal_notify_session_change()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists sessions_notify_change on sessions');
  await knex.raw('drop trigger if exists sessions_notify_truncate on sessions');
  for (const table of await watchedTables(knex)) await dropChangeTrigger(knex, table);
  await knex.raw('drop function if exists portal_notify_session_change()');
  await knex.raw('drop function if exists portal_notify_change()');
}
