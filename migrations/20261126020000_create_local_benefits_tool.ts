// Made the local benefits tool's tables (local_benefits_tool_accounts, local_benefits_tool_sso_tokens) in
// the portal's schema. They are the state of an outside service's stand-in, not the portal's: the local
// tool now creates them itself, in its own schema, when it is used (server/integrations/local-state.ts),
// so a database that talks to the real tool never has them. This migration is kept, doing nothing,
// because knex refuses a database that ran a migration it can no longer find; 20261128010000 moves (or
// drops, if empty) the tables it made.
import type { Knex } from 'knex';

export async function up(_knex: Knex): Promise<void> {}

/** A rollback past this point leaves no local benefits tool table in the portal's schema, as before. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('local_benefits_tool_sso_tokens');
  await knex.schema.dropTableIfExists('local_benefits_tool_accounts');
}
