// What each mode of the membership payment form asks of a subscription (spec 3 §4 "Payment flow", §7
// Billing): the items of a new seat-based membership, and the item changes of adding a seat, upgrading
// practice management or Private Pay Booster, and switching a yearly membership to monthly. Pure: the
// feature looks up the price ids (priceIdsByLookupKey), turns the changes into Stripe's terms
// (toStripeChanges) and asks Stripe for the preview and the change.
import type { SubscriptionItemChange } from '../../integrations/payments';
import { monthlyCounterpart, priceByLookupKey, seatKindOf, type SeatKind, type Tier } from './catalog';

export type ReimbursifyTier = 'pro' | 'premium';
export const REIMBURSIFY_TIERS: ReimbursifyTier[] = ['pro', 'premium'];

/** An item of a live subscription, as the mirror holds it. */
export interface CurrentItem {
  id: string;
  lookupKey: string | null;
  quantity: number;
}

/** One line of a change: an existing item (`itemId`) given a new price or quantity, removed, or a new item. */
export interface ItemChange {
  itemId?: string;
  lookupKey?: string;
  quantity?: number;
  deleted?: true;
}

export const PRACTICE_MANAGEMENT_KEYS: Record<Tier, string | null> = {
  basic: null,
  professional: 'practice_management_professional_monthly_v3',
  premium: 'practice_management_premium_monthly_v3',
};
export const REIMBURSIFY_KEYS: Record<ReimbursifyTier, string> = {
  pro: 'private_pay_booster_pro_monthly_v3',
  premium: 'private_pay_booster_premium_monthly_v3',
};
const MEMBERSHIP_KEYS: Record<'ny' | 'non_ny', string> = {
  ny: 'membership_monthly_ny_ca_v4',
  non_ny: 'membership_monthly_v3',
};

const productOfKey = (key: string | null) => (key ? (priceByLookupKey(key)?.product ?? null) : null);
const isPracticeManagement = (key: string | null) => /^practice-management-/.test(productOfKey(key) ?? '');
const membershipSeats = (items: CurrentItem[]) =>
  items.filter((item) => productOfKey(item.lookupKey) === 'membership').reduce((sum, item) => sum + item.quantity, 0);

/** The items of a new seat-based membership of one seat: the membership at its price, practice management by tier, and Private Pay Booster if chosen. */
export function newMembershipItems(
  tier: Tier,
  seat: 'ny' | 'non_ny',
  reimbursify: ReimbursifyTier | null = null,
): { lookupKey: string; quantity: number }[] {
  return [MEMBERSHIP_KEYS[seat], PRACTICE_MANAGEMENT_KEYS[tier], reimbursify ? REIMBURSIFY_KEYS[reimbursify] : null]
    .filter((key): key is string => Boolean(key))
    .map((lookupKey) => ({ lookupKey, quantity: 1 }));
}

/** Item changes in Stripe's terms: lookup keys become the synced price ids. */
export function toStripeChanges(changes: ItemChange[], prices: Map<string, string>): SubscriptionItemChange[] {
  return changes.map((change) => ({
    ...(change.itemId ? { id: change.itemId } : {}),
    ...(change.lookupKey ? { price: prices.get(change.lookupKey)! } : {}),
    ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
    ...(change.deleted ? { deleted: true } : {}),
  }));
}

/**
 * Adding a seat: one more membership of the seat's kind, and one more of each per-seat add-on the
 * subscription carries (practice management; Private Pay Booster when every seat has it).
 */
export function addSeatChanges(items: CurrentItem[], seat: 'ny' | 'non_ny'): ItemChange[] {
  const changes: ItemChange[] = [];
  const membership = items.find((item) => item.lookupKey && seatKindOf(item.lookupKey) === seat);
  changes.push(
    membership
      ? { itemId: membership.id, quantity: membership.quantity + 1 }
      : { lookupKey: MEMBERSHIP_KEYS[seat], quantity: 1 },
  );
  for (const item of items) {
    if (isPracticeManagement(item.lookupKey) || (item.lookupKey && seatKindOf(item.lookupKey) === 'reimbursify'))
      changes.push({ itemId: item.id, quantity: item.quantity + 1 });
  }
  return changes;
}

