// How each conversation opened, kept on its row: its first message (deleted or not), who sent it, of which
// type and when. A referral list counts the conversations a client opened with a message, newest opening
// first; read from messages, that was one lookup per conversation of the account, twice per page (the
// count and the page), about 12,000 of each for a large practice. Kept here, both are one index range.
// A trigger on messages keeps it, whoever writes (the app, the seeds, a support script), as it keeps the
// funnel's facts (20261130160000).
import type { Knex } from 'knex';

/** The first message of conversation `id` (a SQL expression naming it). */
const openingOf = (id: string) => `
  SELECT m.id, m.send_date, m.sender, m.type FROM messages m
   WHERE m.conversation_id = ${id} ORDER BY m.send_date, m.id LIMIT 1`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE conversations
      ADD COLUMN opening_message_id bigint,
      ADD COLUMN opened_at timestamptz,
      ADD COLUMN opening_sender text,
      ADD COLUMN opening_type text`);
  // Most new messages are not a conversation's first: their trigger reads one index entry and writes nothing.
  await knex.raw(`
    CREATE FUNCTION conversations_keep_opening() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      opening record;
    BEGIN
      ${openingOf('NEW.conversation_id')} INTO opening;
      UPDATE conversations
         SET opening_message_id = opening.id, opened_at = opening.send_date,
             opening_sender = opening.sender, opening_type = opening.type
       WHERE id = NEW.conversation_id
         AND (opening_message_id, opened_at, opening_sender, opening_type)
             IS DISTINCT FROM (opening.id, opening.send_date, opening.sender, opening.type);
      RETURN NULL;
    END $$`);
  // Not on DELETE: messages are only ever deleted with their conversation (or its provider or client).
  await knex.raw(`
    CREATE TRIGGER messages_keep_opening AFTER INSERT OR UPDATE OF send_date, sender, type ON messages
    FOR EACH ROW EXECUTE FUNCTION conversations_keep_opening()`);
  await knex.raw(`
    UPDATE conversations c
       SET opening_message_id = o.id, opened_at = o.send_date, opening_sender = o.sender, opening_type = o.type
      FROM conversations k CROSS JOIN LATERAL (${openingOf('k.id')}) o
     WHERE c.id = k.id`);
  // The lists' order (newest opening first), per profile and per account; the type is read from the index.
  await knex.raw(`
    CREATE INDEX conversations_provider_opened_index ON conversations (provider_id, opened_at DESC, id DESC)
      INCLUDE (opening_type) WHERE opening_sender = 'client'`);
  await knex.raw(`
    CREATE INDEX conversations_account_opened_index ON conversations (account_id, opened_at DESC, id DESC)
      INCLUDE (opening_type) WHERE opening_sender = 'client'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS messages_keep_opening ON messages');
  await knex.raw('DROP FUNCTION IF EXISTS conversations_keep_opening()');
  await knex.raw(`
    ALTER TABLE conversations
      DROP COLUMN opening_message_id,
      DROP COLUMN opened_at,
      DROP COLUMN opening_sender,
      DROP COLUMN opening_type`);
}
