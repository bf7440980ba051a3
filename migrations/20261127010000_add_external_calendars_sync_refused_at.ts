// A feed refused for what it holds (over the size or expansion limits, or too slow to read) is not read
// again by the half-hourly sync: `sync_refused_at` says since when, `last_error` says why. The provider
// clears it with "Try again" on /calendar/connections (or by removing the feed and adding it again).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('external_calendars', (t) => {
    t.timestamp('sync_refused_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('external_calendars', (t) => {
    t.dropColumn('sync_refused_at');
  });
}
