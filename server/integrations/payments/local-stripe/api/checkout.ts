// Checkout sessions (their hosted page is in hosted.tsx), typed as the stripe SDK describes them.
import type Stripe from 'stripe';
import { seconds } from '../billing';
import { newId, type StoredCheckoutSession } from '../store';
import { expand, int, invalid, listOf, needStored, type ApiContext, type Route } from './common';
import { couponFrom } from './catalog';
import { taxRatesFrom } from './tax-rates';

export function checkoutRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/checkout/sessions', async (req) => sessionView(await createCheckoutSession(ctx, req.body)));
  route('get', '/v1/checkout/sessions/:id', async (req) =>
    expand(
      ctx,
      sessionView(await needStored(ctx, String(req.params.id), 'checkout.session', 'session', 'checkout.session')),
      req.query.expand,
    ),
  );
}

/** What Stripe shows of a session: the items and tax rates kept for the hosted page stay inside. */
export function sessionView(session: StoredCheckoutSession): Stripe.Checkout.Session {
  const { line_items_data: _items, tax_rates_data: _rates, ...shown } = session;
  return shown;
}

async function createCheckoutSession(ctx: ApiContext, body: Record<string, any>): Promise<StoredCheckoutSession> {
  const mode = body.mode ?? 'payment';
  if (!['payment', 'setup', 'subscription'].includes(mode)) throw invalid('Invalid mode.', 'mode');
  if (!body.success_url) throw invalid('Missing required param: success_url.', 'success_url');
  const lineItems: StoredCheckoutSession['line_items_data'] = [];
  for (const [index, item] of listOf<Record<string, any>>(body.line_items).entries()) {
    const price = await needStored(ctx, String(item.price ?? ''), 'price', `line_items[${index}][price]`);
    if (mode === 'payment' && price.recurring)
      throw invalid('You must specify `mode=subscription` to use recurring prices.', `line_items[${index}][price]`);
    // A line's own tax rates (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-line_items-tax_rates).
    const rates = await taxRatesFrom(ctx, item.tax_rates, `line_items[${index}][tax_rates]`);
    lineItems.push({
      price: price.id,
      quantity: int(item.quantity, 1)!,
      ...(rates?.length ? { tax_rates: rates.map((rate) => rate.id) } : {}),
    });
  }
  if (mode !== 'setup' && !lineItems.length) throw invalid('Missing required param: line_items.', 'line_items');
  if (body.customer) await needStored(ctx, body.customer, 'customer', 'customer');
  const coupon = await couponFrom(ctx, body);
  const taxRates =
    mode === 'subscription'
      ? await taxRatesFrom(ctx, body.subscription_data?.default_tax_rates, 'subscription_data[default_tax_rates]')
      : undefined;
  const session: StoredCheckoutSession = {
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
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    amount_total: null,
    payment_intent: null,
    setup_intent: null,
    subscription: null,
    invoice: null,
    created: seconds(ctx.now()),
    expires_at: seconds(ctx.now()) + 24 * 3600,
    url: '',
    livemode: false,
    // The rest of Stripe's session (https://docs.stripe.com/api/checkout/sessions/object): a hosted page,
    // cards only, in dollars, none of the options the portal leaves unused.
    ui_mode: 'hosted',
    currency: mode === 'setup' ? null : 'usd',
    amount_subtotal: null,
    total_details: null,
    payment_method_types: ['card'],
    payment_method_collection: mode === 'payment' ? null : 'always',
    customer_creation: body.customer ? null : 'if_required',
    customer_details: null,
    customer_account: null,
    allow_promotion_codes: body.allow_promotion_codes === undefined ? null : body.allow_promotion_codes === 'true',
    billing_address_collection: body.billing_address_collection ?? null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    shipping_options: [],
    adaptive_pricing: null,
    after_expiration: null,
    allowed_payment_method_types: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    currency_conversion: null,
    integration_identifier: null,
    invoice_creation: null,
    locale: null,
    managed_payments: null,
    origin_context: null,
    payment_link: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    shipping_address_collection: null,
    shipping_cost: null,
    submit_type: null,
    wallet_options: null,
  };
  session.url = `${ctx.hostedBase()}/pay/${session.id}`;
  return ctx.store.put(session);
}
