// Clinicians listed on a practice profile who have no profile (or login) of their own.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('unregistered_practice_providers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.text('first_name').notNullable();
    t.text('middle_name').nullable();
    t.text('last_name').notNullable();
    t.bigInteger('degree_tag_id').nullable().references('id').inTable('tags').onDelete('SET NULL');
    t.text('title').nullable();
    t.text('image_key').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamps(true, true);

    t.index(['provider_id', 'sort_order']);
    t.index(['degree_tag_id']);
  });
  await knex.raw(
    'CREATE TRIGGER unregistered_practice_providers_set_updated_at BEFORE UPDATE ON unregistered_practice_providers FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('unregistered_practice_providers');
}
