// One conversation per client and provider (spec 3 §3 Conversation); its messages are in messages.
// Unread is computed from the messages (a client message without read_at), never stored twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.bigInteger('client_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // Locked by the team (composer replaced by a notice).
    t.boolean('is_locked').notNullable().defaultTo(false);
    // The client deleted their data; the record is kept as a reminder.
    t.timestamp('client_redacted_at', { useTz: true }).nullable();
    t.timestamp('last_message_at', { useTz: true }).nullable();
    t.timestamps(true, true);

    t.unique(['provider_id', 'client_user_id']);
    t.index(['client_user_id']);
  });
  await knex.raw(
    'CREATE TRIGGER conversations_set_updated_at BEFORE UPDATE ON conversations FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('conversations');
}
