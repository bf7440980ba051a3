// Payment methods (created by the browser with the publishable key, as Stripe.js does).
import type Stripe from 'stripe';
import { CardError, readCard, type CardDetails } from '../cards';
import { seconds, type Obj } from '../billing';
import { newId, type StoredPaymentMethod } from '../store';
import { invalid, needStored, page, publicView, type ApiContext, type Route } from './common';

const NO_BILLING_DETAILS: Stripe.PaymentMethod.BillingDetails = {
  address: null,
  email: null,
  name: null,
  phone: null,
  tax_id: null,
};

/** A new card payment method, not attached to a customer, as the server stores it (with its behaviour). */
export function cardMethod(
  ctx: ApiContext,
  { behaviour, ...card }: CardDetails,
  billingDetails?: Partial<Stripe.PaymentMethod.BillingDetails>,
): StoredPaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card,
    customer: null,
    customer_account: null,
    created: seconds(ctx.now()),
    billing_details: { ...NO_BILLING_DETAILS, ...billingDetails },
    metadata: {},
    livemode: false,
    _behaviour: behaviour,
  };
}

export function paymentMethodRoutes(route: Route, ctx: ApiContext): void {
  route(
    'post',
    '/v1/payment_methods',
    async (req) => {
      if ((req.body.type ?? 'card') !== 'card')
        throw invalid('Only card payment methods exist on the local card server.', 'type');
      const method = cardMethod(ctx, readCard(req.body.card ?? {}, ctx.now()), req.body.billing_details);
      return publicView(await ctx.store.put(method));
    },
    { browser: true },
  );
  route('get', '/v1/payment_methods/:id', async (req) =>
    publicView(await needStored(ctx, String(req.params.id), 'payment_method')),
  );
  route('get', '/v1/payment_methods', async (req) =>
    page(
      (await ctx.store.list('payment_method', { customer: String(req.query.customer ?? '') }))
        .filter(() => req.query.customer)
        .map((method) => publicView(method)),
      req.path,
      req.query.limit,
    ),
  );
  route('post', '/v1/payment_methods/:id/attach', async (req) => {
    const token = TEST_PAYMENT_METHODS[String(req.params.id)];
    const method = token
      ? await cardFromTestToken(ctx, token)
      : await needStored(ctx, String(req.params.id), 'payment_method');
    const customer = await needStored(ctx, String(req.body.customer ?? ''), 'customer', 'customer');
    if (method.customer && method.customer !== customer.id)
      throw invalid(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
      );
    if (method._behaviour === 'declined')
      throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
    method.customer = customer.id;
    await ctx.store.put(method);
    await ctx.emit('payment_method.attached', publicView(method));
    return publicView(method);
  });
  route('post', '/v1/payment_methods/:id/detach', async (req) => {
    const method = await needStored(ctx, String(req.params.id), 'payment_method');
    const owner = method.customer;
    method.customer = null;
    await ctx.store.put(method);
    if (typeof owner === 'string') {
      const customer = await needStored(ctx, owner, 'customer');
      if (customer.invoice_settings.default_payment_method === method.id) {
        const previous = structuredClone(customer);
        customer.invoice_settings.default_payment_method = null;
        await ctx.store.put(customer);
        await ctx.emit('customer.updated', customer, previous);
      }
    }
    await ctx.emit('payment_method.detached', publicView(method));
    return publicView(method);
  });
}

/** Stripe's test payment methods (pm_card_visa…): attaching one makes a new card from its test number. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
};

async function cardFromTestToken(ctx: ApiContext, number: string): Promise<StoredPaymentMethod> {
  const year = ctx.now().getUTCFullYear() + 3;
  return ctx.store.put(cardMethod(ctx, readCard({ number, exp_month: 12, exp_year: year }, ctx.now())));
}

/** The card a charge uses (untyped: the ledger, billing.ts, takes `Obj`). */
export async function defaultMethodOf(ctx: ApiContext, customer: Obj, explicit?: string | null): Promise<Obj | null> {
  const id = explicit || customer.invoice_settings?.default_payment_method;
  return id ? ctx.store.get<Obj>(id, 'payment_method') : null;
}
