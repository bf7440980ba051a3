// States in which a provider does NOT take an insurance it carries (the insurance is a tagging).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('insurance_opt_outs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.bigInteger('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.string('state', 2).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.unique(['provider_id', 'tag_id', 'state']);
    t.index(['tag_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('insurance_opt_outs');
}
