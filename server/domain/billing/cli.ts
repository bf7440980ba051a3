// Operators' billing commands, against the configured Stripe account (or, without keys, the local card
// server of this database):
//   npm run billing:sync        writes the catalog's products and prices (idempotent, matched by lookup key)
//   npm run billing:reconcile   re-reads every mirrored customer from Stripe and repairs drift (also nightly)
//   npm run billing:retax       taxes every live subscription's items at their own rates at the customer's
//                               billing address (once, for subscriptions made with one blended default rate)
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { createLogger } from '../../logger';
import { createPayments } from '../../integrations/payments';
import { createSalesTax } from '../../integrations/tax';
import { syncCatalog } from './catalog-sync';
import { retaxCustomer } from './purchase';
import { reconcile } from './webhooks';

const command = process.argv[2];
if (command !== 'sync' && command !== 'reconcile' && command !== 'retax') {
  console.error('usage: npm run billing:sync | npm run billing:reconcile | npm run billing:retax');
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
  } else if (command === 'retax') {
    const tax = createSalesTax(config.tax);
    const customers = await database
      .db('billing_customers')
      .whereNotNull('address_postal_code')
      .whereNotNull('address_state')
      .select('id', 'account_id', 'address_postal_code', 'address_state');
    let subscriptions = 0;
    for (const customer of customers) {
      subscriptions += await retaxCustomer(
        { db: database.db, payments: payments.gateway, tax },
        {
          customerId: customer.id,
          accountId: customer.account_id,
          // Not null: the query keeps only customers with both.
          postalCode: customer.address_postal_code!,
          state: customer.address_state!,
        },
      );
    }
    console.log(`retax: ${subscriptions} live subscriptions of ${customers.length} customers taxed per line`);
  } else {
    const { customers, changed } = await reconcile(database.db, payments.gateway, logger);
    console.log(`reconcile: ${customers} customers read, ${changed} repaired`);
  }
} finally {
  await payments.close();
  await database.close();
}
