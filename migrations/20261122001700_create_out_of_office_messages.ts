// The vacation responder: at most one per provider.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('out_of_office_messages', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().unique().references('id').inTable('providers').onDelete('CASCADE');
    t.text('status')
      .notNullable()
      .defaultTo('inactive')
      .checkIn(['active', 'inactive'], 'out_of_office_messages_status_check');
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    t.text('message').nullable();
    t.timestamps(true, true);

    t.check(
      'start_date IS NULL OR end_date IS NULL OR end_date > start_date',
      [],
      'out_of_office_messages_dates_check',
    );
  });
  await knex.raw(
    'CREATE TRIGGER out_of_office_messages_set_updated_at BEFORE UPDATE ON out_of_office_messages FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('out_of_office_messages');
}
