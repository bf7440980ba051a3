// A billing account: owns provider profiles; users reach it through account_roles.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.bigIncrements('id');
    t.text('name').nullable();
    t.jsonb('feature_flags').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.boolean('reimbursify_account_created').notNullable().defaultTo(false);
    // Placeholders until billing (spec 3) derives these from subscriptions.
    t.boolean('has_paid_plan').notNullable().defaultTo(false);
    t.boolean('has_paid_practice_management_plan').notNullable().defaultTo(false);
    t.jsonb('practice_management').nullable();
    t.boolean('standalone_practice_management').notNullable().defaultTo(false);
    t.text('error').nullable();
    t.timestamps(true, true);

    t.check(`jsonb_typeof(feature_flags) = 'object'`, [], 'accounts_feature_flags_check');
    t.check(
      `practice_management IS NULL OR jsonb_typeof(practice_management) = 'object'`,
      [],
      'accounts_practice_management_check',
    );
  });
  await knex.raw(
    'CREATE TRIGGER accounts_set_updated_at BEFORE UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accounts');
}
