// Invoices: read, listed, and paid (`invoices.pay`).
import type { Obj, StoredInvoice } from '../billing';
import { ApiError, invalid, need, needStored, page, type ApiContext, type Route } from './common';
import { defaultMethodOf } from './payment-methods';
import { reactivate } from './renewals';

export function invoiceRoutes(route: Route, ctx: ApiContext): void {
  route('get', '/v1/invoices', async (req) =>
    page(
      await ctx.store.list(
        'invoice',
        { customer: req.query.customer ? String(req.query.customer) : undefined },
        (i) =>
          (!req.query.subscription || subscriptionOf(i) === req.query.subscription) &&
          (!req.query.status || i.status === req.query.status),
      ),
      req.path,
      req.query.limit,
    ),
  );
  route('get', '/v1/invoices/:id', async (req) => needStored(ctx, String(req.params.id), 'invoice'));
  route('post', '/v1/invoices/:id/pay', async (req) =>
    payInvoice(ctx, await needStored(ctx, String(req.params.id), 'invoice'), req.body),
  );
  route('get', '/v1/invoice_payments', async (req) => {
    const invoice = await needStored(ctx, String(req.query.invoice ?? ''), 'invoice', 'invoice');
    return page(invoice.payments?.data ?? [], req.path, req.query.limit);
  });
}

/** The subscription an invoice was made for (`parent.subscription_details`), if any. */
const subscriptionOf = (invoice: StoredInvoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription);

/** An expandable field's id. */
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Pays an open invoice now, with `payment_method` (one of the customer's) or the default card
 * (https://docs.stripe.com/api/invoices/pay). Paid: a subscription waiting on it (past_due, unpaid,
 * incomplete) is active again. Declined: Stripe's card_error (402), the attempt counted, the invoice open.
 */
async function payInvoice(ctx: ApiContext, invoice: StoredInvoice, body: Record<string, any>): Promise<StoredInvoice> {
  if (invoice.status === 'paid')
    throw new ApiError(400, 'invalid_request_error', 'Invoice is already paid', 'invoice_not_open');
  if (invoice.status !== 'open')
    throw new ApiError(
      400,
      'invalid_request_error',
      `You can only pay an open invoice; this one is ${invoice.status}.`,
      'invoice_not_open',
    );
  const customer = await need(ctx, String(invoice.customer), 'customer');
  const subscriptionId = subscriptionOf(invoice);
  const subscription = subscriptionId ? await ctx.store.get<Obj>(subscriptionId, 'subscription') : null;
  let method: Obj | null;
  if (body.payment_method) {
    method = await need(ctx, String(body.payment_method), 'payment_method', 'payment_method');
    if (method.customer !== customer.id)
      throw invalid(
        `The PaymentMethod ${method.id} does not belong to the Customer ${customer.id}. Please attach it to the Customer first.`,
        'payment_method',
      );
  } else method = await defaultMethodOf(ctx, customer, idOf(subscription?.default_payment_method));
  if (!method)
    throw invalid('This customer has no attached payment source or default payment method.', 'payment_method');
  const { invoice: after, error } = await ctx.ledger.collect(
    invoice,
    customer,
    method,
    invoice.next_payment_attempt ?? null,
  );
  if (error) throw error;
  if (subscription && subscription.latest_invoice === after.id) await reactivate(ctx, subscription);
  return after;
}
