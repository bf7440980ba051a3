// Open live streams (server-sent events), one row each, so the limit per user holds across every
// feature and server process. A row counts until its lease runs out: the process holding the stream
// renews it, and a process that died frees its places within a lease.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_streams', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('lease_until', { useTz: true }).notNullable();
    t.index(['user_id'], 'live_streams_user_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_streams');
}
