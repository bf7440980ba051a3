// A public directory profile: an individual clinician or a group practice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('providers', (t) => {
    t.bigIncrements('id');
    // Deleting an account must not silently take its profiles with it.
    t.bigInteger('account_id').notNullable().references('id').inTable('accounts').onDelete('RESTRICT');
    t.text('type').notNullable().checkIn(['individual', 'practice'], 'providers_type_check');
    t.text('status')
      .notNullable()
      .defaultTo('incomplete')
      .checkIn(['incomplete', 'reviewing', 'pending', 'active', 'inactive', 'locked'], 'providers_status_check');
    t.text('first_name').nullable();
    t.text('middle_name').nullable();
    t.text('last_name').nullable();
    t.text('company_name').nullable();
    t.text('slug').nullable().unique();
    t.bigInteger('primary_profession_tag_id').nullable().references('id').inTable('tags').onDelete('SET NULL');
    t.string('phone_number', 12).nullable();
    t.specificType('contact_email', 'citext').nullable();
    t.text('professional_statement').nullable();
    t.text('message_to_clients').nullable();
    t.text('image_key').nullable();
    t.jsonb('custom_content').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.text('timezone').notNullable().defaultTo('America/New_York');
    t.boolean('calendar_open').notNullable().defaultTo(false);
    t.boolean('has_calendar').notNullable().defaultTo(false);
    t.boolean('has_premium_setup').notNullable().defaultTo(false);
    t.text('signup_source').nullable();
    t.boolean('created_with_new_wizard').notNullable().defaultTo(false);
    t.timestamp('wizard_exited_at', { useTz: true }).nullable();
    t.timestamp('went_live_at', { useTz: true }).nullable();
    // A clinician profile that belongs to a practice profile; it outlives removal from the practice.
    t.bigInteger('practice_id').nullable().references('id').inTable('providers').onDelete('SET NULL');
    t.integer('practice_sort_order').nullable();
    t.timestamps(true, true);

    t.index(['account_id']);
    t.index(['practice_id']);
    t.index(['primary_profession_tag_id']);
    t.check(`jsonb_typeof(custom_content) = 'object'`, [], 'providers_custom_content_check');
    t.check('practice_id IS NULL OR practice_id <> id', [], 'providers_practice_not_self_check');
  });
  await knex.raw(
    'CREATE TRIGGER providers_set_updated_at BEFORE UPDATE ON providers FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('providers');
}
