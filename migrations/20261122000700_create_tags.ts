// Every selectable list of the profile (professions, specialties, insurances, ...), one row per value.
import type { Knex } from 'knex';

const TAG_TYPES = [
  'clientele',
  'genders',
  'identities',
  'insurances',
  'specialties',
  'approaches',
  'professions',
  'languages',
  'degrees',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tags', (t) => {
    t.bigIncrements('id');
    t.text('type').notNullable().checkIn(TAG_TYPES, 'tags_type_check');
    t.text('slug').notNullable();
    t.text('name').notNullable();
    // Only meaningful for insurances: whether the directory search offers it.
    t.boolean('search_enabled').notNullable().defaultTo(true);
    t.timestamps(true, true);

    t.unique(['type', 'slug']);
  });
  await knex.raw(
    'CREATE TRIGGER tags_set_updated_at BEFORE UPDATE ON tags FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tags');
}
