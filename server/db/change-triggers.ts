// The SQL side of the change feed (change-feed.ts): every table whose rows feed a cached read carries
// a statement trigger that NOTIFYs `portal_changes` with its name, so every server process forgets its
// cached reads when anything changes, whoever wrote it (another process, a CLI, psql). A migration that
// creates a table adds the trigger with addChangeTrigger; a test checks that none is forgotten.
import type { Knex } from 'knex';

export const DATA_CHANNEL = 'portal_changes';
export const SESSION_CHANNEL = 'portal_sessions';

/**
 * Tables no cached read looks at, left out because they change on nearly every request or sign-in
 * attempt (a notification for them would only empty the caches): the sessions table has its own
 * per-session notification, rate_limits belongs to the throttles, knex_* to the migrator,
 * sign_in_places is written at each sign-in, and the directory API's tokens and idempotency keys are
 * read by the API only, never cached.
 */
export const UNWATCHED_TABLES = [
  'knex_migrations', 'knex_migrations_lock', 'sessions', 'rate_limits', 'sign_in_places', 'api_tokens', 'api_idempotency_keys',
] as const;

const triggerName = (table: string) => `${table}_notify_change`;

export async function addChangeTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()`,
    [triggerName(table), table],
  );
}

export async function dropChangeTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw('drop trigger if exists ?? on ??', [triggerName(table), table]);
}
