// The practice inbox's Snoozed view (issue [22] item 2) lists an account's snoozed conversations in list
// order: few of many, so a partial index of the snoozed ones rather than a walk through all of them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX conversations_account_snoozed_listed_index ON conversations (account_id, listed_at DESC NULLS LAST, id DESC) WHERE snoozed_until IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS conversations_account_snoozed_listed_index');
}
