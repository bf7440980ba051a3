// What /developer-tools shows of one of the user's accounts (spec 3 §2, §3 "Developer tools hold", §7
// developer-only calls): its Stripe customer and subscription ids, its standalone account ids, the
// developer-only reads (conversations, appointments, clients), and the Private Pay Booster upgrade's
// preview at a chosen proration date and its perform. The upgrade's item changes are the membership
// form's (reimbursifyChanges of server/domain/billing); only the ids and the proration date are typed here.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { listAppointmentTab } from '../../presenters';
import {
  accountBillingRecords,
  COUPON_MESSAGES,
  isCustomerOfAccount,
  subscriptionsOfAccount,
  typedCoupon,
  LIVE_STATUSES,
  reimbursifyChanges,
  reimbursifyTierOf,
  type CurrentItem,
  type ItemChange,
  type ReimbursifyTier,
} from '../../domain/billing';
import { listConversations } from '../../domain/messaging';
import { listClients } from '../../domain/referrals';
import type { BenefitsTool } from '../../integrations/benefits-tool';
import type { PaymentsGateway } from '../../integrations/payments';
import { ValidationError } from '../../lib/errors';

/** The spec's new_tier values (spec 3 §7) and the Private Pay Booster tier each buys. */
export const NEW_TIERS: Record<'professional' | 'premium', ReimbursifyTier> = {
  professional: 'pro',
  premium: 'premium',
};
export type NewTier = keyof typeof NEW_TIERS;

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,100}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,100}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ATTEMPT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const UPGRADE_MESSAGES = {
  customer: "Choose one of this account's customers.",
  subscription: 'Choose a live subscription of that customer.',
  tier: 'Choose professional or premium.',
  date: 'Enter the proration date as YYYY-MM-DD.',
  noChange: 'This subscription already has that Private Pay Booster tier.',
  expired: 'Preview the upgrade again before performing it.',
  period: "Choose a proration date within the subscription's current billing period",
} as const;

export interface SubscriptionRow {
  id: string;
  customerId: string;
  status: string;
  seatBased: boolean;
  items: CurrentItem[];
  reimbursifyTier: ReimbursifyTier | null;
}

export interface AccountIds {
  customers: { id: string; primary: boolean }[];
  subscriptions: SubscriptionRow[];
  /** The account's own id when it is a standalone practice-management account (spec 3 §7 /zpm-signup), else null. */
  standaloneAccountId: number | null;
  /** Per provider: does it have a Private Pay Booster account bought from the tool itself (unknown: the tool failed). */
  standalonePrivatePayBooster: { providerId: number; providerName: string; answer: 'yes' | 'no' | 'unknown' }[];
}

export async function accountIdsOf(
  db: Knex,
  tool: BenefitsTool,
  accountId: number,
  context: { requestId: string; log: Logger },
): Promise<AccountIds> {
  const [records, subscriptions] = await Promise.all([
    accountBillingRecords(db, accountId),
    subscriptionsOf(db, accountId),
  ]);
  const standalonePrivatePayBooster = await Promise.all(
    records.providers.map(async ({ id: providerId, name }) => {
      const providerName = name || `Provider ${providerId}`;
      try {
        return {
          providerId,
          providerName,
          answer: (await tool.hasStandaloneAccount(providerId, context.requestId)) ? ('yes' as const) : ('no' as const),
        };
      } catch (error) {
        context.log.error(
          { err: error, requestId: context.requestId, providerId },
          'developer tools: the standalone-account check failed',
        );
        return { providerId, providerName, answer: 'unknown' as const };
      }
    }),
  );
  return {
    customers: records.customers.map((c) => ({ id: c.id, primary: c.isPrimary })),
    subscriptions,
    standaloneAccountId: records.account.standalonePracticeManagement ? accountId : null,
    standalonePrivatePayBooster,
  };
}

async function subscriptionsOf(db: Knex, accountId: number): Promise<SubscriptionRow[]> {
  return (await subscriptionsOfAccount(db, accountId)).map((subscription) => ({
    id: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    seatBased: subscription.seatBased,
    items: subscription.items,
    reimbursifyTier: reimbursifyTierOf(subscription.items),
  }));
}

/** The developer-only reads of spec 3 §7, for the account: its conversations, upcoming appointments and clients. */
export async function accountReadsOf(db: Knex, accountId: number, now: Date) {
  const [conversations, appointments, clients] = await Promise.all([
    listConversations(db, { accountId }, { limit: 100 }),
    listAppointmentTab(db, { accountId }, 'upcoming', {
      page: 1,
      pageSize: 20,
      now,
      timeZone: 'America/New_York',
      detailsHref: (id) => `/practice-inbox/appointments?id=${id}`,
    }),
    listClients(db, { accountId }, 1),
  ]);
  return {
    conversations: conversations.conversations.map((c) => ({
      id: c.id,
      clientName: c.clientName,
      providerName: c.providerName,
      lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
      unread: c.unread,
    })),
    appointments: appointments.days.flatMap((day) =>
      day.appointments.map((a) => ({
        id: a.id,
        date: day.date,
        time: a.time,
        clientName: a.clientName,
        providerName: a.providerName,
        canceled: a.canceled,
      })),
    ),
    clients: clients.items.map((item, index) => ({
      key: `${item.type}-${item.data.recordId}-${index}`,
      contactDate: item.contactDate.toISOString().slice(0, 10),
      name: [item.firstName, item.lastName].filter(Boolean).join(' ') || '(no name)',
      email: item.email,
      providerName: item.providerName,
      type: item.type,
    })),
    clientTotal: clients.total,
  };
}

