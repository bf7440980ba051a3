// What Plan Management reads of an account's billing, from the mirror only (a page never waits on Stripe):
// the account's plan flags, its billing customers, subscriptions with their items, cards, and the names of
// its profiles. The page builds its view from these (server/features/plan-management).
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import type { PostalAddress } from '../../integrations/payments';
import { NotFoundError } from '../../lib/errors';
import { postalAddressOf } from './customers';
import { LIVE_STATUSES } from './derive';

export interface AccountBillingRecords {
  account: {
    tier: string | null;
    seatBased: boolean;
    hasPaidPracticeManagement: boolean;
    hasPaidReimbursifyPlan: boolean;
    reimbursifyAccountCreated: boolean;
    legacySubscriptionCount: number;
    /** The account's EHR clinic is still being set up. */
    hasPendingClinic: boolean;
    /** The account holds a standalone practice-management (EHR) account. */
    standalonePracticeManagement: boolean;
  };
  /** Primary first. */
  customers: {
    id: string;
    isPrimary: boolean;
    defaultCardId: string | null;
    balance: number;
    address: PostalAddress;
  }[];
  /** Newest first. */
  subscriptions: {
    id: string;
    customerId: string;
    status: string;
    seatBased: boolean;
    interval: string | null;
    providerIds: number[];
    createdAt: Date;
    currentPeriodEnd: Date | null;
    endedAt: Date | null;
  }[];
  items: {
    subscriptionId: string;
    quantity: number;
    unitAmount: number;
    lookupKey: string | null;
    productName: string | null;
  }[];
  cards: {
    id: string;
    customerId: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    createdAt: Date;
  }[];
  /** Oldest first. */
  providers: { id: number; name: string; hasPaidPlan: boolean }[];
}

const nameOf = (p: {
  type: string;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
}) =>
  p.type === 'practice' && p.company_name ? p.company_name : [p.first_name, p.last_name].filter(Boolean).join(' ');

/** The account's billing as the mirror holds it; an account that does not exist is not found. */
export async function accountBillingRecords(db: Knex, accountId: number): Promise<AccountBillingRecords> {
  const account = await db('accounts')
    .where({ id: accountId })
    .first(
      'tier',
      'seat_based',
      'has_paid_practice_management_plan',
      'has_paid_reimbursify_plan',
      'reimbursify_account_created',
      'legacy_subscription_count',
      'practice_management',
      'standalone_practice_management',
    );
  if (!account) throw new NotFoundError();
  const customers = await db('billing_customers')
    .where({ account_id: accountId })
    .orderBy([{ column: 'is_primary', order: 'desc' }, 'id']);
  const customerIds = customers.map((c) => c.id);
  const subscriptions = await db('billing_subscriptions')
    .where({ account_id: accountId })
    .orderBy('created_at', 'desc');
  const items = subscriptions.length
    ? await db('billing_subscription_items as i')
        .leftJoin('billing_prices as p', 'p.lookup_key', 'i.lookup_key')
        .whereIn(
          'i.subscription_id',
          subscriptions.map((s) => s.id),
        )
        .select('i.subscription_id', 'i.quantity', 'i.unit_amount', 'i.lookup_key', 'p.product_name')
    : [];
  const cards = customerIds.length
    ? await db('billing_payment_methods').whereIn('customer_id', customerIds).orderBy(['created_at', 'id'])
    : [];
  const providers = await db('providers')
    .where({ account_id: accountId })
    .orderBy('id')
    .select('id', 'type', 'first_name', 'last_name', 'company_name', 'has_paid_plan');
  return {
    account: {
      tier: account.tier,
      seatBased: account.seat_based,
      hasPaidPracticeManagement: account.has_paid_practice_management_plan,
      hasPaidReimbursifyPlan: account.has_paid_reimbursify_plan,
      reimbursifyAccountCreated: account.reimbursify_account_created,
      legacySubscriptionCount: account.legacy_subscription_count,
      // accounts.practice_management is the practice-management module's document (its clinic).
      hasPendingClinic: (account.practice_management as { status?: string } | null)?.status === 'pending',
      standalonePracticeManagement: account.standalone_practice_management,
    },
    customers: customers.map((c) => ({
      id: c.id,
      isPrimary: c.is_primary,
      defaultCardId: c.default_payment_method,
      balance: c.balance,
      address: postalAddressOf(c),
    })),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      customerId: s.customer_id,
      status: s.status,
      seatBased: s.seat_based,
      interval: s.interval,
      providerIds: s.provider_ids,
      createdAt: new Date(s.created_at),
      currentPeriodEnd: s.current_period_end ? new Date(s.current_period_end) : null,
      endedAt: s.ended_at ? new Date(s.ended_at) : null,
    })),
    items: items.map((i) => ({
      subscriptionId: i.subscription_id,
      quantity: i.quantity,
      unitAmount: i.unit_amount,
      lookupKey: i.lookup_key ?? null,
      productName: i.product_name ?? null,
    })),
    cards: cards.map((c) => ({
      id: c.id,
      customerId: c.customer_id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.exp_month,
      expYear: c.exp_year,
      createdAt: new Date(c.created_at),
    })),
    providers: providers.map((p) => ({ id: p.id, name: nameOf(p), hasPaidPlan: p.has_paid_plan })),
  };
}

/** A live subscription of one of the account's customers, with its profiles' names; anything else is not found. */
export async function liveSubscriptionOfAccount(
  db: Knex,
  accountId: number,
  subscriptionId: string,
): Promise<{ id: string; customerId: string; seatBased: boolean; interval: string | null; providers: string[] }> {
  const row:
    | Pick<Row<'billing_subscriptions'>, 'id' | 'customer_id' | 'seat_based' | 'interval' | 'provider_ids'>
    | undefined = await db('billing_subscriptions as s')
    .join('billing_customers as c', 'c.id', 's.customer_id')
    .where({ 's.id': subscriptionId, 'c.account_id': accountId })
    .whereIn('s.status', LIVE_STATUSES as unknown as string[])
    .first('s.id', 's.customer_id', 's.seat_based', 's.interval', 's.provider_ids');
  if (!row) throw new NotFoundError();
  const ids = row.provider_ids;
  const providers = ids.length
    ? await db('providers')
        .where({ account_id: accountId })
        .whereIn('id', ids)
        .select('id', 'type', 'first_name', 'last_name', 'company_name')
    : [];
  const names = new Map<number, string>(providers.map((p) => [p.id, nameOf(p)]));
  return {
    id: row.id,
    customerId: row.customer_id,
    seatBased: row.seat_based,
    interval: row.interval,
    providers: ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
  };
}

/** The customer's default card (null: none). */
export async function defaultCardOf(db: Knex, customerId: string): Promise<string | null> {
  const row = await db('billing_customers').where({ id: customerId }).first('default_payment_method');
  return row?.default_payment_method ?? null;
}

/** Whether the billing customer is one of the account's. */
export async function isCustomerOfAccount(db: Knex, accountId: number, customerId: string): Promise<boolean> {
  return Boolean(await db('billing_customers').where({ id: customerId, account_id: accountId }).first('id'));
}
