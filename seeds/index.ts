// Entry point for seeding: reference data always, demo people on request, all or nothing.
import type { Knex } from 'knex';
import { seedDemo } from './demo';
import { seedDemoPracticeManagement } from './demo-practice-management';
import { seedReference } from './reference';

export { seedDemo, seedReference };

export async function runSeeds(knex: Knex, opts: { demo: boolean }): Promise<void> {
  await knex.transaction(async (trx) => {
    await seedReference(trx);
    if (opts.demo) {
      await seedDemo(trx);
      await seedDemoPracticeManagement(trx);
    }
  });
}
