// The practice-management booking link of a profile (spec 3 §3 Provider practice_management_booking_link,
// §4 Booking link: active or inactive, with a link override or the clinic's own booking page). While it is
// active on an account with practice management, clients book through it and it replaces the call
// calendar on /calendar and on the dashboard. The practice-management add-on writes it; the calendar reads it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => t.jsonb('practice_management_booking_link').nullable());
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_booking_link_check CHECK (
    practice_management_booking_link IS NULL OR (
      jsonb_typeof(practice_management_booking_link) = 'object'
      AND practice_management_booking_link->>'status' IN ('active', 'inactive')))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT providers_booking_link_check');
  await knex.schema.alterTable('providers', (t) => t.dropColumn('practice_management_booking_link'));
}
