// Everything the portal sells (spec 3 §9 Prices), in one place. `npm run billing:sync` writes these
// products and prices to the configured Stripe account, matched by lookup key, and the local card
// server is seeded from the same list, so the two modes sell exactly the same things.
//
// Lookup keys carry a version: the standard prices are v3, the special-pricing (NY/CA) prices v4. A
// price is never edited in place on Stripe; a new amount is a new version, and old subscriptions keep theirs.

/** What a price pays for, which decides its tax treatment. */
export type TaxCategory = 'membership' | 'software' | 'one-time';

/** Stripe product tax codes per category (Stripe Tax's catalogue). */
export const TAX_CODES: Record<TaxCategory, string> = {
  // General - Electronically Supplied Services: a directory listing.
  membership: 'txcd_10000000',
  // Software as a service, business use: practice management and Private Pay Booster.
  software: 'txcd_10103001',
  // General - Services: copywriting and photo shoots, delivered once.
  'one-time': 'txcd_20030000',
};

export type ProductKey =
  | 'membership'
  | 'practice-management-professional'
  | 'practice-management-premium'
  | 'private-pay-booster-pro'
  | 'private-pay-booster-premium'
  | 'standalone-practice-management-pro'
  | 'standalone-practice-management-premium'
  | 'copywriting'
  | 'remote-shoot'
  | 'remote-group-shoot'
  | 'in-person-shoot'
  | 'in-person-group-shoot';

export interface CatalogProduct {
  key: ProductKey;
  name: string;
  category: TaxCategory;
}

export interface CatalogPrice {
  lookupKey: string;
  product: ProductKey;
  /** In cents, as Stripe counts money. */
  amount: number;
  /** Monthly (and the legacy yearly) prices recur; one-time prices are paid once through checkout. */
  recurring: boolean;
  /** How often a recurring price is billed (month unless said). */
  interval?: 'month' | 'year';
  /** The special-pricing version (NY and CA). */
  specialPricing?: boolean;
}

export const PRODUCTS: CatalogProduct[] = [
  { key: 'membership', name: 'Directory membership', category: 'membership' },
  { key: 'practice-management-professional', name: 'Practice management (Professional)', category: 'software' },
  { key: 'practice-management-premium', name: 'Practice management (Premium)', category: 'software' },
  { key: 'private-pay-booster-pro', name: 'Private Pay Booster Pro', category: 'software' },
  { key: 'private-pay-booster-premium', name: 'Private Pay Booster Premium', category: 'software' },
  { key: 'standalone-practice-management-pro', name: 'Standalone practice management Pro', category: 'software' },
  {
    key: 'standalone-practice-management-premium',
    name: 'Standalone practice management Premium',
    category: 'software',
  },
  { key: 'copywriting', name: 'Professional copywriting', category: 'one-time' },
  { key: 'remote-shoot', name: 'Remote photo shoot', category: 'one-time' },
  { key: 'remote-group-shoot', name: 'Remote group photo shoot', category: 'one-time' },
  { key: 'in-person-shoot', name: 'In-person photo shoot', category: 'one-time' },
  { key: 'in-person-group-shoot', name: 'In-person group photo shoot', category: 'one-time' },
];

const monthly = (lookupKey: string, product: ProductKey, dollars: number, specialPricing = false): CatalogPrice => ({
  lookupKey,
  product,
  amount: dollars * 100,
  recurring: true,
  ...(specialPricing ? { specialPricing } : {}),
});
// Legacy memberships paid a year ahead: twelve months at the monthly price. Sold no more (new memberships
// are monthly), but kept so a yearly subscription can be read and switched to monthly (spec 3 §4).
const yearly = (
  lookupKey: string,
  product: ProductKey,
  monthlyDollars: number,
  specialPricing = false,
): CatalogPrice => ({ ...monthly(lookupKey, product, monthlyDollars * 12, specialPricing), interval: 'year' });
const once = (lookupKey: string, product: ProductKey, dollars: number): CatalogPrice => ({
  lookupKey,
  product,
  amount: dollars * 100,
  recurring: false,
});

export const PRICES: CatalogPrice[] = [
  monthly('membership_monthly_v3', 'membership', 59),
  monthly('membership_monthly_ny_ca_v4', 'membership', 69, true),
  monthly('practice_management_professional_monthly_v3', 'practice-management-professional', 19),
  monthly('practice_management_premium_monthly_v3', 'practice-management-premium', 39),
  monthly('private_pay_booster_pro_monthly_v3', 'private-pay-booster-pro', 29),
  monthly('private_pay_booster_premium_monthly_v3', 'private-pay-booster-premium', 59),
  monthly('standalone_practice_management_pro_monthly_v3', 'standalone-practice-management-pro', 49),
  monthly('standalone_practice_management_premium_monthly_v3', 'standalone-practice-management-premium', 69),
  yearly('membership_yearly_v3', 'membership', 59),
  yearly('membership_yearly_ny_ca_v4', 'membership', 69, true),
  yearly('practice_management_professional_yearly_v3', 'practice-management-professional', 19),
  yearly('practice_management_premium_yearly_v3', 'practice-management-premium', 39),
  once('copywriting_v3', 'copywriting', 70),
  once('remote_shoot_v3', 'remote-shoot', 80),
  once('remote_group_shoot_v3', 'remote-group-shoot', 100),
  once('in_person_shoot_v3', 'in-person-shoot', 130),
  once('in_person_group_shoot_v3', 'in-person-group-shoot', 200),
];

