// US sales tax (spec 3 §5, and §7 get-sales-tax), in our words: money in cents, and the three kinds of
// item the portal sells, whose tax treatment differs. The vendor's codes stay inside its adapter.

/**
 * What a line pays for, which decides its tax treatment. The same three words as the billing catalog's
 * categories (integrations import no domain module, so the port names them itself).
 */
export type TaxCategory = 'membership' | 'software' | 'one-time';

export const TAX_CATEGORIES: readonly TaxCategory[] = ['membership', 'software', 'one-time'];

export interface TaxLine {
  /** Price of one unit, in cents (after any discount the caller wants taxed on). */
  amount: number;
  quantity: number;
  category: TaxCategory;
}

export interface TaxRequest {
  lines: TaxLine[];
  /** The billing address's postal code and country (spec 3 §7: `addresses.singleLocation`). */
  postalCode: string;
  country: string;
  /** Who buys, for the vendor's records (our account id); never needed for the amount. */
  customerCode?: string;
}

export interface TaxQuote {
  /** In cents. */
  totalTax: number;
  /**
   * The effective percentage of the lines' whole amount (unit × quantity, every line), e.g. 8.875, to four
   * decimals: one exclusive tax rate of this percentage on the same invoice charges the same tax.
   */
  rate: number;
  /**
   * Each line of the request, in order: its own rate (percent, e.g. 4 for New York's software) and its tax
   * in cents. Empty when no tax applies at all (every line then has rate 0). A line's rate is what a tax
   * rate on that line alone charges, so each kind of item can be taxed on its own line of an invoice.
   */
  lines: TaxQuoteLine[];
}

export interface TaxQuoteLine {
  rate: number;
  tax: number;
}

export interface SalesTax {
  /** Which implementation answers ("local": the offline rate table). */
  readonly provider: 'local' | 'avatax';
  /** The tax on these lines at this address; zero, without asking anyone, when tax does not apply (taxApplies). */
  quote(request: TaxRequest): Promise<TaxQuote>;
}

/** The service could not be reached or refused the request; `message` is safe to show, `detail` is for the log. */
export class TaxError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'TaxError';
  }
}

export const NO_TAX: TaxQuote = Object.freeze({ totalTax: 0, rate: 0, lines: [] });

/** A line's rate in a quote (0 when the quote has no lines: no tax applies). */
export const rateOfLine = (quote: TaxQuote, index: number): number => quote.lines[index]?.rate ?? 0;

/** Spec 3 §5: "Tax is fetched for US only, with a postal code longer than 4 characters." */
export function taxApplies(country: string | null | undefined, postalCode: string | null | undefined): boolean {
  return (country ?? '').trim().toUpperCase() === 'US' && (postalCode ?? '').trim().length > 4;
}

/** The lines' whole amount in cents (unit × quantity); a line that is not whole non-negative cents is a bug of the caller. */
export function amountOf(lines: TaxLine[]): number {
  return lines.reduce((sum, line) => {
    if (
      !Number.isSafeInteger(line.amount) ||
      line.amount < 0 ||
      !Number.isSafeInteger(line.quantity) ||
      line.quantity < 0
    ) {
      throw new RangeError(
        `a tax line needs whole, non-negative cents and quantity (got ${line.amount} × ${line.quantity})`,
      );
    }
    return sum + line.amount * line.quantity;
  }, 0);
}

/** The effective percentage of `totalTax` on `amount`, to four decimals (what a Stripe tax rate holds). */
export function effectiveRate(totalTax: number, amount: number): number {
  return amount > 0 ? Math.round((totalTax * 100 * 10_000) / amount) / 10_000 : 0;
}