/** The upgrade's fields as typed (spec 3 §7: customer id, subscription id, new_tier, coupon) and the proration date. */
export interface UpgradeInput {
  customer_id: string;
  subscription_id: string;
  new_tier: string;
  coupon: string;
  proration_date: string;
}

export interface CheckedUpgrade {
  subscription: SubscriptionRow;
  tier: ReimbursifyTier;
  couponId: string | null;
  prorationDate: number;
  changes: ItemChange[];
}

/** Today's date (UTC) as the form shows it. */
export const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Checks the upgrade's fields against the account: the customer and the live subscription must be the
 * account's own (anything else is a field error, never another account's data), the tier one of the two,
 * the coupon valid. The proration date is today (now) or noon UTC of the chosen day.
 */
export async function checkUpgrade(
  db: Knex,
  payments: PaymentsGateway,
  accountId: number,
  input: UpgradeInput,
  now: Date,
  previewedAt?: number,
): Promise<CheckedUpgrade> {
  const errors: Record<string, string> = {};
  const subscriptions = await subscriptionsOf(db, accountId);
  const customerOk =
    CUSTOMER_ID.test(input.customer_id) && (await isCustomerOfAccount(db, accountId, input.customer_id));
  if (!customerOk) errors.customer_id = UPGRADE_MESSAGES.customer;
  const subscription = SUBSCRIPTION_ID.test(input.subscription_id)
    ? subscriptions.find(
        (s) =>
          s.id === input.subscription_id &&
          s.customerId === input.customer_id &&
          (LIVE_STATUSES as readonly string[]).includes(s.status),
      )
    : undefined;
  if (!subscription) errors.subscription_id = UPGRADE_MESSAGES.subscription;
  const tier = NEW_TIERS[input.new_tier as NewTier];
  if (!tier) errors.new_tier = UPGRADE_MESSAGES.tier;
  if (
    input.proration_date &&
    (!DATE.test(input.proration_date) || Number.isNaN(Date.parse(`${input.proration_date}T12:00:00Z`)))
  )
    errors.proration_date = UPGRADE_MESSAGES.date;
  let couponId: string | null = null;
  const code = input.coupon.trim().slice(0, 100);
  if (code) {
    const coupon = await typedCoupon(payments, code);
    if (!coupon?.valid) errors.coupon = COUPON_MESSAGES.invalid;
    else couponId = coupon.id;
  }
  if (subscription && tier && subscription.reimbursifyTier === tier) errors.new_tier = UPGRADE_MESSAGES.noChange;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // A perform charges at the instant its preview used (carried from the preview), so the charge is what was shown.
  const chosen =
    previewedAt ??
    (!input.proration_date || input.proration_date === today(now)
      ? Math.floor(now.getTime() / 1000)
      : Math.floor(Date.parse(`${input.proration_date}T12:00:00Z`) / 1000));
  const prorationDate = await withinCurrentPeriod(payments, subscription!, chosen, previewedAt === undefined);
  return {
    subscription: subscription!,
    tier: tier!,
    couponId,
    prorationDate,
    changes: reimbursifyChanges(subscription!.items, tier!),
  };
}

/**
 * The proration instant, bounded to the subscription's current period as the card processor has it: a
 * proration outside it would credit or charge for time that is not being paid for. A typed day inside the
 * period counts from its start or up to its end when noon of that day falls outside; a carried instant
 * (the perform's) must lie inside exactly.
 */
async function withinCurrentPeriod(
  payments: PaymentsGateway,
  subscription: SubscriptionRow,
  at: number,
  typed: boolean,
): Promise<number> {
  const live = (await payments.subscriptionsOf(subscription.customerId)).find((s) => s.id === subscription.id);
  const items = live?.items.data ?? [];
  const start = Math.min(...items.map((item) => item.current_period_start));
  const end = Math.max(...items.map((item) => item.current_period_end));
  if (!items.length) throw new ValidationError({ proration_date: UPGRADE_MESSAGES.subscription });
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  if (at >= start && at <= end) return at;
  if (typed && day(at) >= day(start) && day(at) <= day(end)) return Math.min(Math.max(at, start), end);
  throw new ValidationError({ proration_date: `${UPGRADE_MESSAGES.period} (${day(start)} to ${day(end)}).` });
}

export const isAttempt = (value: string) => ATTEMPT.test(value);
