// What a payment form sells, priced: catalog prices times quantities (monthly amounts, in cents), for
// "Your plan", the coupon check and the summary.
import { priceByLookupKey, productOf, type TaxCategory } from './catalog';
import { productIdOf } from './catalog-sync';
import type { CurrentItem, ItemChange } from './plans';

/** A priced line of what the form sells. */
export interface PlanLine {
  lookupKey: string;
  productId: string;
  name: string;
  quantity: number;
  amount: number;
  category: TaxCategory;
}

export function lineOf(lookupKey: string, quantity = 1): PlanLine {
  const price = priceByLookupKey(lookupKey);
  if (!price) throw new Error(`unknown catalog price ${lookupKey}`);
  const product = productOf(price);
  return {
    lookupKey,
    productId: productIdOf(price.product),
    name: product.name,
    quantity,
    amount: price.amount * quantity,
    category: product.category,
  };
}

export const monthlyOf = (lines: PlanLine[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** What a change adds, priced: each changed item at its new price and quantity. */
export function linesOfChange(changes: ItemChange[], items: CurrentItem[]): PlanLine[] {
  return changes
    .filter((change) => !change.deleted)
    .map((change) => {
      const current = change.itemId ? items.find((item) => item.id === change.itemId) : undefined;
      return lineOf(change.lookupKey ?? current!.lookupKey!, change.quantity ?? current?.quantity ?? 1);
    });
}
