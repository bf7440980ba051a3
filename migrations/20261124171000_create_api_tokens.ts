// Tokens of the directory's API clients (stored as SHA-256 hashes, shown once) and the idempotency
// keys of their requests.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.text('prefix').notNullable().unique();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('api_idempotency_keys', (t) => {
    t.bigInteger('token_id').notNullable().references('api_tokens.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('response_status').nullable(); // null while the first request runs
    t.jsonb('response_body').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['token_id', 'key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_idempotency_keys');
  await knex.schema.dropTable('api_tokens');
}
