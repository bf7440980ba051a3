// Writes the catalog to the configured Stripe account (or the local card server): `npm run billing:sync`,
// and the local server's seeding at start. Idempotent: products match by id, prices by lookup key. The
// resulting price ids are kept in billing_prices, where pages and checkout read them.
import type { Knex } from 'knex';
import type { PaymentsGateway } from '../../integrations/payments';
import { COUPONS, PRICES, PRODUCTS, productOf, taxCodeOf } from './catalog';

/** Stripe product ids of the catalog: stable, readable, and the same in every account. */
export const productIdOf = (key: string) => `portal_${key.replace(/-/g, '_')}`;

export async function syncCatalog(
  db: Knex,
  payments: PaymentsGateway,
): Promise<{ created: string[]; updated: string[] }> {
  const outcome = await payments.syncCatalog(
    PRICES.map((price) => ({
      productId: productIdOf(price.product),
      productName: productOf(price).name,
      taxCode: taxCodeOf(price),
      lookupKey: price.lookupKey,
      amount: price.amount,
      recurring: price.recurring,
      interval: price.interval ?? 'month',
    })),
  );
  outcome.created.push(
    ...(await payments.syncCoupons(
      COUPONS.map(({ products, ...coupon }) => ({
        ...coupon,
        ...(products ? { productIds: products.map(productIdOf) } : {}),
      })),
    )),
  );
  const names = new Map(PRODUCTS.map((product) => [productIdOf(product.key), product.name]));
  const prices = await payments.pricesByLookupKey(PRICES.map((price) => price.lookupKey));
  await db.transaction(async (trx) => {
    for (const price of prices) {
      await trx('billing_prices')
        .insert({
          id: price.id,
          lookup_key: price.lookupKey,
          product_id: price.productId,
          product_name: names.get(price.productId) ?? price.productId,
          unit_amount: price.amount,
          recurring: price.recurring,
          synced_at: trx.fn.now(),
        })
        .onConflict('lookup_key')
        .merge();
    }
  });
  return outcome;
}

/** A catalog price the portal sells, by Stripe price id; null when it is not one of ours. */
export async function findCatalogPrice(
  db: Knex,
  priceId: string,
): Promise<{ id: string; lookupKey: string; productName: string; amount: number; recurring: boolean } | null> {
  const row = await db('billing_prices').where({ id: priceId }).first();
  return row
    ? {
        id: row.id,
        lookupKey: row.lookup_key,
        productName: row.product_name,
        amount: row.unit_amount,
        recurring: row.recurring,
      }
    : null;
}

/** Price ids by lookup key, for links to checkout. */
export async function priceIdsByLookupKey(db: Knex): Promise<Map<string, string>> {
  const rows: { id: string; lookup_key: string }[] = await db('billing_prices').select('id', 'lookup_key');
  return new Map(rows.map((row) => [row.lookup_key, row.id]));
}
