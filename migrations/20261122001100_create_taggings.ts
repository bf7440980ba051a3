// Which tags a provider carries; is_top marks the (up to 6) top specialties.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('taggings', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.bigInteger('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.boolean('is_top').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.unique(['provider_id', 'tag_id']);
    t.index(['tag_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('taggings');
}
