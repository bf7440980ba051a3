// What an account's subscriptions mean for the portal (spec 3 §3 Account, §4 Subscription statuses):
// its tier, its seats, whether it has practice management, and which of its providers have a paid
// plan. A pure function of the mirror's rows, so it is tested as a table and can be rerun at any time.
import { seatKindOf, tierOf, type SeatKind, type Tier } from './catalog';

/** Statuses of a subscription that is still running (spec 3 §4). */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'] as const;
/**
 * Statuses that count as paid: active, trialing, and past_due while Stripe retries the card. An
 * incomplete subscription was never paid, and unpaid ones have run out of retries.
 */
export const PAID_STATUSES = ['active', 'trialing', 'past_due'] as const;

export interface MirroredSubscription {
  id: string;
  status: string;
  createdAt: Date;
  seatBased: boolean;
  providerIds: number[];
  items: { lookupKey: string | null; quantity: number }[];
}

export interface AccountBilling {
  tier: Tier | null;
  hasPracticeManagement: boolean;
  seatBased: boolean;
  seatCounts: Record<SeatKind, number>;
  legacySubscriptionCount: number;
  activeOrTrialingSubscriptionCount: number;
  hasPaidPlan: boolean;
  hasPaidReimbursifyPlan: boolean;
  /** Providers whose seat (or legacy subscription) is on a paid subscription. */
  paidProviderIds: number[];
}

const isLive = (s: MirroredSubscription) => (LIVE_STATUSES as readonly string[]).includes(s.status);
const isPaid = (s: MirroredSubscription) => (PAID_STATUSES as readonly string[]).includes(s.status);
const PRACTICE_MANAGEMENT_KEYS = /^(practice_management|standalone_practice_management)_/;

export function deriveAccountBilling(subscriptions: MirroredSubscription[]): AccountBilling {
  const live = subscriptions.filter(isLive);
  const paid = subscriptions.filter(isPaid);
  const liveKeys = live.flatMap((s) =>
    s.items.map((item) => item.lookupKey).filter((key): key is string => Boolean(key)),
  );
  // The newest live seat-based subscription holds the account's seats (an account has one; a second is a mistake Stripe allows).
  const seatSubscription = live
    .filter((s) => s.seatBased)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const seatCounts: Record<SeatKind, number> = { ny: 0, non_ny: 0, reimbursify: 0 };
  for (const item of seatSubscription?.items ?? []) {
    const kind = item.lookupKey ? seatKindOf(item.lookupKey) : null;
    if (kind) seatCounts[kind] += item.quantity;
  }
  return {
    // The tier is the membership's: an account with no live membership (a standalone practice management, say) has none.
    tier: liveKeys.some((key) => key.startsWith('membership_')) ? tierOf(liveKeys) : null,
    hasPracticeManagement: liveKeys.some((key) => PRACTICE_MANAGEMENT_KEYS.test(key)),
    seatBased: Boolean(seatSubscription),
    seatCounts,
    legacySubscriptionCount: live.filter((s) => !s.seatBased).length,
    activeOrTrialingSubscriptionCount: subscriptions.filter((s) => s.status === 'active' || s.status === 'trialing')
      .length,
    hasPaidPlan: paid.length > 0,
    hasPaidReimbursifyPlan: paid.some((s) =>
      s.items.some((item) => item.lookupKey && seatKindOf(item.lookupKey) === 'reimbursify'),
    ),
    paidProviderIds: [...new Set(paid.flatMap((s) => s.providerIds))].sort((a, b) => a - b),
  };
}

/** The membership seat kind a subscription gives its providers (special-pricing or standard). */
export function membershipSeatOf(items: { lookupKey: string | null }[]): SeatKind | null {
  for (const item of items) {
    const kind = item.lookupKey ? seatKindOf(item.lookupKey) : null;
    if (kind === 'ny' || kind === 'non_ny') return kind;
  }
  return null;
}

/** Provider ids from a subscription's metadata: `provider_ids` ("12,13") on seat-based ones, `provider_id` on legacy ones. */
export function providerIdsOf(metadata: Record<string, string | undefined>): number[] {
  const raw = [metadata.provider_ids, metadata.provider_id].filter(Boolean).join(',');
  return [
    ...new Set(
      raw
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((id) => Number.isSafeInteger(id) && id > 0),
    ),
  ];
}
