// Setup intents: a card saved for later charges, confirmed by the browser or the hosted setup page.
import type Stripe from 'stripe';
import { CardError, readCard } from '../cards';
import { seconds } from '../billing';
import { newId, type StoredPaymentMethod } from '../store';
import { expand, invalid, needStored, publicView, type ApiContext, type Route } from './common';
import { cardMethod } from './payment-methods';

export function setupIntentRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/setup_intents', async (req) => {
    const id = newId('seti');
    const intent: Stripe.SetupIntent = {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: null,
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      created: seconds(ctx.now()),
      customer: req.body.customer ?? null,
      description: req.body.description ?? null,
      excluded_payment_method_types: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: req.body.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: req.body.usage ?? 'off_session',
    };
    return ctx.store.put(intent);
  });
  route(
    'get',
    '/v1/setup_intents/:id',
    async (req) => {
      const intent = await needStored(ctx, String(req.params.id), 'setup_intent');
      return expand(ctx, intent, req.query.expand);
    },
    { browser: true },
  );
  route(
    'post',
    '/v1/setup_intents/:id/confirm',
    async (req) => {
      const intent = await needStored(ctx, String(req.params.id), 'setup_intent');
      const viaBrowser = !(req.headers.authorization ?? '').includes(ctx.secretKey);
      if (viaBrowser && req.body.client_secret !== intent.client_secret)
        throw invalid(
          'The client_secret provided does not match the client_secret associated with the SetupIntent.',
          'client_secret',
        );
      return confirmSetup(ctx, intent, req.body.payment_method, req.body.payment_method_data);
    },
    { browser: true },
  );
}

export async function confirmSetup(
  ctx: ApiContext,
  intent: Stripe.SetupIntent,
  paymentMethodId?: string,
  methodData?: {
    card?: Parameters<typeof readCard>[0];
    billing_details?: Partial<Stripe.PaymentMethod.BillingDetails>;
  },
): Promise<Stripe.SetupIntent> {
  let method: StoredPaymentMethod;
  if (paymentMethodId) method = await needStored(ctx, paymentMethodId, 'payment_method', 'payment_method');
  else if (methodData?.card)
    method = await ctx.store.put(cardMethod(ctx, readCard(methodData.card, ctx.now()), methodData.billing_details));
  else throw invalid('You must provide a payment_method.', 'payment_method');
  if (method._behaviour === 'declined') {
    intent.last_setup_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_method: publicView(method),
    };
    intent.status = 'requires_payment_method';
    await ctx.store.put(intent);
    await ctx.emit('setup_intent.setup_failed', intent);
    throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
  }
  // Stored unexpanded: the customer is its id.
  if (typeof intent.customer === 'string') {
    method.customer = intent.customer;
    await ctx.store.put(method);
    await ctx.emit('payment_method.attached', publicView(method));
  }
  intent.payment_method = method.id;
  intent.status = 'succeeded';
  intent.last_setup_error = null;
  await ctx.store.put(intent);
  await ctx.emit('setup_intent.succeeded', intent);
  return intent;
}
