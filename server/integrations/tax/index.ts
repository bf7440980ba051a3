// The tax port's public face: features import from here.
export {
  NO_TAX,
  TaxError,
  taxApplies,
  type SalesTax,
  type TaxCategory,
  type TaxLine,
  type TaxQuote,
  type TaxRequest,
} from './port';
