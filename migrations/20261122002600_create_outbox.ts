// Every e-mail and SMS the portal sent (shown at /dev/outbox in local mode).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id');
    t.text('channel').notNullable().checkIn(['email', 'sms'], 'outbox_channel_check');
    t.text('recipient').notNullable();
    t.text('subject').nullable();
    t.text('body').notNullable();
    t.text('html').nullable();
    t.jsonb('meta').nullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['created_at']);
    t.index(['recipient', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox');
}
