// The referral funnel's facts of each conversation, kept on its row so that a month's figures are one index
// range of conversations, not two lookups into messages per conversation (the busiest profile begins about
// 170 conversations a month): when the client first wrote, when the provider first replied after that (their
// own message: not the out-of-office reply, nor a cancel or reschedule notice), and when the client last
// wrote. A deleted message counts for none of them. A trigger on messages keeps them, whoever writes (the
// app, the seeds, a support script): on every new message, and when a message is deleted or changed.
import type { Knex } from 'knex';

/** The three facts of conversation `id` (a SQL expression naming it), from its live messages. */
const factsOf = (id: string) => `
  SELECT f.send_date AS first_client,
         (SELECT r.send_date FROM messages r
           WHERE r.conversation_id = ${id} AND r.sender = 'provider' AND r.type = 'message' AND r.deleted_at IS NULL
             AND r.send_date >= f.send_date AND (r.send_date, r.id) > (f.send_date, f.id)
           ORDER BY r.send_date, r.id LIMIT 1) AS first_reply,
         (SELECT l.send_date FROM messages l
           WHERE l.conversation_id = ${id} AND l.sender = 'client' AND l.deleted_at IS NULL
           ORDER BY l.send_date DESC, l.id DESC LIMIT 1) AS last_client
    FROM (SELECT NULL) one
    LEFT JOIN LATERAL (
         SELECT m.id, m.send_date FROM messages m
          WHERE m.conversation_id = ${id} AND m.sender = 'client' AND m.deleted_at IS NULL
          ORDER BY m.send_date, m.id LIMIT 1) f ON true`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE conversations
      ADD COLUMN first_client_message_at timestamptz,
      ADD COLUMN first_reply_at timestamptz,
      ADD COLUMN last_client_message_at timestamptz`);
  await knex.raw(`
    CREATE FUNCTION conversations_keep_reply_facts() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      facts record;
    BEGIN
      ${factsOf('NEW.conversation_id')} INTO facts;
      UPDATE conversations
         SET first_client_message_at = facts.first_client, first_reply_at = facts.first_reply,
             last_client_message_at = facts.last_client
       WHERE id = NEW.conversation_id
         AND (first_client_message_at, first_reply_at, last_client_message_at)
             IS DISTINCT FROM (facts.first_client, facts.first_reply, facts.last_client);
      RETURN NULL;
    END $$`);
  // Not on DELETE: messages are only ever deleted with their conversation (or its provider or client).
  await knex.raw(`
    CREATE TRIGGER messages_keep_reply_facts AFTER INSERT OR UPDATE OF deleted_at, send_date, sender, type ON messages
    FOR EACH ROW EXECUTE FUNCTION conversations_keep_reply_facts()`);
  await knex.raw(`
    UPDATE conversations c
       SET first_client_message_at = x.first_client, first_reply_at = x.first_reply, last_client_message_at = x.last_client
      FROM conversations k CROSS JOIN LATERAL (${factsOf('k.id')}) x
     WHERE c.id = k.id`);
  // The funnel's months read the facts with the index alone.
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_created_index');
  await knex.raw(`
    CREATE INDEX conversations_provider_created_index ON conversations (provider_id, created_at)
      INCLUDE (first_client_message_at, first_reply_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_created_index');
  await knex.raw('CREATE INDEX conversations_provider_created_index ON conversations (provider_id, created_at)');
  await knex.raw('DROP TRIGGER IF EXISTS messages_keep_reply_facts ON messages');
  await knex.raw('DROP FUNCTION IF EXISTS conversations_keep_reply_facts()');
  await knex.raw(`
    ALTER TABLE conversations
      DROP COLUMN first_client_message_at,
      DROP COLUMN first_reply_at,
      DROP COLUMN last_client_message_at`);
}
