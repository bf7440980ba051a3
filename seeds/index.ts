// Entry point for seeding: reference data always, demo people on request, all or nothing.
import type { Knex } from 'knex';
import type { Config } from '../server/config';
import { hasUsers } from '../server/domain/accounts';
import { seedDemo } from './demo';
import { seedDemoPracticeManagement } from './demo-practice-management';
import { seedReference } from './reference';

export { seedDemo, seedReference };

/** Demo data goes in when SEED_DEMO is on, or (by default) when the database has no users yet. */
export async function shouldSeedDemo(db: Knex, setting: Config['seedDemo']): Promise<boolean> {
  return setting === 'auto' ? !(await hasUsers(db)) : setting;
}

export async function runSeeds(knex: Knex, opts: { demo: boolean }): Promise<void> {
  await knex.transaction(async (trx) => {
    await seedReference(trx);
    if (opts.demo) {
      await seedDemo(trx);
      await seedDemoPracticeManagement(trx);
    }
  });
}
