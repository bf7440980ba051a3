// The photographer-availability answer asked before payment (spec 3 §2, §9): one per provider, NULL
// until asked. Self-contained, like every migration.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.text('photographer_availability').nullable();
    t.check(
      `photographer_availability is null or photographer_availability in ('available', 'available_new_geo', 'none_near', 'new_geo')`,
      [],
      'providers_photographer_availability_check',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.dropChecks(['providers_photographer_availability_check']);
    t.dropColumn('photographer_availability');
  });
}
