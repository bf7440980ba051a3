// Invoice previews (POST /v1/invoices/create_preview): the invoice a new subscription would start with, the
// one a change to a subscription would make, or the subscription's next renewal, worked out by the same
// rules as the invoices themselves, so that what a preview shows is what is then charged
// (https://docs.stripe.com/api/invoices/create_preview).
import type Stripe from 'stripe';
import {
  discountsOn,
  invoiceOf,
  keptDiscountsOf,
  pendingLine,
  periodEnd,
  previewDiscount,
  seconds,
  stillApplies,
  type AppliedDiscount,
  type Line,
  type Obj,
} from '../billing';
import { listOf, need, type ApiContext, type Route } from './common';
import { discountsFrom, productNames, type DiscountAsked } from './catalog';
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

async function previewInvoice(ctx: ApiContext, body: Record<string, any>): Promise<Stripe.Invoice> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const names = await productNames(ctx);
  const now = seconds(ctx.now());
  const details: Record<string, any> = body.subscription_details ?? {};
  let lines: Line[];
  // The invoice's date: now for a new subscription or a change invoiced at once; the current period's end
  // for the next renewal (as Stripe's period_end).
  let invoiceDate = now;
  let subscription: Obj | null = null;
  // A change's preview: the proration date it was worked out for (parent.subscription_details).
  let prorationDate: number | undefined;
  let asked: DiscountAsked[] | null = null;
  // The invoice's discounts: those given to the preview (`discounts`, which replace the subscription's, each
  // kept one while it lasts at the invoice's date), else the subscription's own.
  let discounts: AppliedDiscount[] = [];
  const discountsAt = (at: number): AppliedDiscount[] => {
    if (!asked) return discountsOn(subscription, at);
    const kept = keptDiscountsOf(subscription);
    return asked.flatMap((discount) => {
      const old = kept.find((k) => k.id === discount.existing);
      if (old) return stillApplies(old, at) ? [{ id: old.id, coupon: old.coupon }] : [];
      return [previewDiscount(discount.coupon)];
    });
  };
  let taxRates = await taxRatesFrom(ctx, details.default_tax_rates, 'subscription_details[default_tax_rates]');
  if (body.subscription) {
    subscription = await need(ctx, body.subscription, 'subscription', 'subscription');
    asked = await discountsFrom(ctx, body, keptDiscountsOf(subscription));
    taxRates = taxRates ?? subscription.default_tax_rates ?? [];
    const current: Obj[] = subscription.items.data;
    const pending = (await ctx.ledger.pendingItems(customer, subscription)).map(pendingLine);
    const changes = listOf<Record<string, string>>(details.items);
    const periodEndsAt = Math.max(...current.map((item) => item.current_period_end), now);
    if (changes.length) {
      const at = prorationDateOf(current, details.proration_date, now, 'subscription_details[proration_date]');
      prorationDate = at;
      const behaviour: ProrationBehaviour = details.proration_behavior ?? 'create_prorations';
      const change = await planChange(ctx, current, changes, {
        at,
        now,
        behaviour,
        param: 'subscription_details[items]',
        previousDefaults: subscription.default_tax_rates ?? [],
      });
      if (change.resetAnchor || behaviour === 'always_invoice') {
        // The invoice the change makes at once.
        lines = [...pending, ...change.lines];
        discounts = discountsAt(at);
      } else {
        // The next renewal, with the change's prorations on it.
        invoiceDate = periodEndsAt;
        lines = [...pending, ...change.lines, ...linesOf(nextPeriod(change.items), names)];
        discounts = discountsAt(invoiceDate);
      }
    } else {
      invoiceDate = periodEndsAt;
      lines = [...pending, ...linesOf(nextPeriod(current), names)];
      discounts = discountsAt(invoiceDate);
    }
  } else {
    const items = await itemsFrom(ctx, details.items, now, '', 'subscription_details[items]');
    lines = [...linesOf(items, names), ...(await oneTimeLines(ctx, body.invoice_items, now, 'invoice_items'))];
    asked = await discountsFrom(ctx, body, []);
    discounts = (asked ?? []).map((discount) => previewDiscount(discount.coupon));
  }
  return invoiceOf({
    id: null,
    customer,
    subscription,
    lines,
    discounts,
    taxRates: taxRates ?? [],
    // Stripe's reason for a preview (https://docs.stripe.com/api/invoices/object#invoice_object-billing_reason).
    reason: 'upcoming',
    created: now,
    periodEnd: invoiceDate,
    prorationDate,
    hostedBase: ctx.hostedBase(),
  });
}
