// Checkout sessions (their hosted page is in hosted.tsx).
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import { expand, int, invalid, listOf, need, type ApiContext, type Route } from './common';
import { couponFrom } from './catalog';
import { taxRatesFrom } from './tax-rates';

export function checkoutRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/checkout/sessions', async (req) => createCheckoutSession(ctx, req.body));
  route('get', '/v1/checkout/sessions/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'checkout.session'), req.query.expand),
  );
}

async function createCheckoutSession(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const mode = body.mode ?? 'payment';
  if (!['payment', 'setup', 'subscription'].includes(mode)) throw invalid('Invalid mode.', 'mode');
  if (!body.success_url) throw invalid('Missing required param: success_url.', 'success_url');
  const lineItems: { price: string; quantity: number }[] = [];
  for (const item of listOf<Record<string, string>>(body.line_items)) {
    const price = await need(ctx, String(item.price ?? ''), 'price', 'line_items[0][price]');
    if (mode === 'payment' && price.recurring)
      throw invalid('You must specify `mode=subscription` to use recurring prices.', 'line_items[0][price]');
    lineItems.push({ price: price.id, quantity: int(item.quantity, 1)! });
  }
  if (mode !== 'setup' && !lineItems.length) throw invalid('Missing required param: line_items.', 'line_items');
  if (body.customer) await need(ctx, body.customer, 'customer', 'customer');
  const coupon = await couponFrom(ctx, body);
  const taxRates =
    mode === 'subscription'
      ? await taxRatesFrom(ctx, body.subscription_data?.default_tax_rates, 'subscription_data[default_tax_rates]')
      : undefined;
  const session: Obj = {
    id: newId('cs_test'),
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    customer: body.customer ?? null,
    customer_email: body.customer_email ?? null,
    client_reference_id: body.client_reference_id ?? null,
    metadata: body.metadata ?? {},
    success_url: body.success_url,
    cancel_url: body.cancel_url ?? null,
    line_items_data: lineItems,
    tax_rates_data: (taxRates ?? []).map((rate) => rate.id),
    discounts: coupon ? [{ coupon: coupon.id }] : [],
    amount_total: null,
    payment_intent: null,
    setup_intent: null,
    subscription: null,
    invoice: null,
    created: seconds(ctx.now()),
    expires_at: seconds(ctx.now()) + 24 * 3600,
    url: '',
    livemode: false,
  };
  session.url = `${ctx.hostedBase()}/pay/${session.id}`;
  return ctx.store.put(session);
}
