// Opening a conversation moves it to the top of the list (spec 3 §4), and it stays there after a reload:
// the list is ordered by the later of the last message and the last time the provider opened it.
// listed_at is generated from the two, so every writer of last_message_at keeps it right by itself.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE conversations ADD COLUMN provider_opened_at timestamptz');
  await knex.raw(
    'ALTER TABLE conversations ADD COLUMN listed_at timestamptz GENERATED ALWAYS AS (greatest(last_message_at, provider_opened_at)) STORED',
  );
  await knex.raw(
    'CREATE INDEX conversations_provider_listed_index ON conversations (provider_id, listed_at DESC NULLS LAST, id DESC)',
  );
  await knex.raw(
    'CREATE INDEX conversations_account_listed_index ON conversations (account_id, listed_at DESC NULLS LAST, id DESC)',
  );
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_activity_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_account_activity_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX conversations_provider_activity_index ON conversations (provider_id, last_message_at DESC NULLS LAST, id DESC)',
  );
  await knex.raw(
    'CREATE INDEX conversations_account_activity_index ON conversations (account_id, last_message_at DESC NULLS LAST, id DESC)',
  );
  await knex.raw('DROP INDEX IF EXISTS conversations_account_listed_index');
  await knex.raw('DROP INDEX IF EXISTS conversations_provider_listed_index');
  await knex.raw('ALTER TABLE conversations DROP COLUMN listed_at');
  await knex.raw('ALTER TABLE conversations DROP COLUMN provider_opened_at');
}
