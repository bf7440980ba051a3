// Uploaded pictures of a provider: headshots, gallery and practice photos (files live in storage).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('images', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['headshot', 'gallery', 'practice'], 'images_kind_check');
    t.text('storage_key').notNullable().unique();
    t.text('filename').nullable();
    t.text('mimetype').nullable();
    t.integer('size').nullable();
    t.integer('width').nullable();
    t.integer('height').nullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('profile_ar').notNullable().defaultTo(false);
    t.timestamps(true, true);

    t.index(['provider_id', 'kind', 'sort_order']);
  });
  await knex.raw(
    'CREATE TRIGGER images_set_updated_at BEFORE UPDATE ON images FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('images');
}
