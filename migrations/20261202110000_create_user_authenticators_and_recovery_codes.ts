// Two-factor for everyone (issue [25] item 1): an authenticator app per user and ten one-use recovery codes.
// - user_authenticators: the TOTP secret (one column, `secret`, read and written only through
//   server/domain/accounts/authenticator.ts, so it can be sealed at rest there), whether it is confirmed,
//   and the last time step a code was accepted at (a code works once).
// - recovery_codes: scrypt hashes of the codes; the salt is shared by one batch, so checking a code costs
//   one hash; used_at marks a used code.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_authenticators', (t) => {
    t.bigInteger('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('secret').notNullable();
    t.timestamp('confirmed_at', { useTz: true }).nullable();
    t.bigInteger('last_used_step').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('recovery_codes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('salt').notNullable();
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
  // Like every table, their changes reach other processes' caches (server/db/change-triggers.ts).
  for (const table of ['user_authenticators', 'recovery_codes'])
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.dropTable('user_authenticators');
}
