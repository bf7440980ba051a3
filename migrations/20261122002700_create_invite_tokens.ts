// Invitations to sign up and take over a profile (/signup/invite/{token}); only the hash is stored.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invite_tokens', (t) => {
    t.bigIncrements('id');
    t.text('token_hash').notNullable().unique();
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.specificType('email', 'citext').nullable();
    t.bigInteger('created_by_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['provider_id']);
    t.index(['email']);
    t.index(['created_by_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invite_tokens');
}
