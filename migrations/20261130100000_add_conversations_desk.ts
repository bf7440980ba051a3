// The intake desk of the practice inbox (issue [22] item 2): each conversation's assignee, desk status and
// snooze. A NOTIFY per change of the three, in the writer's transaction, for the live thread (the channel
// name is written out: the application names it DESK_CHANNEL). Existing conversations get the status their
// messages imply (a live booking: consultation booked; the practice wrote last: replied; else new).
import type { Knex } from 'knex';

const CHANNEL = 'conversation_desk';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE conversations
    ADD COLUMN assignee_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
    ADD COLUMN desk_status text NOT NULL DEFAULT 'new'
      CONSTRAINT conversations_desk_status_check CHECK (desk_status IN ('new', 'replied', 'consultation_booked', 'closed')),
    ADD COLUMN snoozed_until timestamptz`);
  // The list's desk filters (mine, unassigned, a status) read the account's conversations in list order.
  await knex.raw(
    'CREATE INDEX conversations_account_assignee_listed_index ON conversations (account_id, assignee_user_id, listed_at DESC NULLS LAST, id DESC)',
  );
  await knex.raw(
    'CREATE INDEX conversations_account_desk_status_listed_index ON conversations (account_id, desk_status, listed_at DESC NULLS LAST, id DESC)',
  );
  // A removed user's assignments go with them (ON DELETE SET NULL) without a scan of every conversation.
  await knex.raw(
    'CREATE INDEX conversations_assignee_user_id_index ON conversations (assignee_user_id) WHERE assignee_user_id IS NOT NULL',
  );

  await knex.raw(`
    WITH significant AS (
      SELECT m.conversation_id, m.type, m.sender, m.send_date, m.id
        FROM messages m
       WHERE m.type IN ('message', 'messaging_tool_intake', 'booking_tool_intake', 'reschedule_message', 'cancel_message')
    ), booked AS (
      SELECT b.conversation_id FROM significant b
       WHERE b.type IN ('booking_tool_intake', 'reschedule_message')
         AND NOT EXISTS (SELECT 1 FROM significant x WHERE x.conversation_id = b.conversation_id
                            AND x.type = 'cancel_message' AND (x.send_date, x.id) > (b.send_date, b.id))
       GROUP BY b.conversation_id
    ), last AS (
      SELECT DISTINCT ON (s.conversation_id) s.conversation_id, s.sender
        FROM significant s ORDER BY s.conversation_id, s.send_date DESC, s.id DESC
    )
    UPDATE conversations c
       SET desk_status = CASE WHEN EXISTS (SELECT 1 FROM booked WHERE booked.conversation_id = c.id) THEN 'consultation_booked'
                              ELSE 'replied' END
      FROM last
     WHERE last.conversation_id = c.id
       AND (last.sender = 'provider' OR EXISTS (SELECT 1 FROM booked WHERE booked.conversation_id = c.id))`);

  await knex.raw(`
    CREATE FUNCTION conversations_announce_desk() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${CHANNEL}', json_build_object('conversationId', NEW.id, 'accountId', NEW.account_id)::text);
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER conversations_announce_desk AFTER UPDATE OF assignee_user_id, desk_status, snoozed_until
    ON conversations FOR EACH ROW
    WHEN (OLD.assignee_user_id IS DISTINCT FROM NEW.assignee_user_id OR OLD.desk_status IS DISTINCT FROM NEW.desk_status
          OR OLD.snoozed_until IS DISTINCT FROM NEW.snoozed_until)
    EXECUTE FUNCTION conversations_announce_desk()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS conversations_announce_desk ON conversations');
  await knex.raw('DROP FUNCTION IF EXISTS conversations_announce_desk()');
  await knex.raw('DROP INDEX IF EXISTS conversations_assignee_user_id_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_account_desk_status_listed_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_account_assignee_listed_index');
  await knex.raw(`ALTER TABLE conversations
    DROP COLUMN snoozed_until,
    DROP COLUMN desk_status,
    DROP COLUMN assignee_user_id`);
}
