// Invoice previews: what the next invoice of a new or changed subscription, or of the next renewal, would hold.
import { creditFor, periodEnd, seconds, totalsOf, type Line, type Obj } from '../billing';
import { bool, int, listOf, need, type ApiContext, type Route } from './common';
import { couponFrom, productNames } from './catalog';
import { taxRatesFrom } from './tax-rates';
import { itemsFrom, linesOf, oneTimeLines, prorationLine } from './subscriptions';

export function previewRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/invoices/create_preview', async (req) => previewInvoice(ctx, req.body));
}

async function previewInvoice(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const names = await productNames(ctx);
  const now = int(body.subscription_details?.proration_date) ?? seconds(ctx.now());
  let lines: Line[];
  // The invoice's date: now for a new subscription or a change; the current period's end for the next renewal (as Stripe's period_end).
  let invoiceDate = now;
  let coupon = await couponFrom(ctx, body);
  let taxRates = await taxRatesFrom(
    ctx,
    body.subscription_details?.default_tax_rates,
    'subscription_details[default_tax_rates]',
  );
  if (body.subscription) {
    const subscription = await need(ctx, body.subscription, 'subscription', 'subscription');
    coupon = coupon ?? subscription.discount?.coupon ?? null;
    taxRates = taxRates ?? subscription.default_tax_rates ?? [];
    const changes = listOf<Record<string, string>>(body.subscription_details?.items);
    const items: Obj[] = structuredClone(subscription.items.data);
    lines = [];
    for (const change of changes) {
      const existing = change.id ? items.find((item) => item.id === change.id) : null;
      const before = existing ? existing.price.unit_amount * existing.quantity : 0;
      const price = change.price ? await need(ctx, change.price, 'price') : existing?.price;
      const quantity = int(change.quantity, existing?.quantity ?? 1)!;
      const after = bool(change.deleted) ? 0 : price.unit_amount * quantity;
      const item = existing ?? { ...items[0], price, quantity };
      if (existing) {
        existing.price = price;
        existing.quantity = quantity;
      } else items.push(item);
      if (after !== before) lines.push(prorationLine({ ...item, price, quantity }, after - before, now, names));
    }
    const next = items
      .filter((item) => !changes.some((c) => c.id === item.id && bool(c.deleted)))
      .map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: periodEnd(item.current_period_end, item.price.recurring.interval),
      }));
    if (!changes.length) {
      lines = linesOf(next, names);
      invoiceDate = Math.max(...items.map((item) => item.current_period_end), now);
    }
  } else {
    const items = await itemsFrom(ctx, body.subscription_details?.items, now);
    lines = [...linesOf(items, names), ...(await oneTimeLines(ctx, body.invoice_items, now, 'invoice_items'))];
  }
  const { subtotal, discount, totalExcludingTax, total, totalTaxes } = totalsOf(lines, coupon, taxRates ?? []);
  return {
    id: null,
    object: 'invoice',
    customer: customer.id,
    customer_name: customer.name ?? null,
    account_name: 'Members Portal (local)',
    currency: 'usd',
    status: 'draft',
    // A credit on the customer's balance is drawn on first, as on a real invoice.
    subtotal,
    total,
    amount_due: total + creditFor(customer, total),
    starting_balance: Math.min(0, customer.balance ?? 0),
    subtotal_excluding_tax: subtotal,
    total_excluding_tax: totalExcludingTax,
    total_taxes: totalTaxes,
    default_tax_rates: taxRates ?? [],
    total_discount_amounts: coupon && discount ? [{ amount: discount, discount: `di_${coupon.id}` }] : [],
    period_end: invoiceDate,
    lines: {
      object: 'list',
      has_more: false,
      data: lines.map((line) => ({
        object: 'line_item',
        description: line.description,
        amount: line.amount,
        quantity: line.quantity,
        period: line.period,
      })),
    },
  } as unknown as Obj;
}
