// The call calendar (issue [11]; spec 3 §3 Availability event, Calendar state, Appointment).
// - availability_events: a provider's free or busy blocks. A recurring one keeps its RFC 5545 rule
//   and the zone it expands in; an exception (parent_id set) replaces or removes one instance of its
//   series, named by the instance's original start. Busy blocks read from an external calendar carry
//   provider_external_calendar_id and are view-only.
// - external_calendars: an ICS address or a linked Google calendar whose busy time removes slots.
// - google_account_links: a provider's Google account, when Google Calendar is set up.
// - appointments: no two live consultations of one provider overlap, ever (an exclusion constraint,
//   so concurrent bookings cannot both win), and a reschedule is recorded.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gist');

  await knex.schema.createTable('external_calendars', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['ics', 'google'], 'external_calendars_kind_check');
    t.text('name').notNullable();
    // An ICS feed's address (kind ics) or Google's calendar id (kind google).
    t.text('url').nullable();
    t.text('google_calendar_id').nullable();
    t.timestamp('last_synced_at', { useTz: true }).nullable();
    // Why the last fetch failed, shown to the provider; null after a good one.
    t.text('last_error').nullable();
    t.timestamps(true, true);
    t.index(['provider_id']);
    t.check(
      `(kind = 'ics' AND url IS NOT NULL) OR (kind = 'google' AND google_calendar_id IS NOT NULL)`,
      [],
      'external_calendars_source_check',
    );
  });
  await knex.raw(
    'CREATE UNIQUE INDEX external_calendars_one_google_calendar ON external_calendars (provider_id, google_calendar_id) WHERE google_calendar_id IS NOT NULL',
  );

  await knex.schema.createTable('google_account_links', (t) => {
    t.bigInteger('provider_id').primary().references('providers.id').onDelete('CASCADE');
    t.text('google_email').nullable();
    // OAuth tokens of the provider's Google account (never shown, never logged).
    t.text('access_token').nullable();
    t.text('refresh_token').nullable();
    t.timestamp('access_token_expires_at', { useTz: true }).nullable();
    t.timestamp('linked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('availability_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('providers.id').onDelete('CASCADE');
    // An exception's series; deleting the series deletes its exceptions.
    t.bigInteger('parent_id').nullable().references('availability_events.id').onDelete('CASCADE');
    t.text('name').nullable();
    t.boolean('free').notNullable().defaultTo(true);
    // The first occurrence (a series), the block itself (a single event or an exception).
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true }).notNullable();
    t.boolean('is_recurring').notNullable().defaultTo(false);
    // RRULE without DTSTART (FREQ=WEEKLY;BYDAY=MO,TU;UNTIL=…), expanded from start_time in rrule_tzid.
    t.text('rrule').nullable();
    t.text('rrule_tzid').nullable();
    t.integer('duration_in_minutes').notNullable();
    t.bigInteger('location_id').nullable().references('locations.id').onDelete('SET NULL');
    t.integer('appointment_type_id').notNullable().defaultTo(1);
    // An exception: the start of the instance it stands for; removed = that instance is deleted.
    t.timestamp('original_start_time', { useTz: true }).nullable();
    t.boolean('removed').notNullable().defaultTo(false);
    // A busy block read from an external calendar (view-only), with the feed's own id of the event.
    t.bigInteger('provider_external_calendar_id').nullable().references('external_calendars.id').onDelete('CASCADE');
    t.text('external_uid').nullable();
    t.timestamps(true, true);

    t.index(['provider_id', 'start_time']);
    t.index(['parent_id']);
    t.index(['provider_external_calendar_id']);
    t.check('end_time > start_time', [], 'availability_events_time_order_check');
    t.check('duration_in_minutes >= 10', [], 'availability_events_minimum_check');
    t.check('(parent_id IS NULL) = (original_start_time IS NULL)', [], 'availability_events_exception_check');
    t.check(
      '(is_recurring = (rrule IS NOT NULL)) AND (rrule IS NULL OR rrule_tzid IS NOT NULL)',
      [],
      'availability_events_rule_check',
    );
    t.check('NOT (removed AND parent_id IS NULL)', [], 'availability_events_removed_check');
  });
  await knex.raw(
    'CREATE UNIQUE INDEX availability_events_one_exception_per_instance ON availability_events (parent_id, original_start_time) WHERE parent_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE TRIGGER availability_events_set_updated_at BEFORE UPDATE ON availability_events FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
  await knex.raw(
    'CREATE TRIGGER external_calendars_set_updated_at BEFORE UPDATE ON external_calendars FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );

  await knex.schema.alterTable('appointments', (t) => {
    t.timestamp('rescheduled_at', { useTz: true }).nullable();
  });
  // No double booking: two live (not canceled) consultations of one provider never share a moment.
  await knex.raw(`ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap
    EXCLUDE USING gist (provider_id WITH =, tstzrange(start_time, end_time, '[)') WITH &&) WHERE (NOT canceled)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap');
  await knex.schema.alterTable('appointments', (t) => t.dropColumn('rescheduled_at'));
  await knex.schema.dropTable('availability_events');
  await knex.schema.dropTable('google_account_links');
  await knex.schema.dropTable('external_calendars');
}
