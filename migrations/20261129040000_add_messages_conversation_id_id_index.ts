// A conversation's messages after a given id, in id order (the live view's catch-up and the directory's
// paged replies), read as one index range however long the conversation or the table is.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX messages_conversation_id_id_index ON messages (conversation_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS messages_conversation_id_id_index');
}
