// Setup intents: a card saved for later charges, confirmed by the browser or the hosted setup page.
import { CardError, readCard } from '../cards';
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import { expand, invalid, need, publicView, type ApiContext, type Route } from './common';

export function setupIntentRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/setup_intents', async (req) => {
    const intent: Obj = {
      id: newId('seti'),
      object: 'setup_intent',
      customer: req.body.customer ?? null,
      payment_method: null,
      status: 'requires_payment_method',
      usage: req.body.usage ?? 'off_session',
      created: seconds(ctx.now()),
      metadata: req.body.metadata ?? {},
      last_setup_error: null,
      payment_method_types: ['card'],
      livemode: false,
      client_secret: '',
    };
    intent.client_secret = `${intent.id}_secret_${newId('x').slice(2)}`;
    return ctx.store.put(intent);
  });
  route(
    'get',
    '/v1/setup_intents/:id',
    async (req) => {
      const intent = await need(ctx, String(req.params.id), 'setup_intent');
      return expand(ctx, intent, req.query.expand);
    },
    { browser: true },
  );
  route(
    'post',
    '/v1/setup_intents/:id/confirm',
    async (req) => {
      const intent = await need(ctx, String(req.params.id), 'setup_intent');
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
  intent: Obj,
  paymentMethodId?: string,
  methodData?: Record<string, any>,
): Promise<Obj> {
  let method: Obj;
  if (paymentMethodId) method = await need(ctx, paymentMethodId, 'payment_method', 'payment_method');
  else if (methodData?.card) {
    const { behaviour, ...shown } = readCard(methodData.card, ctx.now());
    method = await ctx.store.put<Obj>({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: shown,
      customer: null,
      created: seconds(ctx.now()),
      billing_details: methodData.billing_details ?? {},
      metadata: {},
      livemode: false,
      _behaviour: behaviour,
    });
  } else throw invalid('You must provide a payment_method.', 'payment_method');
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
  if (intent.customer) {
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
