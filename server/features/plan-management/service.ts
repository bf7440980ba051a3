// Plan Management (spec 3 §2): what the page shows, read from the billing mirror only (a page never
// waits on Stripe), and the ownership checks of the ids its actions take.
import { UTCDate } from '@date-fns/utc';
import { addYears } from 'date-fns';
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { billingAccountOf, type Viewer } from '../../domain/accounts';
import {
  accountReimbursifyTier,
  dollars,
  LIVE_STATUSES,
  owedPaymentsOf,
  owedSentence,
  preselectedCard,
  priceNameOf,
  sectionOf,
  statusDisplay,
  billingHistoryPage,
  type HistoryPage,
  type StatusTone,
} from '../../domain/billing';

export function requireBillingAccount(viewer: Viewer): number {
  const accountId = billingAccountOf(viewer);
  if (accountId === null) throw new ForbiddenError();
  return accountId;
}

export interface MembershipView {
  id: string;
  status: string;
  label: string;
  tone: StatusTone;
  lines: { name: string; quantity: number; amount: number }[];
  monthlyTotal: number;
  providers: string[];
  startedOn: string;
  /** The end of the first year's commitment, then each year (spec 3 §4: one year after creation). */
  renewsOn: string | null;
  nextPaymentOn: string | null;
  endedOn: string | null;
  /** An incomplete_expired subscription: its first payment never went through. */
  expiredBeforeStart: boolean;
  seatBased: boolean;
  interval: string | null;
  /** An expired membership whose profile is still unpaid can be started again (spec 3 §4 reactivation). */
  restartProviderId: number | null;
  /** A canceled membership with a profile still unpaid: reactivated on the payment form, for that profile. */
  reactivateProviderId: number | null;
  /** A running yearly membership may switch to monthly payments (spec 3 §2). */
  canSwitchToMonthly: boolean;
  /** A live membership (spec 3 §4) has a next invoice to look at. */
  hasUpcomingInvoice: boolean;
  /** Past due or unpaid: a renewal was declined and its invoice is open until a card pays it. */
  needsNewCard: boolean;
  /** A failed payment (past due, unpaid, incomplete) with its open invoice: what is owed, and "Pay now". */
  owed: OwedView | null;
}

/** A membership's failed payment: what the member is told and the "Pay now" form's choices. */
export interface OwedView {
  invoiceId: string;
  sentence: string;
  amount: string;
  /** The customer's cards, for "Pay with"; `selected` is the card offered first (or 'new'). */
  cards: { id: string; brand: string; last4: string }[];
  selected: string;
}

export interface CardRowView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}
export interface AddressView {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface PlanView {
  accountId: number;
  hasCustomer: boolean;
  pending: MembershipView[];
  active: MembershipView[];
  canceled: MembershipView[];
  cards: CardRowView[];
  address: AddressView;
  /** A page of the billing history (`history_page`), newest first. */
  history: HistoryPage;
  tier: string | null;
  seatBased: boolean;
  hasPracticeManagement: boolean;
  hasPaidReimbursifyPlan: boolean;
  /** The Private Pay Booster tier the account has (its live subscriptions', or Pro for a tool account bought through the portal). */
  reimbursifyTier: 'pro' | 'premium' | null;
  legacySubscriptionCount: number;
  anyYearly: boolean;
  /** The account's EHR clinic is still being set up (accounts.practice_management.status pending). */
  hasPendingClinic: boolean;
  /** The primary customer's Stripe balance in cents: negative is a credit, positive is owed on the next invoice. */
  balance: number;
}

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);

