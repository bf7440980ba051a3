// Invoices.
import type { Obj } from '../billing';
import { need, page, type ApiContext, type Route } from './common';

export function invoiceRoutes(route: Route, ctx: ApiContext): void {
  route('get', '/v1/invoices', async (req) =>
    page(
      await ctx.store.list<Obj>(
        'invoice',
        { customer: req.query.customer ? String(req.query.customer) : undefined },
        (i) =>
          (!req.query.subscription || i.parent?.subscription_details?.subscription === req.query.subscription) &&
          (!req.query.status || i.status === req.query.status),
      ),
      req.path,
      req.query.limit,
    ),
  );
  route('get', '/v1/invoices/:id', async (req) => need(ctx, String(req.params.id), 'invoice'));
  route('get', '/v1/invoice_payments', async (req) => {
    const invoice = await need(ctx, String(req.query.invoice ?? ''), 'invoice', 'invoice');
    return page(invoice.payments?.data ?? [], req.path, req.query.limit);
  });
}
