// Which request holds an idempotency key: a claim taken over after its lease (the first request died)
// gets a new id, so a late answer of the first request cannot overwrite the retry's.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_idempotency_keys', (t) => {
    t.uuid('claim').notNullable().defaultTo(knex.raw('gen_random_uuid()'));
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('api_idempotency_keys', (t) => {
    t.dropColumn('claim');
  });
}
