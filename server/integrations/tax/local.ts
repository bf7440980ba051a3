// Local sales tax: an offline approximation for development and the tests, NOT tax advice. The state
// comes from the ZIP code's first three digits; each state has one statewide base rate per kind of item
// (no county, city or district taxes, no thresholds, no exemptions). Deterministic: the same request
// always gives the same answer. Real amounts come from the AvaTax implementation (AVATAX_* settings).
import { amountOf, effectiveRate, NO_TAX, taxApplies, type SalesTax, type TaxCategory } from './port';

export type StateCode =
  | 'AL'
  | 'AK'
  | 'AZ'
  | 'AR'
  | 'CA'
  | 'CO'
  | 'CT'
  | 'DE'
  | 'DC'
  | 'FL'
  | 'GA'
  | 'HI'
  | 'ID'
  | 'IL'
  | 'IN'
  | 'IA'
  | 'KS'
  | 'KY'
  | 'LA'
  | 'ME'
  | 'MD'
  | 'MA'
  | 'MI'
  | 'MN'
  | 'MS'
  | 'MO'
  | 'MT'
  | 'NE'
  | 'NV'
  | 'NH'
  | 'NJ'
  | 'NM'
  | 'NY'
  | 'NC'
  | 'ND'
  | 'OH'
  | 'OK'
  | 'OR'
  | 'PA'
  | 'RI'
  | 'SC'
  | 'SD'
  | 'TN'
  | 'TX'
  | 'UT'
  | 'VT'
  | 'VA'
  | 'WA'
  | 'WV'
  | 'WI'
  | 'WY';

/**
 * USPS ZIP3 prefixes, as inclusive ranges [first, last, state], in order. Prefixes not listed (unused
 * ones, Puerto Rico and the other territories, the military APO/FPO ranges 090-099, 340, 962-966) have
 * no state here, and so no tax in the local table.
 */
const ZIP3_RANGES: readonly (readonly [number, number, StateCode])[] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 731, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** The state of a US ZIP code (5 digits, or ZIP+4), or null when its prefix belongs to no state. */
export function stateOfZip(postalCode: string): StateCode | null {
  const match = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(postalCode.trim());
  if (!match) return null;
  const prefix = Number(match[1]);
  for (const [first, last, state] of ZIP3_RANGES) {
    if (prefix < first) return null;
    if (prefix <= last) return state;
  }
  return null;
}

/**
 * Statewide rates in percent, per kind of item: [membership, software, one-time]. The base is the state's
 * general rate (no local add-ons). What each kind is, for the table:
 * - membership: a directory listing, an electronically supplied service. Taxed only where services or
 *   digital services are taxed broadly (HI, NM, SD, WA), and in TX as a data or information service
 *   (80 % of the price is taxable: 6.25 % × 0.8 = 5 %).
 * - software: software as a service. Taxable in about half the states; CT taxes it at 1 %, TX at 80 %
 *   of the price, and the states without a general sales tax (AK, DE, MT, NH, OR) not at all.
 * - one-time: copywriting and photo shoots, i.e. services: untaxed except where most services are (HI,
 *   NM, SD, WV).
 */
const RATES: Record<StateCode, readonly [membership: number, software: number, oneTime: number]> = {
  AL: [0, 0, 0],
  AK: [0, 0, 0],
  AZ: [0, 5.6, 0],
  AR: [0, 0, 0],
  CA: [0, 0, 0],
  CO: [0, 0, 0],
  CT: [0, 1, 0],
  DE: [0, 0, 0],
  DC: [0, 6, 0],
  FL: [0, 0, 0],
  GA: [0, 0, 0],
  HI: [4, 4, 4],
  ID: [0, 0, 0],
  IL: [0, 0, 0],
  IN: [0, 0, 0],
  IA: [0, 6, 0],
  KS: [0, 0, 0],
  KY: [0, 6, 0],
  LA: [0, 0, 0],
  ME: [0, 0, 0],
  MD: [0, 6, 0],
  MA: [0, 6.25, 0],
  MI: [0, 0, 0],
  MN: [0, 0, 0],
  MS: [0, 7, 0],
  MO: [0, 0, 0],
  MT: [0, 0, 0],
  NE: [0, 0, 0],
  NV: [0, 0, 0],
  NH: [0, 0, 0],
  NJ: [0, 0, 0],
  NM: [4.875, 4.875, 4.875],
  NY: [0, 4, 0],
  NC: [0, 0, 0],
  ND: [0, 0, 0],
  OH: [0, 5.75, 0],
  OK: [0, 0, 0],
  OR: [0, 0, 0],
  PA: [0, 6, 0],
  RI: [0, 7, 0],
  SC: [0, 6, 0],
  SD: [4.2, 4.2, 4.2],
  TN: [0, 7, 0],
  TX: [5, 5, 0],
  UT: [0, 4.85, 0],
  VT: [0, 6, 0],
  VA: [0, 0, 0],
  WA: [6.5, 6.5, 0],
  WV: [0, 6, 6],
  WI: [0, 0, 0],
  WY: [0, 0, 0],
};

const CATEGORY_INDEX: Record<TaxCategory, 0 | 1 | 2> = { membership: 0, software: 1, 'one-time': 2 };

/** The local table's rate (percent) for a kind of item in a state. */
export const localRate = (state: StateCode, category: TaxCategory): number => RATES[state][CATEGORY_INDEX[category]];

/**
 * Tax on one line, rounded to the cent half up (x.5 cents → x+1), in whole numbers so that no binary
 * fraction decides a half cent. The quote sums the rounded lines.
 */
export function lineTax(amount: number, quantity: number, percent: number): number {
  const rate = Math.round(percent * 10_000); // percent in ten-thousandths: 8.875 → 88750
  const numerator = amount * quantity * rate;
  const denominator = 100 * 10_000;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function createLocalSalesTax(): SalesTax {
  return {
    provider: 'local',
    async quote(request) {
      if (!taxApplies(request.country, request.postalCode)) return { ...NO_TAX };
      const amount = amountOf(request.lines);
      const state = stateOfZip(request.postalCode);
      if (!state || amount === 0) return { ...NO_TAX };
      const lines = request.lines.map((line) => {
        const rate = localRate(state, line.category);
        return { rate, tax: lineTax(line.amount, line.quantity, rate) };
      });
      const totalTax = lines.reduce((sum, line) => sum + line.tax, 0);
      return { totalTax, rate: effectiveRate(totalTax, amount), lines };
    },
  };
}
