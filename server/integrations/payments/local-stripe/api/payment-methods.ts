// Payment methods (created by the browser with the publishable key, as Stripe.js does).
import { CardError, readCard } from '../cards';
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import { invalid, need, page, publicView, type ApiContext, type Route } from './common';

export function paymentMethodRoutes(route: Route, ctx: ApiContext): void {
  route(
    'post',
    '/v1/payment_methods',
    async (req) => {
      if ((req.body.type ?? 'card') !== 'card')
        throw invalid('Only card payment methods exist on the local card server.', 'type');
      const card = readCard(req.body.card ?? {}, ctx.now());
      const { behaviour, ...shown } = card;
      const method: Obj = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: shown,
        customer: null,
        created: seconds(ctx.now()),
        billing_details: req.body.billing_details ?? { name: null, address: null, email: null, phone: null },
        metadata: {},
        livemode: false,
        _behaviour: behaviour,
      };
      return publicView(await ctx.store.put(method));
    },
    { browser: true },
  );
  route('get', '/v1/payment_methods/:id', async (req) =>
    publicView(await need(ctx, String(req.params.id), 'payment_method')),
  );
  route('get', '/v1/payment_methods', async (req) =>
    page(
      (await ctx.store.list('payment_method', { customer: String(req.query.customer ?? '') }))
        .filter(() => req.query.customer)
        .map(publicView),
      req.path,
      req.query.limit,
    ),
  );
  route('post', '/v1/payment_methods/:id/attach', async (req) => {
    const token = TEST_PAYMENT_METHODS[String(req.params.id)];
    const method = token
      ? await cardFromTestToken(ctx, token)
      : await need(ctx, String(req.params.id), 'payment_method');
    const customer = await need(ctx, String(req.body.customer ?? ''), 'customer', 'customer');
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
    const method = await need(ctx, String(req.params.id), 'payment_method');
    const owner = method.customer;
    method.customer = null;
    await ctx.store.put(method);
    if (owner) {
      const customer = await need(ctx, owner, 'customer');
      if (customer.invoice_settings?.default_payment_method === method.id) {
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

async function cardFromTestToken(ctx: ApiContext, number: string): Promise<Obj> {
  const year = ctx.now().getUTCFullYear() + 3;
  const { behaviour, ...shown } = readCard({ number, exp_month: 12, exp_year: year }, ctx.now());
  return ctx.store.put<Obj>({
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: shown,
    customer: null,
    created: seconds(ctx.now()),
    billing_details: { name: null, address: null, email: null, phone: null },
    metadata: {},
    livemode: false,
    _behaviour: behaviour,
  });
}

export async function defaultMethodOf(ctx: ApiContext, customer: Obj, explicit?: string | null): Promise<Obj | null> {
  const id = explicit || customer.invoice_settings?.default_payment_method;
  return id ? ctx.store.get<Obj>(id, 'payment_method') : null;
}
