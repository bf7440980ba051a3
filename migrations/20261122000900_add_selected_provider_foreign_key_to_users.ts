// users.selected_provider_id (the remembered profile) points at providers, which exists only now.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.foreign('selected_provider_id', 'users_selected_provider_id_foreign')
      .references('id')
      .inTable('providers')
      .onDelete('SET NULL');
    t.index(['selected_provider_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['selected_provider_id']);
    t.dropForeign(['selected_provider_id'], 'users_selected_provider_id_foreign');
  });
}
