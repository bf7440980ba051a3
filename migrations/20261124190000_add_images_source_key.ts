// Large photo batches are rendered by a job: until it has run, the row keeps the key of the original
// upload in source_key (the renditions under storage_key do not exist yet).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('images', (t) => {
    t.text('source_key').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('images', (t) => {
    t.dropColumn('source_key');
  });
}
