// The local Private Pay Booster (benefits tool), standing in for the outside tool when it is not set up
// (server/integrations/benefits-tool/local.ts): its accounts (one per provider, Pro or Premium, bought
// through the portal or standalone from the tool itself) and the sign-in (SSO) tokens it issued. A token
// is recorded by its id only, never the token itself, so its one use can be enforced.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_benefits_tool_accounts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().unique().references('providers.id').onDelete('CASCADE');
    t.text('email').notNullable();
    t.text('tier').notNullable();
    // Bought from the tool directly, not through the portal: the portal must not sell a second one.
    t.boolean('standalone').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`tier in ('pro', 'premium')`, [], 'local_benefits_tool_accounts_tier_check');
  });
  await knex.schema.createTable('local_benefits_tool_sso_tokens', (t) => {
    t.uuid('id').primary();
    t.bigInteger('provider_id').notNullable();
    t.bigInteger('user_id').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.index(['expires_at']);
  });
  // Like every table a read may depend on, they notify their changes (the read cache's rule).
  for (const table of ['local_benefits_tool_accounts', 'local_benefits_tool_sso_tokens']) {
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_benefits_tool_sso_tokens');
  await knex.schema.dropTable('local_benefits_tool_accounts');
}
