// An account's subscriptions as the mirror holds them, with their items: what the payment form changes.
import type { Knex } from 'knex';
import { LIVE_STATUSES } from './derive';
import type { CurrentItem } from './plans';

export interface MirroredSubscriptionView {
  id: string;
  customerId: string;
  status: string;
  seatBased: boolean;
  interval: string | null;
  providerIds: number[];
  metadata: Record<string, string>;
  items: CurrentItem[];
}

async function subscriptionsWhere(
  db: Knex,
  where: (q: Knex.QueryBuilder) => void,
): Promise<MirroredSubscriptionView[]> {
  const rows = await db('billing_subscriptions').where(where).orderBy('created_at', 'desc');
  if (!rows.length) return [];
  const items = await db('billing_subscription_items')
    .whereIn(
      'subscription_id',
      rows.map((r) => r.id),
    )
    .orderBy('id');
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    status: row.status,
    seatBased: row.seat_based,
    interval: row.interval,
    providerIds: row.provider_ids,
    metadata: (row.metadata ?? {}) as Record<string, string>,
    items: items
      .filter((item) => item.subscription_id === row.id)
      .map((item) => ({ id: item.id, lookupKey: item.lookup_key, quantity: item.quantity })),
  }));
}

/** The account's live subscriptions, newest first. */
export const liveSubscriptionsOf = (db: Knex, accountId: number) =>
  subscriptionsWhere(db, (q) =>
    q.where({ account_id: accountId }).whereIn('status', LIVE_STATUSES as unknown as string[]),
  );

/** Every subscription of the account, whatever its status, newest first. */
export const subscriptionsOfAccount = (db: Knex, accountId: number) =>
  subscriptionsWhere(db, (q) => q.where({ account_id: accountId }));

/** One subscription of the account (any status); null for another account's id or one that does not exist. */
export async function subscriptionOf(
  db: Knex,
  accountId: number,
  subscriptionId: string,
): Promise<MirroredSubscriptionView | null> {
  return (await subscriptionsWhere(db, (q) => q.where({ account_id: accountId, id: subscriptionId })))[0] ?? null;
}

/**
 * The mirrored subscriptions (any status) of the account whose id is in `accountIdColumn` of the outer
 * query: a correlated subquery, for `whereExists` ("has ever subscribed").
 */
export const subscriptionsOfAccountColumn = (db: Knex, accountIdColumn: string): Knex.QueryBuilder =>
  db('billing_subscriptions').where('billing_subscriptions.account_id', db.ref(accountIdColumn));

/** The account a mirrored subscription belongs to (null: none such). */
export async function accountOfSubscription(db: Knex, subscriptionId: string): Promise<number | null> {
  const row = await db('billing_subscriptions').where({ id: subscriptionId }).first('account_id');
  return row ? row.account_id : null;
}

/** What the account's flags say of its plan: practice management paid for, a Private Pay Booster account made. */
export async function accountPlanFlags(
  db: Knex,
  accountId: number,
): Promise<{ paidPracticeManagement: boolean; reimbursifyAccountCreated: boolean }> {
  const account = await db('accounts')
    .where({ id: accountId })
    .first('has_paid_practice_management_plan', 'reimbursify_account_created');
  return {
    paidPracticeManagement: Boolean(account?.has_paid_practice_management_plan),
    reimbursifyAccountCreated: Boolean(account?.reimbursify_account_created),
  };
}

/** The account's first provider (the one a membership change request is filed for when none is named); null: none. */
export async function firstProviderOfAccount(db: Knex, accountId: number): Promise<number | null> {
  const row = await db('providers').where({ account_id: accountId }).orderBy('id').first('id');
  return row ? row.id : null;
}
