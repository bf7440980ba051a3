// Dunning (issue [18] items 7 and 8): a membership whose payment failed (a renewal declined: past_due, then
// unpaid; or a first payment that never went through: incomplete) has an open invoice. What the member is
// told (Plan Management, the dashboard) is read from the mirror: how much is owed and when Stripe tries the
// card again (invoice.next_payment_attempt, null after the last try: https://docs.stripe.com/api/invoices/object).
// Each failed attempt of a renewal's invoice also e-mails the account's owner and billing managers, through
// the job queue: queued once per invoice and attempt from the `invoice.payment_failed` webhook.
import type { Knex } from 'knex';
import type { Stripe } from '../../integrations/payments';
import type { JobDefinition, JobQueue } from '../../jobs/queue';

export const PAYMENT_FAILED_MAIL_JOB = 'billing.payment-failed-mail';

/** Subscriptions whose open invoice waits for the member (spec 3 §4: live, in the warning colour). */
export const AWAITING_PAYMENT = ['past_due', 'unpaid', 'incomplete'] as const;

/** One membership whose payment failed, with its open invoice. */
export interface OwedPayment {
  subscriptionId: string;
  subscriptionStatus: string;
  customerId: string;
  invoiceId: string;
  /** What is still owed, in cents. */
  amountOwed: number;
  /** Failed attempts so far. */
  attempts: number;
  /** When Stripe tries the card again; null after the last try (or for a first payment, never retried). */
  nextAttemptAt: Date | null;
  providerIds: number[];
}

/** The account's memberships that wait for a payment, each with its oldest open invoice, oldest first. */
export async function owedPaymentsOf(db: Knex | Knex.Transaction, accountId: number): Promise<OwedPayment[]> {
  const rows = await db('billing_invoices as i')
    .join('billing_subscriptions as s', 's.id', 'i.subscription_id')
    .join('billing_customers as c', 'c.id', 'i.customer_id')
    .where({ 'c.account_id': accountId, 's.account_id': accountId, 'i.status': 'open' })
    .whereIn('s.status', AWAITING_PAYMENT as unknown as string[])
    .orderBy([{ column: 'i.created_at' }, { column: 'i.id' }])
    .select(
      's.id as subscription_id',
      's.status as subscription_status',
      's.provider_ids',
      'i.customer_id',
      'i.id as invoice_id',
      'i.amount_due',
      'i.amount_remaining',
      'i.attempt_count',
      'i.next_payment_attempt',
    );
  const seen = new Set<string>();
  const owed: OwedPayment[] = [];
  for (const row of rows) {
    if (seen.has(row.subscription_id)) continue;
    seen.add(row.subscription_id);
    owed.push({
      subscriptionId: row.subscription_id,
      subscriptionStatus: row.subscription_status,
      customerId: row.customer_id,
      invoiceId: row.invoice_id,
      amountOwed: row.amount_remaining ?? row.amount_due,
      attempts: row.attempt_count,
      nextAttemptAt: row.next_payment_attempt ? new Date(row.next_payment_attempt) : null,
      providerIds: row.provider_ids as number[],
    });
  }
  return owed;
}

/**
 * The card a "Pay now" form offers first after a decline (issue [18] item 9): the newest card on file that
 * is not the default (renewals and retries charge the default, so it is the one that declined); when the
 * default is the only card, none (the form then offers a new card).
 */
export function preselectedCard(
  cards: { id: string; createdAt: Date | string }[],
  defaultCard: string | null,
): string | null {
  const others = cards.filter((c) => c.id !== defaultCard);
  if (!others.length) return null;
  return [...others].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())[0]!.id;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const dollars = (cents: number) => usd.format(cents / 100);
const dayOf = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date);

/** What the member is told about a failed payment (Plan Management, the dashboard, the e-mail). */
export function owedSentence(
  payment: Pick<OwedPayment, 'amountOwed' | 'nextAttemptAt' | 'subscriptionStatus'>,
): string {
  const owed = dollars(payment.amountOwed);
  if (payment.subscriptionStatus === 'incomplete')
    return `The first payment for this membership did not go through: ${owed} is owed.`;
  const when = payment.nextAttemptAt
    ? `We will try your card again on ${dayOf(payment.nextAttemptAt)}.`
    : 'We will not try your card again: please pay now to keep your membership.';
  return `Your membership payment failed: ${owed} is owed. ${when}`;
}

