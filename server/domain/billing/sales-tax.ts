// Sales tax of what the portal sells (spec 3 §5, §9 "Tax categories differ for membership, software and
// one-time items"): each line is taxed at its own category's rate at the billing address, through a
// card-processor tax rate of that line (a subscription item's or a one-time item's), never one blended
// rate for the whole subscription. Renewals are taxed by the items' own rates, so a change of lines or of
// address re-taxes every item (purchase.ts).
import type { PaymentsGateway } from '../../integrations/payments';
import { taxApplies, type SalesTax } from '../../integrations/tax';
import { priceByLookupKey, productOf, type TaxCategory } from './catalog';

/** A catalog line to tax: a lookup key and how many. */
export interface TaxedItem {
  lookupKey: string;
  quantity: number;
}

/** The sales tax of a purchase at an address: the rate ids of each category, and what the pay step compares. */
export interface SalesTaxPlan {
  /** The card processor's tax rates for a category's lines (none: untaxed, e.g. a membership in New York). */
  rates: Partial<Record<TaxCategory, string[]>>;
  /** Each category's rate in percent (only the taxed ones), e.g. { software: 4 } in New York. */
  percentages: Partial<Record<TaxCategory, number>>;
  /**
   * The quote's effective percentage on every line it was asked for: the same address and lines give the
   * same figure, so a post whose address is taxed otherwise than the preview showed is caught.
   */
  percentage: number;
}

export const NO_SALES_TAX: SalesTaxPlan = Object.freeze({ rates: {}, percentages: {}, percentage: 0 });

const categoryOf = (lookupKey: string): TaxCategory | null => {
  const price = priceByLookupKey(lookupKey);
  return price ? productOf(price).category : null;
};

/** The tax rate ids of a lookup key's line under a plan (none: untaxed, or a price the catalog does not know). */
export function taxRatesOf(plan: SalesTaxPlan, lookupKey: string): string[] {
  const category = categoryOf(lookupKey);
  return category ? (plan.rates[category] ?? []) : [];
}

/**
 * Spec 3 §5: tax is asked for US addresses with a postal code longer than four characters, on the lines
 * given (every line the subscription will have, so that each is taxed at the address). Each category's
 * rate comes from the quote's own lines; a rate above 0 becomes an exclusive tax rate of that state and
 * percentage at the card processor (made once, then found again).
 */
export async function salesTaxPlan(
  deps: { tax: SalesTax; payments: PaymentsGateway },
  input: { items: TaxedItem[]; postalCode: string; state: string; accountId: number },
): Promise<SalesTaxPlan> {
  if (!taxApplies('US', input.postalCode) || !/^[A-Z]{2}$/i.test(input.state.trim())) return NO_SALES_TAX;
  const lines = input.items.flatMap((item) => {
    const price = priceByLookupKey(item.lookupKey);
    return price ? [{ amount: price.amount, quantity: item.quantity, category: productOf(price).category }] : [];
  });
  if (!lines.length) return NO_SALES_TAX;
  const quote = await deps.tax.quote({
    lines,
    postalCode: input.postalCode.trim(),
    country: 'US',
    customerCode: String(input.accountId),
  });
  const state = input.state.trim().toUpperCase();
  const plan: SalesTaxPlan = { rates: {}, percentages: {}, percentage: quote.rate };
  for (const [index, line] of lines.entries()) {
    const rate = quote.lines[index]?.rate ?? 0;
    if (rate <= 0 || plan.percentages[line.category] !== undefined) continue;
    plan.percentages[line.category] = rate;
    plan.rates[line.category] = [await deps.payments.taxRate({ percentage: rate, state }, `tax-rate-${state}-${rate}`)];
  }
  return plan;
}
