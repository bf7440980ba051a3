// Messaging, the practice inbox and notifications (issue [12]; spec 3 §3 Conversation and Message, §4
// Messaging). Self-contained: the channel name is written out (the application names it MESSAGE_CHANNEL).
// - messages: the account of a practice-inbox reply, who deleted a message, redaction, and the benefits
//   check (vob_data, vob_input_info) a message may carry.
// - conversations: the profile's account (kept by a trigger, so the inbox's list is one index scan),
//   when the provider and the client were last notified (bursts send one notification), and when the
//   out-of-office reply last went out (one per absence).
// - a NOTIFY per message insert or deletion, in the writer's transaction, for live threads.
import type { Knex } from 'knex';

const CHANNEL = 'conversation_messages';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.text('deleted_by').nullable().checkIn(['provider', 'client'], 'messages_deleted_by_check');
    t.timestamp('redacted_at', { useTz: true }).nullable();
    t.jsonb('vob_data').nullable();
    t.jsonb('vob_input_info').nullable();
    t.check(`vob_data IS NULL OR jsonb_typeof(vob_data) = 'object'`, [], 'messages_vob_data_check');
    t.check(`vob_input_info IS NULL OR jsonb_typeof(vob_input_info) = 'object'`, [], 'messages_vob_input_info_check');
  });
  await knex.schema.alterTable('conversations', (t) => {
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.timestamp('provider_notified_at', { useTz: true }).nullable();
    t.timestamp('client_notified_at', { useTz: true }).nullable();
    t.timestamp('out_of_office_replied_at', { useTz: true }).nullable();
  });
  await knex.raw(`UPDATE conversations c SET account_id = p.account_id FROM providers p WHERE p.id = c.provider_id`);
  await knex.raw(`ALTER TABLE conversations ALTER COLUMN account_id SET NOT NULL`);
  // Every writer (bookings, reschedules, messages) gets the account without knowing of it.
  await knex.raw(`
    CREATE FUNCTION conversations_set_account() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT account_id INTO NEW.account_id FROM providers WHERE id = NEW.provider_id;
      RETURN NEW;
    END $$`);
  await knex.raw(
    `CREATE TRIGGER conversations_set_account BEFORE INSERT OR UPDATE OF provider_id ON conversations FOR EACH ROW EXECUTE FUNCTION conversations_set_account()`,
  );

  // The conversation list: a profile's or an account's, newest activity first.
  await knex.raw(
    `CREATE INDEX conversations_provider_activity_index ON conversations (provider_id, last_message_at DESC NULLS LAST, id DESC)`,
  );
  await knex.raw(
    `CREATE INDEX conversations_account_activity_index ON conversations (account_id, last_message_at DESC NULLS LAST, id DESC)`,
  );
  // The unread dot of each listed conversation (a conversation's messages by send_date have messages_conversation_id_send_date_index).
  await knex.raw(
    `CREATE INDEX messages_unread_by_conversation_index ON messages (conversation_id) WHERE sender = 'client' AND read_at IS NULL AND deleted_at IS NULL`,
  );

  await knex.raw(`
    CREATE FUNCTION messages_announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${CHANNEL}', json_build_object(
        'conversationId', NEW.conversation_id, 'providerId', NEW.provider_id, 'messageId', NEW.id,
        'event', CASE WHEN TG_OP = 'INSERT' THEN 'inserted' ELSE 'deleted' END)::text);
      RETURN NULL;
    END $$`);
  await knex.raw(
    `CREATE TRIGGER messages_announce_insert AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION messages_announce()`,
  );
  await knex.raw(`CREATE TRIGGER messages_announce_delete AFTER UPDATE OF deleted_at, redacted_at ON messages FOR EACH ROW
    WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.redacted_at IS DISTINCT FROM NEW.redacted_at) EXECUTE FUNCTION messages_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS messages_announce_delete ON messages');
  await knex.raw('DROP TRIGGER IF EXISTS messages_announce_insert ON messages');
  await knex.raw('DROP FUNCTION IF EXISTS messages_announce()');
  await knex.raw('DROP INDEX IF EXISTS messages_unread_by_conversation_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_account_activity_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_activity_index');
  await knex.raw('DROP TRIGGER IF EXISTS conversations_set_account ON conversations');
  await knex.raw('DROP FUNCTION IF EXISTS conversations_set_account()');
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('out_of_office_replied_at');
    t.dropColumn('client_notified_at');
    t.dropColumn('provider_notified_at');
    t.dropColumn('account_id');
  });
  await knex.schema.alterTable('messages', (t) => {
    t.dropChecks(['messages_vob_input_info_check', 'messages_vob_data_check']);
    t.dropColumn('vob_input_info');
    t.dropColumn('vob_data');
    t.dropColumn('redacted_at');
    t.dropColumn('deleted_by');
    t.dropColumn('account_id');
  });
}
