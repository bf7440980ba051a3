// US states, DC and territories (reference data, filled by seeds/reference.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('us_states', (t) => {
    t.string('code', 2).primary();
    t.text('name').notNullable();
    t.boolean('is_territory').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('us_states');
}
