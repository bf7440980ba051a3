// Therapy groups a provider runs, each with one place (in person or online in a state).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('therapy_groups', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('hours').nullable();
    t.text('costs').nullable();
    t.text('status').notNullable().defaultTo('inactive').checkIn(['active', 'inactive'], 'therapy_groups_status_check');
    t.timestamp('expired_at', { useTz: true }).nullable();
    t.text('description').nullable();
    t.string('short_description', 255).nullable();
    t.text('image_key').nullable();
    t.boolean('remote_location').notNullable().defaultTo(false);
    t.text('address').nullable();
    t.text('address_2').nullable();
    t.text('city').nullable();
    t.string('state', 2).nullable();
    t.text('zip').nullable();
    t.timestamps(true, true);

    t.index(['provider_id']);
  });
  await knex.raw(
    'CREATE TRIGGER therapy_groups_set_updated_at BEFORE UPDATE ON therapy_groups FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('therapy_groups');
}