/** The states whose providers pay the special membership price (decided by the provider's locations). */
export const SPECIAL_PRICING_STATES = ['NY', 'CA'] as const;

/**
 * Seat kinds of a seat-based subscription: a membership seat at the special price (called "ny" after
 * its first state, as the account fields name it), one at the standard price, and a Private Pay Booster seat.
 */
export type SeatKind = 'ny' | 'non_ny' | 'reimbursify';
export const SEAT_KINDS: SeatKind[] = ['ny', 'non_ny', 'reimbursify'];

export type Tier = 'basic' | 'professional' | 'premium';

const byLookupKey = new Map(PRICES.map((price) => [price.lookupKey, price]));
const productByKey = new Map(PRODUCTS.map((product) => [product.key, product]));

/** The monthly price of the same product and pricing as a yearly one (switch to monthly); null for others. */
export function monthlyCounterpart(lookupKey: string): CatalogPrice | null {
  const price = byLookupKey.get(lookupKey);
  if (price?.interval !== 'year') return null;
  return (
    PRICES.find(
      (p) =>
        p.recurring &&
        p.interval !== 'year' &&
        p.product === price.product &&
        Boolean(p.specialPricing) === Boolean(price.specialPricing),
    ) ?? null
  );
}

export const priceByLookupKey = (lookupKey: string): CatalogPrice | undefined => byLookupKey.get(lookupKey);

/**
 * A price's name for the member: its product's; when `among` (the other prices of the same subscription)
 * holds the membership's other price too, which of the two this one is (spec 3 §9: the NY/CA price or the
 * standard one), so the two membership lines tell each other apart.
 */
export function priceNameOf(
  lookupKey: string | null,
  productName?: string | null,
  among: (string | null)[] = [],
): string {
  const price = lookupKey ? byLookupKey.get(lookupKey) : undefined;
  const name = productName ?? (price ? productOf(price).name : (lookupKey ?? 'Membership'));
  if (price?.product !== 'membership') return name;
  const other = among
    .map((key) => (key ? byLookupKey.get(key) : undefined))
    .some((p) => p?.product === 'membership' && Boolean(p.specialPricing) !== Boolean(price.specialPricing));
  return other ? `${name} (${price.specialPricing ? 'NY/CA price' : 'standard price'})` : name;
}
export const productOf = (price: CatalogPrice): CatalogProduct => productByKey.get(price.product)!;
export const taxCodeOf = (price: CatalogPrice): string => TAX_CODES[productOf(price).category];

/** The seat a membership or Private Pay Booster price fills, if any. */
export function seatKindOf(lookupKey: string): SeatKind | null {
  const price = byLookupKey.get(lookupKey);
  if (!price) return null;
  if (price.product === 'membership') return price.specialPricing ? 'ny' : 'non_ny';
  if (price.product === 'private-pay-booster-pro' || price.product === 'private-pay-booster-premium')
    return 'reimbursify';
  return null;
}

/** The tier a subscription's practice-management price gives (none: basic). */
export function tierOf(lookupKeys: string[]): Tier {
  const products = new Set(lookupKeys.map((key) => byLookupKey.get(key)?.product));
  if (products.has('practice-management-premium')) return 'premium';
  if (products.has('practice-management-professional')) return 'professional';
  return 'basic';
}

/** The membership price for a provider whose locations are in `states`. */
export function membershipPriceFor(states: string[]): CatalogPrice {
  const special = states.some((state) => (SPECIAL_PRICING_STATES as readonly string[]).includes(state.toUpperCase()));
  return byLookupKey.get(special ? 'membership_monthly_ny_ca_v4' : 'membership_monthly_v3')!;
}

/**
 * The coupons the portal applies by itself (spec 3 §4 "Coupons applied automatically", §9): the
 * referral welcome ($49 off, once) when the provider came through another provider's referral link, and
 * the partner offer (25 % off the first year) for `?partner=owl` sign-ups. Synced with the catalog.
 */
export interface CatalogCoupon {
  id: string;
  name: string;
  percentOff?: number;
  amountOff?: number;
  duration: 'once' | 'repeating';
  durationInMonths?: number;
  /** The products it discounts (none: every product of the invoice). */
  products?: ProductKey[];
}

export const COUPONS: CatalogCoupon[] = [
  { id: 'REFERRAL_WELCOME_49', name: 'Referral welcome', amountOff: 4900, duration: 'once' },
  // The partner's offer is on the directory membership only: practice management, Private Pay Booster and
  // the one-time setup help are paid in full.
  {
    id: 'PARTNER_OWL_25',
    name: 'Owl partner offer',
    percentOff: 25,
    duration: 'repeating',
    durationInMonths: 12,
    products: ['membership'],
  },
];

export const REFERRAL_COUPON = 'REFERRAL_WELCOME_49';
export const PARTNER_COUPONS: Record<string, string> = { owl: 'PARTNER_OWL_25' };
