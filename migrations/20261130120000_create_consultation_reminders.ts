// Consultation reminders (issue [23] item 1): what each provider turned on (reminder_settings, one row
// per provider that changed the defaults, which are all on), the one-tap links a reminder carries
// (consultation_links: only a sha256 of each one-use token is kept, with the consultation start it was
// made for, which is also when it expires), and the morning digests already sent (consultation_digests:
// one per provider and day of their calendar's zone, so a second run of the job sends none).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reminder_settings', (t) => {
    t.bigInteger('provider_id').primary().references('id').inTable('providers').onDelete('CASCADE');
    t.boolean('email_day_before').notNullable().defaultTo(true);
    t.boolean('email_two_hours_before').notNullable().defaultTo(true);
    t.boolean('sms').notNullable().defaultTo(true);
    t.boolean('morning_digest').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });
  await knex.raw(
    'CREATE TRIGGER reminder_settings_set_updated_at BEFORE UPDATE ON reminder_settings FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
  await knex.raw(
    'create trigger ?? after insert or update or delete or truncate on ?? for each statement execute function portal_notify_change()',
    ['reminder_settings_notify_change', 'reminder_settings'],
  );

  await knex.schema.createTable('consultation_links', (t) => {
    t.bigIncrements('id');
    t.bigInteger('appointment_id').notNullable().references('id').inTable('appointments').onDelete('CASCADE');
    t.text('action').notNullable();
    t.text('token_hash').notNullable().unique();
    // The consultation's start when the link was made: the link expires then, and is void once the
    // consultation moves.
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`action IN ('cancel', 'reschedule_request')`, [], 'consultation_links_action_check');
    t.index(['appointment_id']);
    // The clean-up job's search.
    t.index(['expires_at']);
  });

  await knex.schema.createTable('consultation_digests', (t) => {
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('consultations').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['provider_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consultation_digests');
  await knex.schema.dropTable('consultation_links');
  await knex.schema.dropTable('reminder_settings');
}
