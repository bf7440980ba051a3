// The calendar's tables notify their changes like every table a cached read may depend on (see the
// change feed): the migration that made them left their triggers out.
import type { Knex } from 'knex';

const TABLES = ['availability_events', 'external_calendars', 'google_account_links'];

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw('drop trigger if exists ?? on ??', [`${table}_notify_change`, table]);
}
