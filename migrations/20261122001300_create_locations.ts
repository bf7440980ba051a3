// Where a provider practises: an office (remote_location false) or a state for online sessions.
// Whether it shows publicly (should_display) is derived from verified licences, never stored.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('locations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.text('location_name').nullable();
    t.text('address').nullable();
    t.text('address_2').nullable();
    t.text('city').nullable();
    t.string('state', 2).notNullable();
    t.text('zip').nullable();
    t.boolean('remote_location').notNullable().defaultTo(false);
    // 40 accepting, 20 waitlist, 0 not accepting.
    t.smallint('accepting_patients').notNullable().defaultTo(40);
    t.smallint('previous_accepting_patients').nullable();
    // Seven strings, Monday to Sunday ("Closed", "9am - 4pm", ...).
    t.jsonb('hours').nullable();
    t.boolean('morning_availability').notNullable().defaultTo(false);
    t.boolean('daytime_availability').notNullable().defaultTo(false);
    t.boolean('afternoon_availability').notNullable().defaultTo(false);
    t.boolean('evening_availability').notNullable().defaultTo(false);
    t.boolean('weekend_availability').notNullable().defaultTo(false);
    t.boolean('display_address').notNullable().defaultTo(true);
    t.boolean('ada_accessible').notNullable().defaultTo(false);
    t.boolean('in_home').notNullable().defaultTo(false);
    t.timestamps(true, true);

    t.index(['provider_id']);
    t.check('accepting_patients IN (0, 20, 40)', [], 'locations_accepting_patients_check');
    t.check(
      'previous_accepting_patients IS NULL OR previous_accepting_patients IN (0, 20, 40)',
      [],
      'locations_previous_accepting_patients_check',
    );
    t.check(
      `hours IS NULL OR (jsonb_typeof(hours) = 'array' AND jsonb_array_length(hours) = 7)`,
      [],
      'locations_hours_check',
    );
  });
  await knex.raw(
    'CREATE TRIGGER locations_set_updated_at BEFORE UPDATE ON locations FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('locations');
}
