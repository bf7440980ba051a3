// Professional licences per state, with the team's verification result and optional supervisor licence.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('licenses', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.string('state', 2).notNullable();
    t.string('number', 60).notNullable();
    t.text('license_type').nullable();
    // The expiration year, e.g. 2028.
    t.integer('expiration').nullable();
    t.text('verification')
      .notNullable()
      .defaultTo('Unverified')
      .checkIn(['Verified', 'Unverified', 'Legacy', 'Not found'], 'licenses_verification_check');
    t.text('notes').nullable();
    t.text('supervisor_name').nullable();
    t.string('supervisor_license', 60).nullable();
    t.text('supervisor_license_type').nullable();
    t.timestamps(true, true);

    t.index(['provider_id', 'state']);
  });
  await knex.raw(
    'CREATE TRIGGER licenses_set_updated_at BEFORE UPDATE ON licenses FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('licenses');
}
