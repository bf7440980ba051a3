// One-time secrets of a user: reset links, confirmation links, 2FA codes and 2FA remember tokens.
// token_hash is the sha256 hex of the secret. It is NOT unique: two users can be sent the same
// six-digit code, so look tokens up by (user_id, purpose) or by hash with a purpose filter.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('purpose')
      .notNullable()
      .checkIn(
        ['password_reset', 'email_confirm', 'two_factor_code', 'two_factor_remember'],
        'auth_tokens_purpose_check',
      );
    t.text('token_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.jsonb('meta').nullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['user_id', 'purpose']);
    t.index(['token_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auth_tokens');
}
