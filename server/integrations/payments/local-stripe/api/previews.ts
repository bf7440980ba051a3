// Invoice previews (POST /v1/invoices/create_preview): the invoice a new subscription would start with, the
// one a change to a subscription would make, or the subscription's next renewal, worked out by the same
// rules as the invoices themselves, so that what a preview shows is what is then charged
// (https://docs.stripe.com/api/invoices/create_preview).
import {
  amountDue,
  balanceAfter,
  couponOn,
  pendingLine,
  periodEnd,
  seconds,
  totalsOf,
  type Line,
  type Obj,
} from '../billing';
import { listOf, need, type ApiContext, type Route } from './common';
import { couponFrom, productNames } from './catalog';
import { taxRatesFrom } from './tax-rates';
import {
  itemsFrom,
  linesOf,
  oneTimeLines,
  planChange,
  prorationDateOf,
  type ProrationBehaviour,
} from './subscriptions';

export function previewRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/invoices/create_preview', async (req) => previewInvoice(ctx, req.body));
}

/** The next period of each item: what the renewal at the end of the current one bills. */
const nextPeriod = (items: Obj[]): Obj[] =>
  items.map((item) => ({
    ...item,
    current_period_start: item.current_period_end,
    current_period_end: periodEnd(
      item.current_period_end,
      item.price.recurring.interval,
      item.price.recurring.interval_count ?? 1,
    ),
  }));

async function previewInvoice(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const names = await productNames(ctx);
  const now = seconds(ctx.now());
  const details: Record<string, any> = body.subscription_details ?? {};
  let lines: Line[];
  // The invoice's date: now for a new subscription or a change invoiced at once; the current period's end
  // for the next renewal (as Stripe's period_end).
  let invoiceDate = now;
  let coupon = await couponFrom(ctx, body);
  let taxRates = await taxRatesFrom(ctx, details.default_tax_rates, 'subscription_details[default_tax_rates]');
  if (body.subscription) {
    const subscription = await need(ctx, body.subscription, 'subscription', 'subscription');
    taxRates = taxRates ?? subscription.default_tax_rates ?? [];
    const current: Obj[] = subscription.items.data;
    const pending = (await ctx.ledger.pendingItems(customer, subscription)).map(pendingLine);
    const changes = listOf<Record<string, string>>(details.items);
    const periodEndsAt = Math.max(...current.map((item) => item.current_period_end), now);
    if (changes.length) {
      const at = prorationDateOf(current, details.proration_date, now, 'subscription_details[proration_date]');
      const behaviour: ProrationBehaviour = details.proration_behavior ?? 'create_prorations';
      const change = await planChange(ctx, current, changes, {
        at,
        now,
        behaviour,
        param: 'subscription_details[items]',
      });
      if (change.resetAnchor || behaviour === 'always_invoice') {
        // The invoice the change makes at once.
        lines = [...pending, ...change.lines];
        coupon = coupon ?? couponOn(subscription, at);
      } else {
        // The next renewal, with the change's prorations on it.
        invoiceDate = periodEndsAt;
        lines = [...pending, ...change.lines, ...linesOf(nextPeriod(change.items), names)];
        coupon = coupon ?? couponOn(subscription, invoiceDate);
      }
    } else {
      invoiceDate = periodEndsAt;
      lines = [...pending, ...linesOf(nextPeriod(current), names)];
      coupon = coupon ?? couponOn(subscription, invoiceDate);
    }
  } else {
    const items = await itemsFrom(ctx, details.items, now);
    lines = [...linesOf(items, names), ...(await oneTimeLines(ctx, body.invoice_items, now, 'invoice_items'))];
  }
  const { subtotal, discount, totalExcludingTax, total, totalTaxes } = totalsOf(lines, coupon, taxRates ?? []);
  const balance = Number(customer.balance ?? 0);
  return {
    id: null,
    object: 'invoice',
    customer: customer.id,
    customer_name: customer.name ?? null,
    account_name: 'Members Portal (local)',
    currency: 'usd',
    status: 'draft',
    subtotal,
    // May be negative: a change that credits more than it charges (the credit goes to the balance).
    total,
    // The customer's balance is drawn on first, as on a real invoice.
    amount_due: amountDue(balance, total),
    starting_balance: balance,
    ending_balance: balanceAfter(balance, total),
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
