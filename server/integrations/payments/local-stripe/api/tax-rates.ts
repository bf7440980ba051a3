// Tax rates (exclusive percentages, as the portal charges sales tax: on the subscription, so renewals are taxed too).
import type Stripe from 'stripe';
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import { bool, invalid, listOf, need, needStored, page, type ApiContext, type Route } from './common';

export function taxRateRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/tax_rates', async (req) => {
    if (!req.body.display_name) throw invalid('Missing required param: display_name.', 'display_name');
    if (req.body.inclusive === undefined) throw invalid('Missing required param: inclusive.', 'inclusive');
    if (bool(req.body.inclusive))
      throw invalid('The local card server has exclusive tax rates only (inclusive=false).', 'inclusive');
    const percentage = Number(req.body.percentage);
    if (
      req.body.percentage === undefined ||
      req.body.percentage === '' ||
      !Number.isFinite(percentage) ||
      percentage < 0 ||
      percentage > 100
    )
      throw invalid('Invalid decimal: percentage must be a number from 0 to 100.', 'percentage');
    const rate: Stripe.TaxRate = {
      id: newId('txr'),
      object: 'tax_rate',
      active: req.body.active === undefined ? true : bool(req.body.active),
      country: req.body.country ?? null,
      created: seconds(ctx.now()),
      description: req.body.description ?? null,
      display_name: req.body.display_name,
      effective_percentage: null,
      flat_amount: null,
      inclusive: false,
      jurisdiction: req.body.jurisdiction ?? null,
      jurisdiction_level: null,
      livemode: false,
      metadata: req.body.metadata ?? {},
      percentage: Math.round(percentage * 10_000) / 10_000,
      rate_type: null,
      state: req.body.state ?? null,
      tax_type: req.body.tax_type ?? null,
    };
    return ctx.store.put(rate);
  });
  route('get', '/v1/tax_rates/:id', async (req) =>
    needStored(ctx, String(req.params.id), 'tax_rate', 'id', 'tax rate'),
  );
  route('post', '/v1/tax_rates/:id', async (req) => {
    const rate = await needStored(ctx, String(req.params.id), 'tax_rate', 'id', 'tax rate');
    for (const field of ['display_name', 'description', 'jurisdiction', 'country', 'state', 'tax_type'] as const)
      if (req.body[field] !== undefined) rate[field] = req.body[field];
    if (req.body.active !== undefined) rate.active = bool(req.body.active);
    if (req.body.metadata) rate.metadata = { ...rate.metadata, ...req.body.metadata };
    return ctx.store.put(rate);
  });
  route('get', '/v1/tax_rates', async (req) => {
    // Newest first, with `starting_after`, so the SDK's auto-pagination walks the list as it walks Stripe's.
    let rates = await ctx.store.list(
      'tax_rate',
      {},
      (r) =>
        (req.query.active === undefined || r.active === bool(req.query.active)) &&
        (req.query.inclusive === undefined || r.inclusive === bool(req.query.inclusive)),
    );
    const after = req.query.starting_after ? rates.findIndex((r) => r.id === req.query.starting_after) : -1;
    if (after >= 0) rates = rates.slice(after + 1);
    return page(rates, req.path, req.query.limit);
  });
}

/**
 * The tax rates a list of ids names (`default_tax_rates`), in order; undefined when the parameter is
 * absent, none when it is the empty string (Stripe's way to remove them). Archived rates are refused, as
 * Stripe refuses them on anything new. Untyped (`Obj`): the ledger (billing.ts) totals them so.
 */
export async function taxRatesFrom(ctx: ApiContext, raw: unknown, param: string): Promise<Obj[] | undefined> {
  if (raw === undefined) return undefined;
  if (raw === '' || raw === null) return [];
  const rates: Obj[] = [];
  for (const [index, id] of listOf<string>(typeof raw === 'string' ? [raw] : raw).entries()) {
    const rate = await need(ctx, String(id), 'tax_rate', `${param}[${index}]`, 'tax rate');
    if (!rate.active)
      throw invalid(
        `The tax rate ${rate.id} is archived (active=false) and cannot be used on anything new.`,
        `${param}[${index}]`,
      );
    rates.push(rate);
  }
  return rates;
}
