// Clinician access: which users may edit (and get notifications for) which provider profiles.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('provider_clinicians', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.boolean('receives_notifications').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.unique(['user_id', 'provider_id']);
    t.index(['provider_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('provider_clinicians');
}
