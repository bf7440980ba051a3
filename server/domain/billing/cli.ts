// Operators' billing commands, against the configured Stripe account (or, without keys, the local card
// server of this database):
//   npm run billing:sync        writes the catalog's products and prices (idempotent, matched by lookup key)
//   npm run billing:reconcile   re-reads every mirrored customer from Stripe and repairs drift (also nightly)
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { createLogger } from '../../logger';
import { createPayments } from '../../integrations/payments';
import { syncCatalog } from './catalog-sync';
import { reconcile } from './webhooks';

const command = process.argv[2];
if (command !== 'sync' && command !== 'reconcile') {
  console.error('usage: npm run billing:sync | npm run billing:reconcile');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
const payments = createPayments(database.db, config.stripe);
try {
  console.log(`billing: ${payments.mode === 'stripe' ? 'Stripe' : 'the local card server (no STRIPE_* keys)'}`);
  if (command === 'sync') {
    const { created, updated } = await syncCatalog(database.db, payments.gateway);
    console.log(
      `catalog: ${created.length} created${created.length ? ` (${created.join(', ')})` : ''}, ${updated.length} updated${updated.length ? ` (${updated.join(', ')})` : ''}`,
    );
  } else {
    const { customers, changed } = await reconcile(database.db, payments.gateway, logger);
    console.log(`reconcile: ${customers} customers read, ${changed} repaired`);
  }
} finally {
  await payments.close();
  await database.close();
}
