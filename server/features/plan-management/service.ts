// Plan Management (spec 3 §2): what the page shows, read from the billing mirror only (a page never
// waits on Stripe), and the ownership checks of the ids its actions take.
import { UTCDate } from '@date-fns/utc';
import { addYears } from 'date-fns';
import type { Knex } from 'knex';
import { ForbiddenError } from '../../lib/errors';
import { billingAccountOf, type Viewer } from '../../domain/accounts';
import {
  accountBillingRecords,
  accountReimbursifyTier,
  dollars,
  liveSubscriptionOfAccount,
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
  const { account, customers, subscriptions, items, cards, providers } = await accountBillingRecords(db, accountId);
  const customerIds = customers.map((c) => c.id);
  const primary = customers[0];
  const names = new Map<number, string>(providers.map((p) => [p.id, p.name]));
  const unpaid = new Set<number>(providers.filter((p) => !p.hasPaidPlan).map((p) => p.id));
  const pendingFor = new Set<number>(
    subscriptions.filter((s) => s.status === 'incomplete').flatMap((s) => s.providerIds),
  );

  const owedPayments = await owedPaymentsOf(db, accountId);
  const defaultOf = new Map<string, string | null>(customers.map((c) => [c.id, c.defaultCardId]));
  const owedOf = (subscriptionId: string): OwedView | null => {
    const owed = owedPayments.find((o) => o.subscriptionId === subscriptionId);
    if (!owed) return null;
    const mine = cards.filter((c) => c.customerId === owed.customerId);
    return {
      invoiceId: owed.invoiceId,
      sentence: owedSentence(owed),
      amount: dollars(owed.amountOwed),
      cards: mine.map((c) => ({ id: c.id, brand: c.brand, last4: c.last4 })),
      // After a decline, never the default card that declined (issue [18] item 9).
      selected:
        preselectedCard(
          mine.map((c) => ({ id: c.id, createdAt: c.createdAt })),
          owed.attempts > 0 ? (defaultOf.get(owed.customerId) ?? null) : null,
        ) ?? 'new',
    };
  };

  const restartable = (s: { providerIds: number[] }) =>
    s.providerIds.find((id) => unpaid.has(id) && !pendingFor.has(id)) ?? null;
  const memberships = subscriptions.map((s): MembershipView => {
    const own = items.filter((i) => i.subscriptionId === s.id);
    const lines = own.map((i) => ({
      name: priceNameOf(
        i.lookupKey,
        i.productName,
        own.map((o) => o.lookupKey),
      ),
      quantity: i.quantity,
      amount: i.unitAmount * i.quantity,
    }));
    const { label, tone } = statusDisplay(s.status);
    let renews: Date | null = null;
    if (sectionOf(s.status) !== 'canceled') {
      renews = addYears(new UTCDate(s.createdAt), 1);
      while (renews.getTime() < Date.now()) renews = addYears(renews, 1);
    }
    return {
      id: s.id,
      status: s.status,
      label,
      tone,
      lines,
      monthlyTotal: lines.reduce((sum, l) => sum + l.amount, 0),
      providers: s.providerIds.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
      startedOn: day(s.createdAt)!,
      renewsOn: day(renews),
      nextPaymentOn: sectionOf(s.status) === 'active' ? day(s.currentPeriodEnd) : null,
      endedOn: day(s.endedAt),
      expiredBeforeStart: s.status === 'incomplete_expired',
      seatBased: s.seatBased,
      interval: s.interval,
      // Only a legacy (one-profile) membership: its profile unpaid, with no other attempt under way.
      restartProviderId: s.status === 'incomplete_expired' && !s.seatBased ? restartable(s) : null,
      reactivateProviderId: s.status === 'canceled' ? restartable(s) : null,
      canSwitchToMonthly: s.interval === 'year' && sectionOf(s.status) === 'active',
      hasUpcomingInvoice: isLive(s.status),
      needsNewCard: s.status === 'past_due' || s.status === 'unpaid',
      owed: isLive(s.status) ? owedOf(s.id) : null,
    };
  });

  const defaults = new Set(customers.map((c) => c.defaultCardId).filter(Boolean));
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
      expMonth: c.expMonth,
      expYear: c.expYear,
      isDefault: defaults.has(c.id),
    })),
    address: primary?.address ?? { line1: '', line2: '', city: '', state: '', postalCode: '' },
    history,
    tier: account.tier,
    seatBased: account.seatBased,
    hasPracticeManagement: account.hasPaidPracticeManagement,
    hasPaidReimbursifyPlan: account.hasPaidReimbursifyPlan,
    reimbursifyTier: accountReimbursifyTier(
      items
        .filter((i) => subscriptions.some((s) => s.id === i.subscriptionId && isLive(s.status)))
        .map((i) => ({ lookupKey: i.lookupKey })),
      account.reimbursifyAccountCreated,
    ),
    legacySubscriptionCount: account.legacySubscriptionCount,
    anyYearly: memberships.some((m) => m.interval === 'year' && sectionOf(m.status) !== 'canceled'),
    hasPendingClinic: account.hasPendingClinic,
    balance: primary?.balance ?? 0,
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
  const subscription = await liveSubscriptionOfAccount(db, accountId, subscriptionId);
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    seatBased: subscription.seatBased,
    interval: subscription.interval,
    providers: subscription.providers,
  };
}
