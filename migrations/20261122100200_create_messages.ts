// Messages of a conversation (spec 3 §3 Message). type is not constrained: unknown types are kept,
// logged as invalid and not rendered (message, messaging_tool_intake, booking_tool_intake,
// reschedule_message, cancel_message, automated_message_out_of_office are the rendered ones).
// read_at marks a client message as read by the provider.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.bigIncrements('id');
    t.bigInteger('conversation_id').notNullable().references('id').inTable('conversations').onDelete('CASCADE');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.bigInteger('client_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('type').notNullable().defaultTo('message');
    t.text('sender').notNullable().checkIn(['provider', 'client'], 'messages_sender_check');
    t.text('message_content').nullable();
    t.timestamp('send_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('read_at', { useTz: true }).nullable();
    t.timestamp('deleted_at', { useTz: true }).nullable();
    t.bigInteger('appointment_id').nullable().references('id').inTable('appointments').onDelete('SET NULL');
    // state, session_type, insurance, source, source_type
    t.jsonb('intake_form').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());

    t.index(['conversation_id', 'send_date']);
  });
  // The unread widget and the top-bar dot: unread client messages of a provider.
  await knex.raw(
    `CREATE INDEX messages_unread_index ON messages (provider_id) WHERE read_at IS NULL AND sender = 'client'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
}