export async function loadPlan(db: Knex, accountId: number, historyPage: unknown = 1): Promise<PlanView> {
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
    );
  if (!account) throw new NotFoundError();
  const customers = await db('billing_customers')
    .where({ account_id: accountId })
    .orderBy([{ column: 'is_primary', order: 'desc' }, 'id']);
  const customerIds = customers.map((c) => c.id);
  const primary = customers[0];
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
  const providerRows = await db('providers')
    .where({ account_id: accountId })
    .select('id', 'type', 'first_name', 'last_name', 'company_name', 'has_paid_plan');
  const names = new Map<number, string>(
    providerRows.map((p) => [
      Number(p.id),
      p.type === 'practice' && p.company_name ? p.company_name : [p.first_name, p.last_name].filter(Boolean).join(' '),
    ]),
  );
  const unpaid = new Set<number>(providerRows.filter((p) => !p.has_paid_plan).map((p) => Number(p.id)));
  const pendingFor = new Set<number>(
    subscriptions.filter((s) => s.status === 'incomplete').flatMap((s) => (s.provider_ids as string[]).map(Number)),
  );

  const owedPayments = await owedPaymentsOf(db, accountId);
  const cards = customerIds.length
    ? await db('billing_payment_methods').whereIn('customer_id', customerIds).orderBy(['created_at', 'id'])
    : [];
  const defaultOf = new Map<string, string | null>(customers.map((c) => [c.id, c.default_payment_method]));
  const owedOf = (subscriptionId: string): OwedView | null => {
    const owed = owedPayments.find((o) => o.subscriptionId === subscriptionId);
    if (!owed) return null;
    const mine = cards.filter((c) => c.customer_id === owed.customerId);
    return {
      invoiceId: owed.invoiceId,
      sentence: owedSentence(owed),
      amount: dollars(owed.amountOwed),
      cards: mine.map((c) => ({ id: c.id, brand: c.brand, last4: c.last4 })),
      // After a decline, never the default card that declined (issue [18] item 9).
      selected:
        preselectedCard(
          mine.map((c) => ({ id: c.id, createdAt: c.created_at })),
          owed.attempts > 0 ? (defaultOf.get(owed.customerId) ?? null) : null,
        ) ?? 'new',
    };
  };

  const restartable = (s: { provider_ids: string[] }) =>
    s.provider_ids.map(Number).find((id) => unpaid.has(id) && !pendingFor.has(id)) ?? null;
  const memberships = subscriptions.map((s): MembershipView => {
    const own = items.filter((i) => i.subscription_id === s.id);
    const lines = own.map((i) => ({
      name: priceNameOf(
        i.lookup_key,
        i.product_name,
        own.map((o) => o.lookup_key),
      ),
      quantity: i.quantity,
      amount: i.unit_amount * i.quantity,
    }));
    const { label, tone } = statusDisplay(s.status);
    const created = new Date(s.created_at);
    let renews: Date | null = null;
    if (sectionOf(s.status) !== 'canceled') {
      renews = addYears(new UTCDate(created), 1);
      while (renews.getTime() < Date.now()) renews = addYears(renews, 1);
    }
    return {
      id: s.id,
      status: s.status,
      label,
      tone,
      lines,
      monthlyTotal: lines.reduce((sum, l) => sum + l.amount, 0),
      providers: (s.provider_ids as string[])
        .map(Number)
        .map((id) => names.get(id))
        .filter((n): n is string => Boolean(n)),
      startedOn: day(created)!,
      renewsOn: day(renews),
      nextPaymentOn: sectionOf(s.status) === 'active' ? day(s.current_period_end) : null,
      endedOn: day(s.ended_at),
      expiredBeforeStart: s.status === 'incomplete_expired',
      seatBased: s.seat_based,
      interval: s.interval,
      // Only a legacy (one-profile) membership: its profile unpaid, with no other attempt under way.
      restartProviderId: s.status === 'incomplete_expired' && !s.seat_based ? restartable(s) : null,
      reactivateProviderId: s.status === 'canceled' ? restartable(s) : null,
      canSwitchToMonthly: s.interval === 'year' && sectionOf(s.status) === 'active',
      hasUpcomingInvoice: isLive(s.status),
      needsNewCard: s.status === 'past_due' || s.status === 'unpaid',
      owed: isLive(s.status) ? owedOf(s.id) : null,
    };
  });

  const defaults = new Set(customers.map((c) => c.default_payment_method).filter(Boolean));
  const history = await billingHistoryPage(db, customerIds, historyPage);

  return {
    accountId,
    hasCustomer: Boolean(primary),
    pending: memberships.filter((m) => sectionOf(m.status) === 'pending'),
    active: memberships.filter((m) => sectionOf(m.status) === 'active'),
    canceled: memberships.filter((m) => sectionOf(m.status) === 'canceled'),
    cards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.exp_month,
      expYear: c.exp_year,
      isDefault: defaults.has(c.id),
    })),
    address: {
      line1: primary?.address_line1 ?? '',
      line2: primary?.address_line2 ?? '',
      city: primary?.address_city ?? '',
      state: primary?.address_state ?? '',
      postalCode: primary?.address_postal_code ?? '',
    },
    history,
    tier: account.tier,
    seatBased: account.seat_based,
    hasPracticeManagement: account.has_paid_practice_management_plan,
    hasPaidReimbursifyPlan: account.has_paid_reimbursify_plan,
    reimbursifyTier: accountReimbursifyTier(
      items
        .filter((i) => subscriptions.some((s) => s.id === i.subscription_id && isLive(s.status)))
        .map((i) => ({ lookupKey: i.lookup_key })),
      Boolean(account.reimbursify_account_created),
    ),
    legacySubscriptionCount: account.legacy_subscription_count,
    anyYearly: memberships.some((m) => m.interval === 'year' && sectionOf(m.status) !== 'canceled'),
    hasPendingClinic: account.practice_management?.status === 'pending',
    balance: Number(primary?.balance ?? 0),
  };
}

/** The live membership whose next invoice a person asks for, with what tells it apart on the page. */
export interface UpcomingInvoiceSubject {
  subscriptionId: string;
  customerId: string;
  seatBased: boolean;
  interval: string | null;
  providers: string[];
}

/**
 * A live subscription of one of this account's billing customers; anything else (another account's id,
 * an ended membership, an id the mirror does not know) is not found. The shared ownership check of
 * billing ids knows cards, invoices and charges only, so subscriptions are checked here, on the mirror.
 */
export async function upcomingInvoiceSubject(
  db: Knex,
  accountId: number,
  subscriptionId: string,
): Promise<UpcomingInvoiceSubject> {
  const row = await db('billing_subscriptions as s')
    .join('billing_customers as c', 'c.id', 's.customer_id')
    .where({ 's.id': subscriptionId, 'c.account_id': accountId })
    .whereIn('s.status', LIVE_STATUSES as unknown as string[])
    .first('s.id', 's.customer_id', 's.seat_based', 's.interval', 's.provider_ids');
  if (!row) throw new NotFoundError();
  const ids = (row.provider_ids as string[]).map(Number);
  const providers = ids.length
    ? await db('providers')
        .where({ account_id: accountId })
        .whereIn('id', ids)
        .select('id', 'type', 'first_name', 'last_name', 'company_name')
    : [];
  const names = new Map<number, string>(
    providers.map((p) => [
      Number(p.id),
      p.type === 'practice' && p.company_name ? p.company_name : [p.first_name, p.last_name].filter(Boolean).join(' '),
    ]),
  );
  return {
    subscriptionId: row.id,
    customerId: row.customer_id,
    seatBased: row.seat_based,
    interval: row.interval,
    providers: ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
  };
}
