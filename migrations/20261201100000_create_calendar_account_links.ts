// Calendars of Microsoft 365 / Outlook and CalDAV servers (iCloud, Fastmail, Nextcloud) beside ICS feeds
// and Google:
// - calendar_account_links: a provider's linked Microsoft account (OAuth tokens) or CalDAV account (the
//   server's calendar home, the user name and an app password), one of each per provider.
// - external_calendars: two more kinds, each a calendar of such an account (`account_link_id`, removed
//   with the account) named by the service's own id (`remote_calendar_id`: Graph's calendar id, the
//   CalDAV collection's address).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_account_links', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.text('service').notNullable().checkIn(['microsoft', 'caldav'], 'calendar_account_links_service_check');
    // Shown as "Linked as …": the Microsoft account's address, the CalDAV user name.
    t.text('account_name').nullable();
    // Microsoft: OAuth tokens (never shown, never logged).
    t.text('access_token').nullable();
    t.text('refresh_token').nullable();
    t.timestamp('access_token_expires_at', { useTz: true }).nullable();
    // CalDAV: the calendar home found from the address the provider typed, and the app password.
    t.text('server_url').nullable();
    t.text('password').nullable();
    t.timestamp('linked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider_id', 'service'], { indexName: 'calendar_account_links_one_per_service' });
    t.check(
      `service <> 'caldav' OR (server_url IS NOT NULL AND account_name IS NOT NULL AND password IS NOT NULL)`,
      [],
      'calendar_account_links_caldav_check',
    );
  });
  await knex.raw(
    'create trigger calendar_account_links_notify_change after insert or update or delete or truncate on calendar_account_links for each statement execute function portal_notify_change()',
  );

  await knex.schema.alterTable('external_calendars', (t) => {
    t.bigInteger('account_link_id').nullable().references('calendar_account_links.id').onDelete('CASCADE');
    t.text('remote_calendar_id').nullable();
    t.index(['account_link_id']);
  });
  await knex.raw('ALTER TABLE external_calendars DROP CONSTRAINT external_calendars_kind_check');
  await knex.raw('ALTER TABLE external_calendars DROP CONSTRAINT external_calendars_source_check');
  await knex.raw(
    `ALTER TABLE external_calendars ADD CONSTRAINT external_calendars_kind_check CHECK (kind IN ('ics', 'google', 'microsoft', 'caldav'))`,
  );
  await knex.raw(
    `ALTER TABLE external_calendars ADD CONSTRAINT external_calendars_source_check CHECK (
      (kind = 'ics' AND url IS NOT NULL) OR (kind = 'google' AND google_calendar_id IS NOT NULL)
      OR (kind IN ('microsoft', 'caldav') AND account_link_id IS NOT NULL AND remote_calendar_id IS NOT NULL))`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX external_calendars_one_remote_calendar ON external_calendars (account_link_id, remote_calendar_id) WHERE account_link_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('external_calendars').whereIn('kind', ['microsoft', 'caldav']).delete();
  await knex.raw('DROP INDEX IF EXISTS external_calendars_one_remote_calendar');
  await knex.raw('ALTER TABLE external_calendars DROP CONSTRAINT external_calendars_source_check');
  await knex.raw('ALTER TABLE external_calendars DROP CONSTRAINT external_calendars_kind_check');
  await knex.raw(
    `ALTER TABLE external_calendars ADD CONSTRAINT external_calendars_kind_check CHECK (kind IN ('ics', 'google'))`,
  );
  await knex.raw(
    `ALTER TABLE external_calendars ADD CONSTRAINT external_calendars_source_check CHECK ((kind = 'ics' AND url IS NOT NULL) OR (kind = 'google' AND google_calendar_id IS NOT NULL))`,
  );
  await knex.schema.alterTable('external_calendars', (t) => {
    t.dropColumn('remote_calendar_id');
    t.dropColumn('account_link_id');
  });
  await knex.schema.dropTable('calendar_account_links');
}
