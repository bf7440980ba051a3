// The booking rules a provider sets (issue [23] item 2): buffers around a consultation, the minimum notice
// and "no same-day bookings", the horizon, the consultation's length, a weekly cap and approve-before-confirm.
// A provider without a row books by the defaults, which are the rules that applied before (15 minutes,
// 2 hours' notice, 90 days ahead, back to back). An appointment held as a request waits for the provider's
// answer until its deadline: request_status pending, then accepted, declined or expired (both canceled).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('booking_rules', (t) => {
    t.bigInteger('provider_id').primary().references('id').inTable('providers').onDelete('CASCADE');
    t.integer('buffer_before_minutes').notNullable().defaultTo(0);
    t.integer('buffer_after_minutes').notNullable().defaultTo(0);
    t.integer('notice_hours').notNullable().defaultTo(2);
    t.boolean('no_same_day').notNullable().defaultTo(false);
    t.integer('horizon_days').notNullable().defaultTo(90);
    t.integer('consultation_minutes').notNullable().defaultTo(15);
    // NULL: no cap.
    t.integer('weekly_cap').nullable();
    t.boolean('approval_required').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.check('buffer_before_minutes BETWEEN 0 AND 120', [], 'booking_rules_buffer_before_check');
    t.check('buffer_after_minutes BETWEEN 0 AND 120', [], 'booking_rules_buffer_after_check');
    t.check('notice_hours BETWEEN 0 AND 168', [], 'booking_rules_notice_check');
    t.check('horizon_days BETWEEN 1 AND 365', [], 'booking_rules_horizon_check');
    t.check('consultation_minutes IN (15, 20, 30)', [], 'booking_rules_length_check');
    t.check('weekly_cap IS NULL OR weekly_cap BETWEEN 1 AND 100', [], 'booking_rules_cap_check');
  });
  await knex.raw(
    'CREATE TRIGGER booking_rules_set_updated_at BEFORE UPDATE ON booking_rules FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
  await knex.raw(
    'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
    ['booking_rules_notify_change', 'booking_rules'],
  );

  await knex.schema.alterTable('appointments', (t) => {
    t.text('request_status').nullable();
    t.timestamp('request_deadline', { useTz: true }).nullable();
    t.timestamp('request_decided_at', { useTz: true }).nullable();
    t.check(
      `request_status IS NULL OR request_status IN ('pending', 'accepted', 'declined', 'expired')`,
      [],
      'appointments_request_status_check',
    );
    t.check('(request_status IS NULL) = (request_deadline IS NULL)', [], 'appointments_request_deadline_check');
  });
  // The expiry job's search: requests still waiting, by deadline.
  await knex.raw(
    `CREATE INDEX appointments_pending_requests_index ON appointments (request_deadline)
       WHERE request_status = 'pending' AND NOT canceled`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX appointments_pending_requests_index');
  await knex.schema.alterTable('appointments', (t) => {
    t.dropColumn('request_decided_at');
    t.dropColumn('request_deadline');
    t.dropColumn('request_status');
  });
  await knex.schema.dropTable('booking_rules');
}
