// The local EHR's own state (server/integrations/ehr/local.ts): what the outside practice-management
// system would hold, kept in our database so the product runs offline and the tests use it. Only the
// local implementation reads or writes these tables; the portal's own facts stay on accounts.practice_management
// and providers.practice_management_booking_link.
// - local_ehr_clinics: a clinic per subdomain (unique), pending until its setup is finished, with its trial's end;
//   a member profile's (provider_id) or a standalone account's (account_id, bought on /zpm-signup).
// - local_ehr_booking_pages: per provider, whether the clinic's booking page is ready and the status the
//   portal last sent for the provider's booking link.
import type { Knex } from 'knex';

const TABLES = ['local_ehr_clinics', 'local_ehr_booking_pages'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('local_ehr_clinics', (t) => {
    t.text('clinic_id').primary();
    t.bigInteger('provider_id').nullable();
    t.bigInteger('account_id').nullable();
    t.text('subdomain').notNullable().unique();
    t.text('status')
      .notNullable()
      .defaultTo('pending')
      .checkIn(['pending', 'active'], 'local_ehr_clinics_status_check');
    t.timestamp('trial_end', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['provider_id']);
    t.check('provider_id is not null or account_id is not null', [], 'local_ehr_clinics_owner_check');
  });
  await knex.schema.createTable('local_ehr_booking_pages', (t) => {
    t.bigInteger('provider_id').primary();
    t.boolean('ready').notNullable().defaultTo(false);
    t.text('link_status')
      .notNullable()
      .defaultTo('inactive')
      .checkIn(['active', 'inactive'], 'local_ehr_booking_pages_link_status_check');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Like every table a read may depend on, they notify their changes (the read cache's rule).
  for (const table of TABLES) {
    await knex.raw(
      'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
      [`${table}_notify_change`, table],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_ehr_booking_pages');
  await knex.schema.dropTable('local_ehr_clinics');
}
