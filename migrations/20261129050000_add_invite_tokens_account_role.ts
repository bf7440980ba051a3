// A team invitation (/practice/team): a role on an account instead of clinician access to a profile.
// An invitation names a profile, or an account and a role, never neither.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invite_tokens', (t) => {
    t.bigInteger('account_id').nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('role').nullable();
    t.setNullable('provider_id');
    t.index(['account_id']);
  });
  await knex.raw(`
    ALTER TABLE invite_tokens ADD CONSTRAINT invite_tokens_profile_or_role_check CHECK (
      (provider_id IS NOT NULL AND account_id IS NULL AND role IS NULL)
      OR (provider_id IS NULL AND account_id IS NOT NULL AND role IS NOT NULL)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('invite_tokens').whereNull('provider_id').delete();
  await knex.raw('ALTER TABLE invite_tokens DROP CONSTRAINT invite_tokens_profile_or_role_check');
  await knex.schema.alterTable('invite_tokens', (t) => {
    t.dropIndex(['account_id']);
    t.dropColumn('role');
    t.dropColumn('account_id');
    t.dropNullable('provider_id');
  });
}
