// Passkeys (issue [25] item 2): WebAuthn credentials a provider signs in with, several per user.
// - credential_id: the credential's id as base64url (unique: it is how a sign-in finds its user);
// - public_key: the COSE public key the authenticator gave at registration;
// - counter: the signature counter last seen (0 for passkeys that keep none);
// - transports: what the browser said the authenticator speaks (usb, internal, hybrid, …), a hint only.
// Written at each passkey sign-in (counter, last_used_at) and read by no cached page, so it carries no change
// trigger (UNWATCHED_TABLES in server/db/change-triggers.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_passkeys', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('credential_id').notNullable().unique();
    t.binary('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.specificType('transports', 'text[]').notNullable().defaultTo('{}');
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_passkeys');
}
