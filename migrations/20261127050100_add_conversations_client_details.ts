// The client's details as given in one conversation (the directory sends them with each message or
// booking) belong to that conversation, never to the client's user; and a per-conversation token (its
// hash) that the directory must show to read the provider's replies.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.text('client_first_name').nullable();
    t.text('client_last_name').nullable();
    t.text('client_phone_number').nullable();
    // SHA-256 of the conversation token handed to the directory when the conversation was made; null for
    // conversations made before tokens (their replies cannot be read through the API).
    t.text('client_token_hash').nullable().unique();
  });
  // What the providers saw until now: the user's details.
  await knex.raw(`
    UPDATE conversations c
       SET client_first_name = u.first_name, client_last_name = u.last_name, client_phone_number = u.phone_number
      FROM users u
     WHERE u.id = c.client_user_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('client_token_hash');
    t.dropColumn('client_phone_number');
    t.dropColumn('client_last_name');
    t.dropColumn('client_first_name');
  });
}
