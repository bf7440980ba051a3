// Per provider and insurance (spec 2 §7 `tag/{tagId}/search/{enable}`): whether carrying that insurance
// makes this provider appear in the directory's searches for it. Meaningful for insurance taggings only;
// the insurer-wide tags.search_enabled stays the operator's switch for offering the insurer at all.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('taggings', (t) => {
    t.boolean('search_enabled').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('taggings', (t) => {
    t.dropColumn('search_enabled');
  });
}
