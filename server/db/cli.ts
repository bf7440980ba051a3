// npm run db:migrate | db:rollback | db:seed — against DATABASE_URL or the embedded database.
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { runSeeds, shouldSeedDemo } from '../../seeds/index';
import { openDatabase } from './open';

const command = process.argv[2];
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
try {
  if (command === 'migrate') {
    const [, applied] = await database.db.migrate.latest();
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
  } else if (command === 'rollback') {
    const [, undone] = await database.db.migrate.rollback();
    console.log(undone.length ? `rolled back: ${undone.join(', ')}` : 'nothing to roll back');
  } else if (command === 'seed') {
    await runSeeds(database.db, {
      demo: await shouldSeedDemo(database.db, config.seedDemo === 'auto' ? true : config.seedDemo),
    });
    console.log('seeded');
  } else {
    console.error('usage: tsx server/db/cli.ts migrate|rollback|seed');
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
