// Phone consultations booked by clients with a provider (spec 3 §3 Appointment). The calendar and
// messaging work extend it (reschedules, links); the dashboard reads the next two days from it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('appointments', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    // The client's user; kept (null) when the client deletes their account.
    t.bigInteger('client_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('type')
      .notNullable()
      .defaultTo('phone_consultation')
      .checkIn(['phone_consultation', 'provider_contact'], 'appointments_type_check');
    t.timestamp('start_time', { useTz: true }).notNullable();
    t.timestamp('end_time', { useTz: true }).notNullable();
    t.boolean('canceled').notNullable().defaultTo(false);
    t.timestamp('canceled_at', { useTz: true }).nullable();
    t.text('cancel_message').nullable();
    // Imported from the previous booking system: view-only (no reschedule or cancel).
    t.boolean('legacy').notNullable().defaultTo(false);
    // The client's answers to the intake questions (key → answer).
    t.jsonb('intake_form').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.timestamps(true, true);

    t.index(['provider_id', 'start_time']);
    t.index(['client_user_id']);
    t.check('end_time > start_time', [], 'appointments_time_order_check');
    t.check(`jsonb_typeof(intake_form) = 'object'`, [], 'appointments_intake_form_check');
  });
  await knex.raw(
    'CREATE TRIGGER appointments_set_updated_at BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('appointments');
}
