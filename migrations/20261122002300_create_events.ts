// Analytics events (e.g. therapist_portal_cta_event); rows outlive the provider or user they mention.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('id');
    t.text('type').notNullable();
    t.bigInteger('provider_id').nullable().references('id').inTable('providers').onDelete('SET NULL');
    t.bigInteger('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.jsonb('data').nullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['type', 'created_at']);
    t.index(['provider_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('events');
}
