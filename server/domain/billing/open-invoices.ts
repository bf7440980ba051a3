// A declined renewal's invoice stays open while the subscription is past due or unpaid (or, for a first
// payment, incomplete). When the member gives a card on Plan Management, that card pays those invoices at
// once (invoices.pay, https://docs.stripe.com/api/invoices/pay): Stripe itself would wait for its next
// retry, or never try again once the subscription is unpaid.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { PaymentError, type PaymentsGateway } from '../../integrations/payments';
import { NotFoundError } from '../../lib/errors';
import { AWAITING_PAYMENT } from './dunning';
import { syncCustomer } from './mirror';

/** What a member whose renewal was declined is asked to do (Plan Management, the payment form). */
export const PAY_OPEN_INVOICE =
  'Your membership has an unpaid invoice. Please add a card, or make another card the default, to pay it.';

/** Subscriptions whose open invoice waits for a card. */
const WAITING = AWAITING_PAYMENT as unknown as string[];

export interface OpenInvoicesOutcome {
  /** How many open invoices the card paid. */
  paid: number;
  /** The card processor's message when the card was declined (the remaining invoices stay open). */
  declined: string | null;
}

/**
 * Pays, with this card of the customer, the open invoices of its subscriptions that wait for one (read
 * from the mirror, oldest first), then re-reads the customer. Answers what happened; nothing to pay is
 * `{ paid: 0, declined: null }`.
 */
export async function payOpenInvoices(
  db: Knex,
  payments: PaymentsGateway,
  customerId: string,
  paymentMethodId: string,
  logger?: Logger,
): Promise<OpenInvoicesOutcome> {
  const open: string[] = await db('billing_invoices as i')
    .join('billing_subscriptions as s', 's.id', 'i.subscription_id')
    .where({ 'i.customer_id': customerId, 'i.status': 'open' })
    .whereIn('s.status', WAITING)
    .orderBy('i.created_at')
    .pluck('i.id');
  const outcome: OpenInvoicesOutcome = { paid: 0, declined: null };
  for (const invoiceId of open) {
    try {
      await payments.payInvoice(invoiceId, paymentMethodId, `pay-${invoiceId}-${paymentMethodId}`);
      outcome.paid += 1;
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      logger?.info({ invoiceId, code: error.code }, 'billing: an open invoice was not paid with the new card');
      outcome.declined = error.message;
      break;
    }
  }
  if (open.length) await syncCustomer(db, payments, customerId, logger);
  return outcome;
}

/**
 * "Pay now" (issue [18] items 7, 8): pays one open invoice of a membership waiting for a payment with a
 * card on file of the same customer (invoices.pay), then makes that card the default, so that the next
 * renewals charge it rather than the card that declined. Another account's invoice or card, a card of
 * another customer, or an invoice that no longer waits, is not found (404); one already paid is paid (a
 * second click). A decline answers the card processor's message and changes nothing else.
 */
export async function payOwedInvoice(
  db: Knex,
  payments: PaymentsGateway,
  accountId: number,
  invoiceId: string,
  paymentMethodId: string,
  logger?: Logger,
): Promise<{ paid: true } | { paid: false; declined: string }> {
  const invoice = await db('billing_invoices as i')
    .join('billing_customers as c', 'c.id', 'i.customer_id')
    .join('billing_subscriptions as s', 's.id', 'i.subscription_id')
    .where({ 'i.id': invoiceId, 'c.account_id': accountId })
    .first('i.customer_id', 'i.status', 'i.attempt_count', 's.status as subscription_status');
  // A second click of a paid "Pay now" (the first one's sync already written) finds it paid: nothing more to do.
  if (invoice?.status === 'paid') return { paid: true };
  const waiting = invoice?.status === 'open' && WAITING.includes(invoice.subscription_status);
  const card = waiting
    ? await db('billing_payment_methods').where({ id: paymentMethodId, customer_id: invoice.customer_id }).first('id')
    : null;
  if (!invoice || !card) throw new NotFoundError();
  const customerId: string = invoice.customer_id;
  try {
    // A double click shares the key; a try after a decline (counted in attempt_count, mirrored) is a new one,
    // since Stripe keeps a declined request's answer under its key.
    await payments.payInvoice(
      invoiceId,
      paymentMethodId,
      `pay-now-${invoiceId}-${paymentMethodId}-${invoice.attempt_count}`,
    );
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    logger?.info({ invoiceId, code: error.code }, 'billing: pay now was declined');
    await syncCustomer(db, payments, customerId, logger);
    return { paid: false, declined: error.message };
  }
  // Keyed by the invoice too: the same card made the default again later is a new request.
  await payments.setDefaultCard(customerId, paymentMethodId, `default-${customerId}-${paymentMethodId}-${invoiceId}`);
  await syncCustomer(db, payments, customerId, logger);
  return { paid: true };
}
