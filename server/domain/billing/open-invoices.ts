// A declined renewal's invoice stays open while the subscription is past due or unpaid (or, for a first
// payment, incomplete). When the member gives a card on Plan Management, that card pays those invoices at
// once (invoices.pay, https://docs.stripe.com/api/invoices/pay): Stripe itself would wait for its next
// retry, or never try again once the subscription is unpaid.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { PaymentError, type PaymentsGateway } from '../../integrations/payments';
import { syncCustomer } from './mirror';

/** What a member whose renewal was declined is asked to do (Plan Management, the payment form). */
export const PAY_OPEN_INVOICE =
  'Your membership has an unpaid invoice. Please add a card, or make another card the default, to pay it.';

/** Subscriptions whose open invoice waits for a card. */
const WAITING = ['past_due', 'unpaid', 'incomplete'];

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
