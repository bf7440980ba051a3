// Products, prices, coupons and promotion codes (the catalog), typed as the stripe SDK describes them.
import type Stripe from 'stripe';
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import {
  bool,
  expand,
  int,
  invalid,
  listExpansions,
  listOf,
  needStored,
  page,
  type ApiContext,
  type Route,
} from './common';

/** A price's amount as Stripe's decimal string (the SDK types it as its own Decimal; JSON carries a string). */
const decimal = (amount: number) => String(amount) as unknown as Stripe.Price['unit_amount_decimal'];

export function catalogRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/products', async (req) => {
    const id = req.body.id ?? newId('prod');
    if (await ctx.store.get(id)) throw invalid(`Product already exists.`, 'id');
    const created = seconds(ctx.now());
    // Every field Stripe's product carries (https://docs.stripe.com/api/products/object), null when unused.
    return ctx.store.put<Stripe.Product>({
      id,
      object: 'product',
      name: req.body.name,
      description: req.body.description ?? null,
      tax_code: req.body.tax_code ?? null,
      active: req.body.active === undefined ? true : bool(req.body.active),
      images: listOf(req.body.images),
      marketing_features: [],
      package_dimensions: null,
      shippable: null,
      tax_details: null,
      type: 'service',
      url: req.body.url ?? null,
      metadata: req.body.metadata ?? {},
      created,
      updated: created,
      livemode: false,
    });
  });
  route('get', '/v1/products/:id', async (req) => needStored(ctx, String(req.params.id), 'product'));
  route('post', '/v1/products/:id', async (req) => {
    const product = await needStored(ctx, String(req.params.id), 'product');
    if (req.body.name !== undefined) product.name = req.body.name;
    if (req.body.tax_code !== undefined) product.tax_code = req.body.tax_code || null;
    if (req.body.description !== undefined) product.description = req.body.description || null;
    if (req.body.active !== undefined) product.active = bool(req.body.active);
    if (req.body.metadata) product.metadata = { ...product.metadata, ...req.body.metadata };
    product.updated = seconds(ctx.now());
    return ctx.store.put(product);
  });
  route('post', '/v1/prices', async (req) => {
    await needStored(ctx, String(req.body.product ?? ''), 'product', 'product');
    const lookupKey = req.body.lookup_key ?? null;
    if (lookupKey) {
      const holders = await ctx.store.list('price', {}, (p) => p.lookup_key === lookupKey);
      if (holders.length && !bool(req.body.transfer_lookup_key))
        throw invalid(`A price (\`${holders[0]!.id}\`) already uses that lookup key.`, 'lookup_key');
      for (const holder of holders) {
        holder.lookup_key = null;
        await ctx.store.put(holder);
      }
    }
    const recurring: Stripe.Price.Recurring | null = req.body.recurring
      ? {
          interval: req.body.recurring.interval ?? 'month',
          interval_count: int(req.body.recurring.interval_count, 1)!,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null;
    const amount = int(req.body.unit_amount) ?? null;
    return ctx.store.put<Stripe.Price>({
      id: newId('price'),
      object: 'price',
      product: req.body.product,
      unit_amount: amount,
      unit_amount_decimal: amount === null ? null : decimal(amount),
      billing_scheme: 'per_unit',
      custom_unit_amount: null,
      tiers_mode: null,
      transform_quantity: null,
      currency: req.body.currency ?? 'usd',
      recurring,
      type: recurring ? 'recurring' : 'one_time',
      lookup_key: lookupKey,
      active: true,
      tax_behavior: req.body.tax_behavior ?? 'unspecified',
      metadata: req.body.metadata ?? {},
      nickname: req.body.nickname ?? null,
      created: seconds(ctx.now()),
      livemode: false,
    });
  });
  route('get', '/v1/prices', async (req) => {
    const keys = listOf<string>(req.query.lookup_keys);
    const prices = await ctx.store.list(
      'price',
      {},
      (p) =>
        (!keys.length || keys.includes(p.lookup_key ?? '')) &&
        (req.query.active === undefined || p.active === bool(req.query.active)),
    );
    return page(
      await Promise.all(prices.map((p) => expand(ctx, p, listExpansions(req.query.expand)))),
      req.path,
      req.query.limit ?? 100,
    );
  });
  route('get', '/v1/prices/:id', async (req) =>
    expand(ctx, await needStored(ctx, String(req.params.id), 'price'), req.query.expand),
  );
  route('post', '/v1/prices/:id', async (req) => {
    const price = await needStored(ctx, String(req.params.id), 'price');
    if (req.body.active !== undefined) price.active = bool(req.body.active);
    if (req.body.metadata) price.metadata = { ...price.metadata, ...req.body.metadata };
    if (req.body.tax_behavior) price.tax_behavior = req.body.tax_behavior;
    return ctx.store.put(price);
  });
  route('post', '/v1/coupons', async (req) => {
    const id = req.body.id ?? newId('co').slice(3, 11);
    if (await ctx.store.get(id)) throw invalid('Coupon already exists.', 'id');
    return ctx.store.put<Stripe.Coupon>({
      id,
      object: 'coupon',
      name: req.body.name ?? null,
      percent_off: req.body.percent_off === undefined ? null : Number(req.body.percent_off),
      amount_off: int(req.body.amount_off) ?? null,
      currency: req.body.amount_off ? (req.body.currency ?? 'usd') : null,
      duration: req.body.duration ?? 'once',
      duration_in_months: int(req.body.duration_in_months) ?? null,
      ...(req.body.applies_to ? { applies_to: { products: listOf<string>(req.body.applies_to.products) } } : {}),
      valid: true,
      times_redeemed: 0,
      max_redemptions: int(req.body.max_redemptions) ?? null,
      redeem_by: int(req.body.redeem_by) ?? null,
      metadata: req.body.metadata ?? {},
      created: seconds(ctx.now()),
      livemode: false,
    });
  });
  route('get', '/v1/coupons/:id', async (req) =>
    couponNow(ctx, await needStored(ctx, String(req.params.id), 'coupon', 'id', 'coupon')),
  );
  // Deleting a coupon stops new redemptions; discounts already made of it keep applying
  // (https://docs.stripe.com/api/coupons/delete), as the card server keeps the coupon with each discount.
  route('delete', '/v1/coupons/:id', async (req) => {
    const coupon = await needStored(ctx, String(req.params.id), 'coupon', 'id', 'coupon');
    await ctx.store.remove({ id: coupon.id });
    return { id: coupon.id, object: 'coupon', deleted: true };
  });
  route('post', '/v1/promotion_codes', async (req) => {
    const couponId = req.body.promotion?.coupon ?? req.body.coupon;
    await needStored(ctx, String(couponId ?? ''), 'coupon', 'promotion[coupon]', 'coupon');
    return ctx.store.put<Stripe.PromotionCode>({
      id: newId('promo'),
      object: 'promotion_code',
      code: req.body.code ?? newId('x').slice(2, 10).toUpperCase(),
      promotion: { type: 'coupon', coupon: couponId },
      active: req.body.active === undefined ? true : bool(req.body.active),
      customer: req.body.customer ?? null,
      customer_account: null,
      expires_at: int(req.body.expires_at) ?? null,
      max_redemptions: int(req.body.max_redemptions) ?? null,
      restrictions: {
        first_time_transaction: bool(req.body.restrictions?.first_time_transaction),
        minimum_amount: int(req.body.restrictions?.minimum_amount) ?? null,
        minimum_amount_currency: req.body.restrictions?.minimum_amount_currency ?? null,
      },
      times_redeemed: 0,
      metadata: req.body.metadata ?? {},
      created: seconds(ctx.now()),
      livemode: false,
    });
  });
  route('get', '/v1/promotion_codes', async (req) =>
    page(
      await ctx.store.list(
        'promotion_code',
        {},
        (p) =>
          (req.query.code === undefined || String(p.code).toLowerCase() === String(req.query.code).toLowerCase()) &&
          (req.query.active === undefined || p.active === bool(req.query.active)),
      ),
      req.path,
      req.query.limit,
    ),
  );
}

