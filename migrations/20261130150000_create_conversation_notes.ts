// Internal notes on a conversation (issue [22] item 2): written by the practice's intake people in the
// practice inbox and never sent to the client. A table of their own, not a kind of message, so no query
// that feeds the client, the directory API, a notification or an export can ever read one by mistake.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversation_notes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    // Who wrote it; a deleted user leaves the note, unsigned.
    t.bigInteger('author_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE conversation_notes ADD CONSTRAINT conversation_notes_body_check
      CHECK (char_length(body) BETWEEN 1 AND 5000)`);
  // A thread's notes newest first, a page at a time.
  await knex.raw(
    'CREATE INDEX conversation_notes_conversation_index ON conversation_notes (conversation_id, created_at DESC, id DESC)',
  );
  await knex.raw(
    'CREATE INDEX conversation_notes_author_index ON conversation_notes (author_user_id) WHERE author_user_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('conversation_notes');
}
