// Where each user has signed in successfully from: the per-IP sign-in ceiling slows, rather than
// blocks, an account at an address it is known at (a practice's shared office IP).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_places', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('ip').notNullable();
    t.timestamp('last_signed_in_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'ip']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sign_in_places');
}