/** The coupon with `valid` as of now (false once past `redeem_by` or its redemptions used up). */
export async function couponNow(ctx: ApiContext, coupon: Stripe.Coupon): Promise<Stripe.Coupon> {
  const expired =
    (coupon.redeem_by && coupon.redeem_by < seconds(ctx.now())) ||
    (coupon.max_redemptions && coupon.times_redeemed >= coupon.max_redemptions);
  return { ...coupon, valid: !expired };
}

/**
 * The coupon of `discounts[0]` (a coupon or a promotion code) or of the older `coupon` parameter, handed
 * to the ledger (billing.ts), which reads coupons loosely.
 */
export async function couponFrom(
  ctx: ApiContext,
  body: Record<string, any>,
  param = 'discounts[0]',
): Promise<Obj | null> {
  const discount = listOf<Record<string, string>>(body.discounts)[0];
  let couponId: string | undefined = discount?.coupon ?? body.coupon;
  if (discount?.promotion_code) {
    const code = await needStored(
      ctx,
      discount.promotion_code,
      'promotion_code',
      `${param}[promotion_code]`,
      'promotion code',
    );
    if (!code.active) throw invalid('This promotion code is inactive.', `${param}[promotion_code]`);
    const promoted = code.promotion.coupon;
    couponId = typeof promoted === 'string' ? promoted : promoted?.id;
  }
  if (!couponId) return null;
  const coupon = await couponNow(ctx, await needStored(ctx, couponId, 'coupon', `${param}[coupon]`, 'coupon'));
  if (!coupon.valid) throw invalid(`Coupon expired: ${coupon.id}`, `${param}[coupon]`);
  return coupon as unknown as Obj;
}

