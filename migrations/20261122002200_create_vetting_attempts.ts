// Each submitted vetting quiz: the answers given and whether they passed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vetting_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    // Question text mapped to the chosen answer, as the quiz posts it.
    t.jsonb('answers').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.boolean('passed').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['provider_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vetting_attempts');
}
