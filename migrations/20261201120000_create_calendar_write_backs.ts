// Write-back: a provider may choose one linked calendar (Google, Outlook or CalDAV) that booked
// consultations are written to, with the client's initials only.
// - external_calendars.write_back: that choice (one per provider at most), write_back_error: why the
//   last write failed, shown beside it.
// - google_account_links.scopes, calendar_account_links.scopes: what the OAuth consent granted (space
//   separated), since writing needs more than reading and is asked for only when chosen.
// - calendar_write_backs: each consultation written, where (the calendar, the service's event id) and at
//   which times, so a reschedule moves that event and a cancel deletes it, never a second copy.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('external_calendars', (t) => {
    t.boolean('write_back').notNullable().defaultTo(false);
    t.text('write_back_error').nullable();
    t.check(`NOT write_back OR kind <> 'ics'`, [], 'external_calendars_write_back_check');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX external_calendars_one_write_back ON external_calendars (provider_id) WHERE write_back',
  );
  await knex.schema.alterTable('google_account_links', (t) => {
    t.text('scopes').nullable();
  });
  await knex.schema.alterTable('calendar_account_links', (t) => {
    t.text('scopes').nullable();
  });
  await knex.schema.createTable('calendar_write_backs', (t) => {
    t.bigInteger('appointment_id').primary().references('appointments.id').onDelete('CASCADE');
    t.bigInteger('external_calendar_id').notNullable().references('external_calendars.id').onDelete('CASCADE');
    t.text('remote_event_id').notNullable();
    t.timestamp('written_start', { useTz: true }).notNullable();
    t.timestamp('written_end', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['external_calendar_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('calendar_write_backs');
  await knex.schema.alterTable('calendar_account_links', (t) => {
    t.dropColumn('scopes');
  });
  await knex.schema.alterTable('google_account_links', (t) => {
    t.dropColumn('scopes');
  });
  await knex.raw('DROP INDEX IF EXISTS external_calendars_one_write_back');
  await knex.schema.alterTable('external_calendars', (t) => {
    t.dropChecks(['external_calendars_write_back_check']);
    t.dropColumn('write_back_error');
    t.dropColumn('write_back');
  });
}