/** The payment form's word on a profile whose membership's first payment did not go through (issue [18] item 7). */
export const firstPaymentPending = (name: string) =>
  `The first payment for ${name}'s membership did not go through, so it is not active yet. Please pay it below, with a card on file or a new card.`;

type FailedInvoice = Pick<
  Stripe.Invoice,
  'id' | 'attempt_count' | 'amount_due' | 'amount_remaining' | 'next_payment_attempt' | 'billing_reason'
>;

/**
 * Called in the webhook's transaction for `invoice.payment_failed`: queues the e-mail of this attempt once
 * (one row per invoice and attempt). A first payment's decline is not mailed: it happens on the payment
 * form, where the member reads the card processor's message at once.
 */
export async function queuePaymentFailedMail(
  trx: Knex.Transaction,
  jobs: JobQueue,
  invoice: FailedInvoice,
  customerId: string,
): Promise<boolean> {
  if (!invoice.id || invoice.billing_reason === 'subscription_create') return false;
  const attempt = Number(invoice.attempt_count ?? 0);
  if (!Number.isSafeInteger(attempt) || attempt <= 0) return false;
  const inserted = await trx('billing_dunning_notices')
    .insert({ invoice_id: invoice.id, attempt, customer_id: customerId })
    .onConflict(['invoice_id', 'attempt'])
    .ignore()
    .returning('invoice_id');
  if (!inserted.length) return false;
  await jobs.enqueue(trx, PAYMENT_FAILED_MAIL_JOB, {
    customerId,
    invoiceId: invoice.id,
    attempt,
    amountOwed: Number(invoice.amount_remaining ?? invoice.amount_due ?? 0),
    nextAttemptAt: invoice.next_payment_attempt ?? null,
  });
  return true;
}

interface PaymentFailedMail {
  customerId: string;
  invoiceId: string;
  attempt: number;
  amountOwed: number;
  nextAttemptAt: number | null;
}

/** The e-mail of one failed attempt: what is owed, when the next try is, a link. No card details. */
export function paymentFailedMessage(
  data: Pick<PaymentFailedMail, 'amountOwed' | 'nextAttemptAt'>,
  portalUrl: string,
): { subject: string; text: string } {
  const next = data.nextAttemptAt ? new Date(data.nextAttemptAt * 1000) : null;
  return {
    subject: 'Your membership payment failed',
    text: [
      `We could not charge your card for your membership. ${dollars(data.amountOwed)} is owed.`,
      next
        ? `We will try your card again on ${dayOf(next)}. To pay now, or to use another card, go to Plan Management:`
        : 'We will not try your card again. Please pay on Plan Management to keep your membership and your profile live:',
      `${portalUrl}/plan-management#owed-payments`,
    ].join('\n\n'),
  };
}

/** Who hears about a failed payment: the account's owners and billing managers, each address once. */
export async function billingContactsOf(db: Knex | Knex.Transaction, accountId: number): Promise<string[]> {
  const rows: { email: string }[] = await db('account_roles as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where({ 'r.account_id': accountId })
    .whereIn('r.role', ['owner', 'billing-manager'])
    .distinct('u.email')
    .orderBy('u.email');
  return rows.map((r) => r.email).filter(Boolean);
}

export const dunningJobs: JobDefinition<never>[] = [
  {
    name: PAYMENT_FAILED_MAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    handle: async (data: PaymentFailedMail, { db, integrations, config, logger }) => {
      let accountId: number | null =
        (await db('billing_customers').where({ id: data.customerId }).first('account_id'))?.account_id ?? null;
      if (!accountId) {
        // The failure can come before the customer's first sync: its account is in Stripe's metadata.
        const customer = await integrations.payments.gateway.retrieveCustomer(data.customerId);
        const id = Number(customer?.metadata?.account_id);
        accountId = Number.isSafeInteger(id) && id > 0 ? id : null;
      }
      if (!accountId) {
        logger.info({ customerId: data.customerId }, 'billing: a failed payment of no account of ours: no e-mail');
        return;
      }
      const message = paymentFailedMessage(data, config.portalUrl);
      const contacts = await billingContactsOf(db, Number(accountId));
      await db.transaction(async (trx) => {
        for (const to of contacts) await integrations.jobs.enqueue(trx, 'mail.send', { to, ...message });
      });
      logger.info(
        { invoiceId: data.invoiceId, attempt: data.attempt, recipients: contacts.length },
        'billing: failed payment e-mailed',
      );
    },
  },
] as JobDefinition<never>[];
