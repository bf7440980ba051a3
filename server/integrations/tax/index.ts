// The tax port's public face: features import from here.
import { createAvaTax, type AvaTaxSettings } from './avatax';
import { createLocalSalesTax } from './local';
import type { SalesTax } from './port';

export {
  NO_TAX,
  rateOfLine,
  TaxError,
  taxApplies,
  type SalesTax,
  type TaxCategory,
  type TaxLine,
  type TaxQuote,
  type TaxQuoteLine,
  type TaxRequest,
} from './port';

/** The sales-tax port as settings choose it: AvaTax with its keys, the local rate table without. */
export function createSalesTax(settings: AvaTaxSettings | null): SalesTax {
  return settings ? createAvaTax(settings) : createLocalSalesTax();
}
