// Saved replies (issue [22] item 2): an account's reusable answers for the practice inbox, with merge
// fields filled in when one is used. A title is unique within the account, whatever its case.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_replies', (t) => {
    t.bigIncrements('id');
    t.bigInteger('account_id').notNullable().references('accounts.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.bigInteger('created_by').nullable().references('users.id').onDelete('SET NULL');
    t.bigInteger('updated_by').nullable().references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE saved_replies ADD CONSTRAINT saved_replies_title_check
      CHECK (char_length(title) BETWEEN 1 AND 100)`);
  await knex.raw(`
    ALTER TABLE saved_replies ADD CONSTRAINT saved_replies_body_check
      CHECK (char_length(body) BETWEEN 1 AND 5000)`);
  // The account's list in title order, and one title once per account.
  await knex.raw('CREATE UNIQUE INDEX saved_replies_account_title_unique ON saved_replies (account_id, lower(title))');
  await knex.raw(
    'CREATE INDEX saved_replies_created_by_index ON saved_replies (created_by) WHERE created_by IS NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX saved_replies_updated_by_index ON saved_replies (updated_by) WHERE updated_by IS NOT NULL',
  );
  await knex.raw(
    'CREATE TRIGGER saved_replies_set_updated_at BEFORE UPDATE ON saved_replies FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('saved_replies');
}