/** A discount asked for: one the subscription already has (`existing`, its id), or a new one of a coupon. */
export interface DiscountAsked {
  existing: string | null;
  coupon: Obj;
}

/**
 * The discounts of `discounts[]` (each an existing discount to keep, a coupon or a promotion code), or of the
 * older `coupon` parameter, in order; null when neither is given (the subscription's stay as they are), an
 * empty list when `discounts` is empty (they are removed). An existing discount must be one of `kept` (the
 * subscription's own); one coupon twice is refused, as a discount of it is already there.
 */
export async function discountsFrom(
  ctx: ApiContext,
  body: Record<string, any>,
  kept: { id: string; coupon: Obj }[],
  param = 'discounts',
): Promise<DiscountAsked[] | null> {
  if (body.discounts === undefined && body.coupon === undefined) return null;
  const entries = listOf<Record<string, string>>(body.discounts);
  const asked: DiscountAsked[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry.discount) {
      const found = kept.find((discount) => discount.id === entry.discount);
      if (!found) throw invalid(`No such discount: '${entry.discount}'`, `${param}[${index}][discount]`);
      asked.push({ existing: found.id, coupon: found.coupon });
      continue;
    }
    const coupon = await couponFrom(ctx, { discounts: [entry] }, `${param}[${index}]`);
    if (coupon) asked.push({ existing: null, coupon });
  }
  if (!entries.length && body.coupon) {
    const coupon = await couponFrom(ctx, { coupon: body.coupon }, param);
    if (coupon) asked.push({ existing: null, coupon });
  }
  const ids = asked.map((discount) => discount.coupon.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw invalid(`The coupon ${twice} is already applied: a coupon can be used once on an object.`, param);
  return asked;
}

export async function productNames(ctx: ApiContext): Promise<Map<string, string>> {
  return new Map((await ctx.store.list('product')).map((p) => [p.id, p.name]));
}