/** Practice management for every membership seat at the new tier: the existing item changes price, or one is added. */
export function practiceManagementChanges(items: CurrentItem[], tier: 'professional' | 'premium'): ItemChange[] {
  const lookupKey = PRACTICE_MANAGEMENT_KEYS[tier]!;
  const current = items.find((item) => isPracticeManagement(item.lookupKey));
  const quantity = Math.max(1, membershipSeats(items));
  return [current ? { itemId: current.id, lookupKey, quantity } : { lookupKey, quantity }];
}

/** Private Pay Booster for every membership seat at the new tier. */
export function reimbursifyChanges(items: CurrentItem[], tier: ReimbursifyTier): ItemChange[] {
  const lookupKey = REIMBURSIFY_KEYS[tier];
  const current = items.find((item) => item.lookupKey && seatKindOf(item.lookupKey) === 'reimbursify');
  const quantity = Math.max(1, membershipSeats(items));
  return [current ? { itemId: current.id, lookupKey, quantity } : { lookupKey, quantity }];
}

/** Each yearly item becomes its monthly counterpart, same quantity; empty when nothing is yearly. */
export function monthlyChanges(items: CurrentItem[]): ItemChange[] {
  return items.flatMap((item) => {
    const monthly = item.lookupKey ? monthlyCounterpart(item.lookupKey) : null;
    return monthly ? [{ itemId: item.id, lookupKey: monthly.lookupKey, quantity: item.quantity }] : [];
  });
}

/** The Private Pay Booster tier a subscription's items give (null: none). */
export function reimbursifyTierOf(items: { lookupKey: string | null }[]): ReimbursifyTier | null {
  const keys = new Set(items.map((item) => item.lookupKey));
  if (keys.has(REIMBURSIFY_KEYS.premium)) return 'premium';
  if (keys.has(REIMBURSIFY_KEYS.pro)) return 'pro';
  return null;
}

/**
 * The Private Pay Booster tier an account has: its subscription's, else Pro for an account whose tool
 * account was bought through the portal (accounts.reimbursify_account_created): the tool keeps that tier,
 * the portal knows only that there is one, and Pro is the least it can be. Plan Management and the
 * upgrade form offer only the tiers above it.
 */
export function accountReimbursifyTier(
  items: { lookupKey: string | null }[],
  hasToolAccount: boolean,
): ReimbursifyTier | null {
  return reimbursifyTierOf(items) ?? (hasToolAccount ? 'pro' : null);
}

/**
 * A customised seat mix (spec 3 §4): a non-zero seat count, other than the NY and non-NY combined,
 * that differs from it, e.g. Private Pay Booster on some seats only. Such an account's changes go to our
 * team as a support request instead of the form.
 */
export function isCustomisedSeatMix(seats: Record<SeatKind, number>): boolean {
  const memberships = seats.ny + seats.non_ny;
  return seats.reimbursify !== 0 && seats.reimbursify !== memberships;
}

/**
 * Setup help bought once with a new membership (spec 3 §7 subscribe's `setup_lookup_key`): copywriting, or
 * a photo shoot, remote or in person; a practice's shoot is the group one (spec 3 §9 one-time prices).
 */
export type SetupOption = 'copywriting' | 'remote-shoot' | 'in-person-shoot';
export const SETUP_OPTIONS: SetupOption[] = ['copywriting', 'remote-shoot', 'in-person-shoot'];

export function setupLookupKey(option: SetupOption, providerType: string): string {
  const group = providerType === 'practice';
  if (option === 'copywriting') return 'copywriting_v3';
  if (option === 'remote-shoot') return group ? 'remote_group_shoot_v3' : 'remote_shoot_v3';
  return group ? 'in_person_group_shoot_v3' : 'in_person_shoot_v3';
}
