// The tax port's public face: features import from here.
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
