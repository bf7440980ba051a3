// Requests sent to the support team from the portal (template name + its locals).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('support_requests', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').nullable().references('id').inTable('providers').onDelete('SET NULL');
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.bigInteger('user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('template').notNullable();
    t.jsonb('locals').nullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['provider_id']);
    t.index(['account_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('support_requests');
}
