// The local card server's API: the part of Stripe's REST API (form-encoded POSTs under /v1, JSON
// answers, Stripe's error shape) that the portal calls, with state kept in PostgreSQL. The stripe SDK
// talks to it unchanged. Requests run one at a time, as one process serves them all.
import express, { type Request, type Response, type Router } from 'express';
import { CardError, readCard } from './cards';
import { creditFor, type Ledger, periodEnd, seconds, totalsOf, type Line, type Obj } from './billing';
import { newId, type LocalStore } from './store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new ApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
const invalid = (message: string, param?: string) =>
  new ApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);

/** Form values arrive as strings; Stripe's integers and booleans are read back from them. */
const int = (value: unknown, fallback?: number): number | undefined =>
  value === undefined || value === '' ? fallback : Number(value);
const bool = (value: unknown) => value === true || value === 'true';
const listOf = <T>(value: unknown): T[] =>
  (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value as object) : []) as T[];
const page = (data: unknown[], url: string, limit?: unknown) => ({
  object: 'list',
  data: data.slice(0, Number(limit ?? 10) || 10),
  has_more: data.length > (Number(limit ?? 10) || 10),
  url,
});

export interface ApiContext {
  store: LocalStore;
  now: () => Date;
  ledger: Ledger;
  emit: (type: string, object: Obj, previous?: Obj) => Promise<void>;
  hostedBase: () => string;
  publishableKey: string;
  secretKey: string;
}

type Handler = (req: Request, ctx: ApiContext) => Promise<unknown>;

/**
 * `run` runs one piece of work at a time (the hosted pages share it), so two requests never interleave
 * their reads and writes, and each in a transaction of its own (all or nothing, as Stripe answers).
 */
export function apiRouter(ctx: ApiContext, run: <T>(work: () => Promise<T>) => Promise<T>): Router {
  const router = express.Router();
  router.use('/v1', express.urlencoded({ extended: true, limit: '1mb', parameterLimit: 5000 }));

  // The browser (the card field's local stand-in for Stripe.js) may call the few routes Stripe.js calls, with the publishable key.
  router.use((req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  });

  const route = (
    method: 'get' | 'post' | 'delete',
    path: string,
    handler: Handler,
    options: { browser?: boolean } = {},
  ) => {
    router[method](path, (req: Request, res: Response) => {
      // The answer is worked out and recorded in one transaction (run), and sent once it is committed: a
      // process that dies half-way leaves nothing behind, and no caller hears of what was not kept.
      const answer = async (): Promise<{ status: number; body: unknown; replayed?: boolean }> => {
        const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
        const allowed = key === ctx.secretKey || (options.browser && key === ctx.publishableKey);
        if (!allowed)
          throw new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}***`);
        const idempotencyKey = req.headers['idempotency-key'];
        const remembered =
          method === 'post' && typeof idempotencyKey === 'string' ? await ctx.store.remembered(idempotencyKey) : null;
        if (remembered) return { ...remembered, replayed: true };
        await expireIncomplete(ctx);
        let status = 200;
        let body: unknown;
        try {
          body = await handler(req, ctx);
        } catch (error) {
          if (!(error instanceof ApiError) && !(error instanceof CardError)) throw error;
          const known =
            error instanceof CardError
              ? new ApiError(402, 'card_error', error.message, error.code, error.param, error.declineCode)
              : error;
          status = known.status;
          body = {
            error: {
              type: known.type,
              message: known.message,
              code: known.code,
              param: known.param,
              decline_code: known.declineCode,
            },
          };
        }
        // Stripe keeps an idempotent answer for 24 hours, errors included (except its own 500s).
        if (method === 'post' && typeof idempotencyKey === 'string')
          await ctx.store.remember(idempotencyKey, status, body);
        return { status, body };
      };
      run(answer).then(
        ({ status, body, replayed }) => {
          if (replayed) res.setHeader('Idempotent-Replayed', 'true');
          res.status(status).json(body);
        },
        (error: Error) => {
          if (error instanceof ApiError)
            res.status(error.status).json({ error: { type: error.type, message: error.message } });
          else res.status(500).json({ error: { type: 'api_error', message: error.message } });
        },
      );
    });
  };

  // Customers
  route('post', '/v1/customers', async (req) =>
    ctx.store
      .put<Obj>({
        id: newId('cus'),
        object: 'customer',
        created: seconds(ctx.now()),
        email: req.body.email ?? null,
        name: req.body.name ?? null,
        address: req.body.address ?? null,
        metadata: req.body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        balance: 0,
        livemode: false,
      })
      .then(async (customer) => {
        await ctx.emit('customer.created', customer);
        return customer;
      }),
  );
  route('get', '/v1/customers/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'customer'), req.query.expand),
  );
  route('post', '/v1/customers/:id', async (req) => {
    const customer = await need(ctx, String(req.params.id), 'customer');
    const previous = structuredClone(customer);
    for (const field of ['email', 'name', 'description'] as const)
      if (req.body[field] !== undefined) customer[field] = req.body[field];
    if (req.body.address !== undefined)
      customer.address =
        req.body.address === ''
          ? null
          : {
              line1: null,
              line2: null,
              city: null,
              state: null,
              postal_code: null,
              country: 'US',
              ...req.body.address,
            };
    if (req.body.metadata) customer.metadata = { ...customer.metadata, ...req.body.metadata };
    const defaultMethod = req.body.invoice_settings?.default_payment_method;
    if (defaultMethod !== undefined) {
      if (defaultMethod) {
        const method = await need(ctx, defaultMethod, 'payment_method', 'invoice_settings[default_payment_method]');
        if (method.customer !== customer.id)
          throw invalid(
            `The customer does not have a payment method with the ID ${defaultMethod}.`,
            'invoice_settings[default_payment_method]',
          );
      }
      customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: defaultMethod || null };
    }
    await ctx.store.put(customer);
    await ctx.emit('customer.updated', customer, previous);
    return customer;
  });
  // A credit (negative amount) or a debit on the customer's balance, which the next invoices draw on first.
  route('post', '/v1/customers/:id/balance_transactions', async (req) => {
    const customer = await need(ctx, String(req.params.id), 'customer');
    const amount = int(req.body.amount);
    if (amount === undefined || amount === null) throw invalid('Missing required param: amount.', 'amount');
    const previous = structuredClone(customer);
    customer.balance = (customer.balance ?? 0) + amount;
    const transaction = await ctx.store.put<Obj>({
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      customer: customer.id,
      amount,
      currency: 'usd',
      description: req.body.description ?? null,
      ending_balance: customer.balance,
      type: 'adjustment',
      created: seconds(ctx.now()),
      metadata: req.body.metadata ?? {},
      livemode: false,
    });
    await ctx.store.put(customer);
    await ctx.emit('customer.updated', customer, previous);
    return transaction;
  });
  route('get', '/v1/customers/:id/payment_methods', async (req) =>
    page(await ctx.store.list('payment_method', { customer: String(req.params.id) }), req.path, req.query.limit),
  );

  // Payment methods (created by the browser with the publishable key, as Stripe.js does)
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

  // Setup intents: a card saved for later charges, confirmed by the browser or the hosted setup page
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

  // Products, prices, coupons and promotion codes (the catalog)
  route('post', '/v1/products', async (req) => {
    const id = req.body.id ?? newId('prod');
    if (await ctx.store.get(id)) throw invalid(`Product already exists.`, 'id');
    return ctx.store.put<Obj>({
      id,
      object: 'product',
      name: req.body.name,
      tax_code: req.body.tax_code ?? null,
      active: req.body.active === undefined ? true : bool(req.body.active),
      metadata: req.body.metadata ?? {},
      created: seconds(ctx.now()),
      livemode: false,
    });
  });
  route('get', '/v1/products/:id', async (req) => need(ctx, String(req.params.id), 'product'));
  route('post', '/v1/products/:id', async (req) => {
    const product = await need(ctx, String(req.params.id), 'product');
    for (const field of ['name', 'tax_code'] as const)
      if (req.body[field] !== undefined) product[field] = req.body[field];
    if (req.body.active !== undefined) product.active = bool(req.body.active);
    if (req.body.metadata) product.metadata = { ...product.metadata, ...req.body.metadata };
    return ctx.store.put(product);
  });
  route('post', '/v1/prices', async (req) => {
    await need(ctx, String(req.body.product ?? ''), 'product', 'product');
    const lookupKey = req.body.lookup_key ?? null;
    if (lookupKey) {
      const holders = await ctx.store.list<Obj>('price', {}, (p) => p.lookup_key === lookupKey);
      if (holders.length && !bool(req.body.transfer_lookup_key))
        throw invalid(`A price (\`${holders[0]!.id}\`) already uses that lookup key.`, 'lookup_key');
      for (const holder of holders) {
        holder.lookup_key = null;
        await ctx.store.put(holder);
      }
    }
    const recurring = req.body.recurring
      ? {
          interval: req.body.recurring.interval ?? 'month',
          interval_count: int(req.body.recurring.interval_count, 1),
          usage_type: 'licensed',
        }
      : null;
    return ctx.store.put<Obj>({
      id: newId('price'),
      object: 'price',
      product: req.body.product,
      unit_amount: int(req.body.unit_amount),
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
    const prices = await ctx.store.list<Obj>(
      'price',
      {},
      (p) =>
        (!keys.length || keys.includes(p.lookup_key)) &&
        (req.query.active === undefined || p.active === bool(req.query.active)),
    );
    return page(
      await Promise.all(prices.map((p) => expand(ctx, p, listExpansions(req.query.expand)))),
      req.path,
      req.query.limit ?? 100,
    );
  });
  route('get', '/v1/prices/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'price'), req.query.expand),
  );
  route('post', '/v1/prices/:id', async (req) => {
    const price = await need(ctx, String(req.params.id), 'price');
    if (req.body.active !== undefined) price.active = bool(req.body.active);
    if (req.body.metadata) price.metadata = { ...price.metadata, ...req.body.metadata };
    if (req.body.tax_behavior) price.tax_behavior = req.body.tax_behavior;
    return ctx.store.put(price);
  });
  route('post', '/v1/coupons', async (req) => {
    const id = req.body.id ?? newId('co').slice(3, 11);
    if (await ctx.store.get(id)) throw invalid('Coupon already exists.', 'id');
    return ctx.store.put<Obj>({
      id,
      object: 'coupon',
      name: req.body.name ?? null,
      percent_off: req.body.percent_off === undefined ? null : Number(req.body.percent_off),
      amount_off: int(req.body.amount_off) ?? null,
      currency: req.body.amount_off ? (req.body.currency ?? 'usd') : null,
      duration: req.body.duration ?? 'once',
      duration_in_months: int(req.body.duration_in_months) ?? null,
      applies_to: req.body.applies_to ? { products: listOf(req.body.applies_to.products) } : undefined,
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
    couponNow(ctx, await need(ctx, String(req.params.id), 'coupon', 'id', 'coupon')),
  );
  route('post', '/v1/promotion_codes', async (req) => {
    const couponId = req.body.promotion?.coupon ?? req.body.coupon;
    await need(ctx, String(couponId ?? ''), 'coupon', 'promotion[coupon]', 'coupon');
    return ctx.store.put<Obj>({
      id: newId('promo'),
      object: 'promotion_code',
      code: req.body.code ?? newId('x').slice(2, 10).toUpperCase(),
      promotion: { type: 'coupon', coupon: couponId },
      active: req.body.active === undefined ? true : bool(req.body.active),
      metadata: req.body.metadata ?? {},
      created: seconds(ctx.now()),
      livemode: false,
    });
  });
  route('get', '/v1/promotion_codes', async (req) =>
    page(
      await ctx.store.list<Obj>(
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

  // Tax rates (exclusive percentages, as the portal charges sales tax: on the subscription, so renewals are taxed too)
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
    return ctx.store.put<Obj>({
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
    });
  });
  route('get', '/v1/tax_rates/:id', async (req) => need(ctx, String(req.params.id), 'tax_rate', 'id', 'tax rate'));
  route('post', '/v1/tax_rates/:id', async (req) => {
    const rate = await need(ctx, String(req.params.id), 'tax_rate', 'id', 'tax rate');
    for (const field of ['display_name', 'description', 'jurisdiction', 'country', 'state', 'tax_type'] as const)
      if (req.body[field] !== undefined) rate[field] = req.body[field];
    if (req.body.active !== undefined) rate.active = bool(req.body.active);
    if (req.body.metadata) rate.metadata = { ...rate.metadata, ...req.body.metadata };
    return ctx.store.put(rate);
  });
  route('get', '/v1/tax_rates', async (req) => {
    // Newest first, with `starting_after`, so the SDK's auto-pagination walks the list as it walks Stripe's.
    let rates = await ctx.store.list<Obj>(
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

  // Subscriptions
  route('post', '/v1/subscriptions', async (req) => createSubscription(ctx, req.body));
  route('get', '/v1/subscriptions/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'subscription'), req.query.expand),
  );
  route('get', '/v1/subscriptions', async (req) => {
    const status = String(req.query.status ?? '');
    const subscriptions = await ctx.store.list<Obj>(
      'subscription',
      { customer: req.query.customer ? String(req.query.customer) : undefined },
      (s) =>
        status === 'all' || (status ? s.status === status : !['canceled', 'incomplete_expired'].includes(s.status)),
    );
    return page(
      await Promise.all(subscriptions.map((s) => expand(ctx, s, listExpansions(req.query.expand)))),
      req.path,
      req.query.limit ?? 100,
    );
  });
  route('post', '/v1/subscriptions/:id', async (req) =>
    updateSubscription(ctx, await need(ctx, String(req.params.id), 'subscription'), req.body),
  );
  route('delete', '/v1/subscriptions/:id', async (req) =>
    cancelSubscription(ctx, await need(ctx, String(req.params.id), 'subscription')),
  );

  // Invoices, charges and refunds
  route('get', '/v1/invoices', async (req) =>
    page(
      await ctx.store.list<Obj>(
        'invoice',
        { customer: req.query.customer ? String(req.query.customer) : undefined },
        (i) =>
          (!req.query.subscription || i.parent?.subscription_details?.subscription === req.query.subscription) &&
          (!req.query.status || i.status === req.query.status),
      ),
      req.path,
      req.query.limit,
    ),
  );
  route('get', '/v1/invoices/:id', async (req) => need(ctx, String(req.params.id), 'invoice'));
  route('post', '/v1/invoices/create_preview', async (req) => previewInvoice(ctx, req.body));
  route('get', '/v1/invoice_payments', async (req) => {
    const invoice = await need(ctx, String(req.query.invoice ?? ''), 'invoice', 'invoice');
    return page(invoice.payments?.data ?? [], req.path, req.query.limit);
  });
  route('get', '/v1/charges', async (req) =>
    page(
      await ctx.store.list<Obj>(
        'charge',
        { customer: req.query.customer ? String(req.query.customer) : undefined },
        (c) => !req.query.payment_intent || c.payment_intent === req.query.payment_intent,
      ),
      req.path,
      req.query.limit,
    ),
  );
  route('get', '/v1/charges/:id', async (req) => need(ctx, String(req.params.id), 'charge'));
  route('post', '/v1/payment_intents', async (req) => {
    const customer = req.body.customer ? await need(ctx, req.body.customer, 'customer', 'customer') : null;
    const methodId = req.body.payment_method ?? customer?.invoice_settings?.default_payment_method;
    const method = methodId ? await need(ctx, methodId, 'payment_method', 'payment_method') : null;
    const amount = int(req.body.amount);
    if (!amount || amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount');
    if (!bool(req.body.confirm))
      throw invalid('The local card server only creates payment intents confirmed at once (confirm=true).', 'confirm');
    const { intent } = await ctx.ledger.charge({
      customer: customer?.id ?? null,
      paymentMethod: method,
      amount,
      description: req.body.description ?? null,
      metadata: req.body.metadata,
    });
    return intent;
  });
  route('get', '/v1/payment_intents/:id', async (req) => need(ctx, String(req.params.id), 'payment_intent'));
  route('post', '/v1/refunds', async (req) => {
    const charge = await need(ctx, String(req.body.charge ?? ''), 'charge', 'charge');
    const amount = int(req.body.amount, charge.amount - charge.amount_refunded)!;
    if (!charge.paid || amount <= 0 || amount > charge.amount - charge.amount_refunded)
      throw invalid(`Charge ${charge.id} has already been refunded.`, 'amount');
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: 'usd',
      status: 'succeeded',
      reason: req.body.reason ?? null,
      created: seconds(ctx.now()),
      payment_intent: charge.payment_intent,
      metadata: req.body.metadata ?? {},
    };
    const previous = structuredClone(charge);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    charge.refunds = { ...charge.refunds, data: [refund, ...charge.refunds.data] };
    await ctx.store.put(refund);
    await ctx.store.put(charge);
    await ctx.emit('charge.refunded', charge, previous);
    return refund;
  });

  // Checkout sessions (their hosted page is in hosted.tsx)
  route('post', '/v1/checkout/sessions', async (req) => createCheckoutSession(ctx, req.body));
  route('get', '/v1/checkout/sessions/:id', async (req) =>
    expand(ctx, await need(ctx, String(req.params.id), 'checkout.session'), req.query.expand),
  );

  // Events
  route(
    'get',
    '/v1/events/:id',
    async (req) =>
      (await ctx.store.events()).find((e) => e.id === req.params.id) ??
      Promise.reject(missing('event', String(req.params.id))),
  );
  return router;
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

/** The object, or Stripe's 404. */
export async function need(ctx: ApiContext, id: string, type: string, param = 'id', kind = type): Promise<Obj> {
  const object = await ctx.store.get<Obj>(id, type);
  if (!object) throw missing(kind, id, param);
  return object;
}

/** What Stripe would show of a payment method (our test-card behaviour stays inside). */
export function publicView(method: Obj): Obj {
  const { _behaviour: _, ...shown } = method;
  return shown as Obj;
}

/** A list's `expand` names paths under `data.`; each element is expanded along the rest. */
const listExpansions = (paths: unknown) =>
  listOf<string>(typeof paths === 'string' ? [paths] : paths).map((path) => path.replace(/^data\./, ''));

/** Replaces ids with objects along the `expand` paths given (one or two levels, as the portal asks). */
export async function expand(ctx: ApiContext, object: Obj, paths: unknown): Promise<Obj> {
  const copy: Obj = structuredClone(object);
  for (const path of listOf<string>(typeof paths === 'string' ? [paths] : paths)) {
    const [head, ...rest] = path.split('.');
    const value = copy[head!];
    if (Array.isArray(value)) {
      copy[head!] = await Promise.all(
        value.map(async (entry) => {
          const found = typeof entry === 'string' ? await ctx.store.get<Obj>(entry) : entry;
          return found && rest.length ? expand(ctx, found, [rest.join('.')]) : (found ?? entry);
        }),
      );
    } else if (typeof value === 'string') {
      const found = await ctx.store.get<Obj>(value);
      if (found)
        copy[head!] = rest.length
          ? await expand(ctx, found, [rest.join('.')])
          : found.object === 'payment_method'
            ? publicView(found)
            : found;
    } else if (value && typeof value === 'object' && rest.length) {
      copy[head!] = await expand(ctx, value as Obj, [rest.join('.')]);
    }
  }
  return copy;
}

async function couponNow(ctx: ApiContext, coupon: Obj): Promise<Obj> {
  const expired =
    (coupon.redeem_by && coupon.redeem_by < seconds(ctx.now())) ||
    (coupon.max_redemptions && coupon.times_redeemed >= coupon.max_redemptions);
  return { ...coupon, valid: !expired };
}

/** The coupon of `discounts[0]` (a coupon or a promotion code) or of the older `coupon` parameter. */
async function couponFrom(ctx: ApiContext, body: Record<string, any>): Promise<Obj | null> {
  const discount = listOf<Record<string, string>>(body.discounts)[0];
  let couponId = discount?.coupon ?? body.coupon;
  if (discount?.promotion_code) {
    const code = await need(
      ctx,
      discount.promotion_code,
      'promotion_code',
      'discounts[0][promotion_code]',
      'promotion code',
    );
    if (!code.active) throw invalid('This promotion code is inactive.', 'discounts[0][promotion_code]');
    couponId = code.promotion.coupon;
  }
  if (!couponId) return null;
  const coupon = await couponNow(ctx, await need(ctx, couponId, 'coupon', 'discounts[0][coupon]', 'coupon'));
  if (!coupon.valid) throw invalid(`Coupon expired: ${coupon.id}`, 'discounts[0][coupon]');
  return coupon;
}

/**
 * The tax rates a list of ids names (`default_tax_rates`), in order; undefined when the parameter is
 * absent, none when it is the empty string (Stripe's way to remove them). Archived rates are refused, as
 * Stripe refuses them on anything new.
 */
async function taxRatesFrom(ctx: ApiContext, raw: unknown, param: string): Promise<Obj[] | undefined> {
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

async function defaultMethodOf(ctx: ApiContext, customer: Obj, explicit?: string | null): Promise<Obj | null> {
  const id = explicit || customer.invoice_settings?.default_payment_method;
  return id ? ctx.store.get<Obj>(id, 'payment_method') : null;
}

async function confirmSetup(
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

async function itemsFrom(ctx: ApiContext, raw: unknown, start: number): Promise<Obj[]> {
  const items: Obj[] = [];
  for (const item of listOf<Record<string, string>>(raw)) {
    const price = await need(ctx, String(item.price ?? ''), 'price', 'items[0][price]');
    if (!price.recurring)
      throw invalid(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        'items[0][price]',
      );
    items.push({
      id: newId('si'),
      object: 'subscription_item',
      price,
      quantity: int(item.quantity, 1),
      metadata: item.metadata ?? {},
      created: start,
      current_period_start: start,
      current_period_end: periodEnd(start, price.recurring.interval, price.recurring.interval_count),
    });
  }
  return items;
}

const linesOf = (items: Obj[], productNames: Map<string, string>): Line[] =>
  items.map((item) => ({
    description: `${item.quantity} × ${productNames.get(item.price.product) ?? item.price.product} (at $${(item.price.unit_amount / 100).toFixed(2)} / ${item.price.recurring.interval})`,
    amount: item.price.unit_amount * item.quantity,
    quantity: item.quantity,
    price: item.price,
    period: { start: item.current_period_start, end: item.current_period_end },
  }));

/** One-time prices added to a subscription's first invoice (`add_invoice_items`, or `invoice_items` of a preview). */
async function oneTimeLines(ctx: ApiContext, raw: unknown, at: number, param: string): Promise<Line[]> {
  const names = await productNames(ctx);
  const lines: Line[] = [];
  for (const item of listOf<Record<string, string>>(raw)) {
    const price = await need(ctx, String(item.price ?? ''), 'price', `${param}[0][price]`);
    if (price.recurring)
      throw invalid(
        `The price specified is set to \`type=recurring\` but this field only accepts prices with \`type=one_time\`.`,
        `${param}[0][price]`,
      );
    const quantity = int(item.quantity, 1)!;
    lines.push({
      description: `${quantity} × ${names.get(price.product) ?? price.product}`,
      amount: price.unit_amount * quantity,
      quantity,
      price,
      period: { start: at, end: at },
    });
  }
  return lines;
}

async function productNames(ctx: ApiContext): Promise<Map<string, string>> {
  return new Map((await ctx.store.list<Obj>('product')).map((p) => [p.id, p.name]));
}

async function createSubscription(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const start = int(body.backdate_start_date) ?? seconds(ctx.now());
  const items = await itemsFrom(ctx, body.items, start);
  if (!items.length) throw invalid('Missing required param: items.', 'items');
  const coupon = await couponFrom(ctx, body);
  const taxRates = (await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates')) ?? [];
  const method = await defaultMethodOf(ctx, customer, body.default_payment_method);
  const behaviour = body.payment_behavior ?? 'allow_incomplete';
  const subscription: Obj = {
    id: newId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    items: { object: 'list', data: items, has_more: false, url: '' },
    metadata: body.metadata ?? {},
    discounts: [],
    discount: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    default_payment_method: body.default_payment_method ?? null,
    latest_invoice: null,
    collection_method: 'charge_automatically',
    currency: 'usd',
    livemode: false,
    default_tax_rates: taxRates,
  };
  subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
  if (coupon) await applyDiscount(ctx, subscription, coupon);
  await ctx.store.put(subscription);
  const extras = await oneTimeLines(ctx, body.add_invoice_items, start, 'add_invoice_items');
  const invoice = await ctx.ledger.invoice({
    customer,
    subscription,
    lines: [...linesOf(items, await productNames(ctx)), ...extras],
    coupon,
    taxRates,
    paymentMethod: method,
    reason: 'subscription_create',
  });
  if (invoice.status !== 'paid' && behaviour === 'error_if_incomplete') {
    invoice.status = 'void';
    await ctx.store.put(invoice);
    await ctx.store.put({ ...subscription, status: 'incomplete_expired', ended_at: seconds(ctx.now()) });
    throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
  }
  subscription.status = invoice.status === 'paid' ? 'active' : 'incomplete';
  subscription.latest_invoice = invoice.id;
  if (coupon) await redeem(ctx, coupon);
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.created', subscription);
  return expand(ctx, subscription, body.expand);
}

/** A discount object for the coupon on the subscription (`discounts` lists its id; `discount` keeps the coupon for the invoices). */
async function applyDiscount(ctx: ApiContext, subscription: Obj, coupon: Obj): Promise<void> {
  const discount = await ctx.store.put<Obj>({
    id: newId('di'),
    object: 'discount',
    source: { type: 'coupon', coupon: coupon.id },
    start: seconds(ctx.now()),
    end: null,
    subscription: subscription.id,
    customer: subscription.customer,
    checkout_session: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    subscription_item: null,
  });
  subscription.discounts = [discount.id];
  subscription.discount = { id: discount.id, object: 'discount', coupon, start: discount.start };
}

async function redeem(ctx: ApiContext, coupon: Obj): Promise<void> {
  const stored = await ctx.store.get<Obj>(coupon.id, 'coupon');
  if (stored) {
    stored.times_redeemed += 1;
    await ctx.store.put(stored);
  }
}

async function updateSubscription(ctx: ApiContext, subscription: Obj, body: Record<string, any>): Promise<Obj> {
  const previous = structuredClone(subscription);
  if (['canceled', 'incomplete_expired'].includes(subscription.status))
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
  if (body.cancel_at_period_end !== undefined) {
    subscription.cancel_at_period_end = bool(body.cancel_at_period_end);
    subscription.cancel_at = subscription.cancel_at_period_end
      ? (subscription.items.data[0]?.current_period_end ?? null)
      : null;
  }
  if (body.default_payment_method !== undefined)
    subscription.default_payment_method = body.default_payment_method || null;
  const taxRates = await taxRatesFrom(ctx, body.default_tax_rates, 'default_tax_rates');
  if (taxRates) subscription.default_tax_rates = taxRates;
  const coupon = body.discounts !== undefined || body.coupon !== undefined ? await couponFrom(ctx, body) : undefined;
  if (coupon !== undefined) {
    subscription.discounts = [];
    subscription.discount = null;
    if (coupon) await applyDiscount(ctx, subscription, coupon);
  }
  const prorations: Line[] = [];
  if (body.items !== undefined) {
    const now = seconds(ctx.now());
    const names = await productNames(ctx);
    for (const change of listOf<Record<string, string>>(body.items)) {
      const existing = change.id ? subscription.items.data.find((item: Obj) => item.id === change.id) : null;
      if (change.id && !existing) throw missing('subscription item', change.id, 'items[0][id]');
      const before = existing ? existing.price.unit_amount * existing.quantity : 0;
      if (existing && bool(change.deleted)) {
        subscription.items.data = subscription.items.data.filter((item: Obj) => item.id !== existing.id);
        prorations.push(prorationLine(existing, -before, now, names));
        continue;
      }
      const target = existing ?? (await itemsFrom(ctx, [{ price: change.price, quantity: change.quantity }], now))[0]!;
      if (existing && change.price) target.price = await need(ctx, change.price, 'price', 'items[0][price]');
      if (change.quantity !== undefined) target.quantity = int(change.quantity, 1);
      if (!existing) {
        // A new item follows the subscription's period.
        const first = subscription.items.data[0];
        if (first) {
          target.current_period_start = first.current_period_start;
          target.current_period_end = first.current_period_end;
        }
        subscription.items.data.push(target);
      }
      const after = target.price.unit_amount * target.quantity;
      if (after !== before) prorations.push(prorationLine(target, after - before, now, names));
    }
    const behaviour = body.proration_behavior ?? 'create_prorations';
    const owed = prorations.filter((line) => line.amount > 0);
    if (behaviour === 'always_invoice' && owed.length) {
      const customer = await need(ctx, subscription.customer, 'customer');
      const invoice = await ctx.ledger.invoice({
        customer,
        subscription,
        lines: owed,
        coupon: subscription.discount?.coupon ?? null,
        taxRates: subscription.default_tax_rates ?? [],
        paymentMethod: await defaultMethodOf(ctx, customer, subscription.default_payment_method),
        reason: 'subscription_update',
      });
      subscription.latest_invoice = invoice.id;
      if (invoice.status !== 'paid' && body.payment_behavior === 'error_if_incomplete') {
        await ctx.store.put(previous);
        throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
      }
      if (invoice.status !== 'paid') subscription.status = 'past_due';
    }
  }
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.updated', subscription, previous);
  return expand(ctx, subscription, body.expand);
}

/** The share of the rest of the period that a change of `amount` costs (Stripe prorates by the second). */
function prorationLine(item: Obj, amount: number, now: number, names: Map<string, string>): Line {
  const { current_period_start: start, current_period_end: end } = item;
  const share = end > start ? Math.max(0, end - now) / (end - start) : 1;
  const prorated = Math.round(amount * share);
  const name = names.get(item.price.product) ?? item.price.product;
  return {
    description: `${prorated >= 0 ? 'Remaining' : 'Unused'} time on ${name} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
    amount: prorated,
    quantity: item.quantity,
    price: item.price,
    period: { start: now, end },
    proration: true,
  };
}

async function cancelSubscription(ctx: ApiContext, subscription: Obj): Promise<Obj> {
  if (subscription.status === 'canceled') throw invalid(`No such subscription: '${subscription.id}'`, 'id');
  const previous = structuredClone(subscription);
  const now = seconds(ctx.now());
  subscription.status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  await ctx.store.put(subscription);
  await ctx.emit('customer.subscription.deleted', subscription, previous);
  return subscription;
}

async function previewInvoice(ctx: ApiContext, body: Record<string, any>): Promise<Obj> {
  const customer = await need(ctx, String(body.customer ?? ''), 'customer', 'customer');
  const names = await productNames(ctx);
  const now = int(body.subscription_details?.proration_date) ?? seconds(ctx.now());
  let lines: Line[];
  // The invoice's date: now for a new subscription or a change; the current period's end for the next renewal (as Stripe's period_end).
  let invoiceDate = now;
  let coupon = await couponFrom(ctx, body);
  let taxRates = await taxRatesFrom(
    ctx,
    body.subscription_details?.default_tax_rates,
    'subscription_details[default_tax_rates]',
  );
  if (body.subscription) {
    const subscription = await need(ctx, body.subscription, 'subscription', 'subscription');
    coupon = coupon ?? subscription.discount?.coupon ?? null;
    taxRates = taxRates ?? subscription.default_tax_rates ?? [];
    const changes = listOf<Record<string, string>>(body.subscription_details?.items);
    const items: Obj[] = structuredClone(subscription.items.data);
    lines = [];
    for (const change of changes) {
      const existing = change.id ? items.find((item) => item.id === change.id) : null;
      const before = existing ? existing.price.unit_amount * existing.quantity : 0;
      const price = change.price ? await need(ctx, change.price, 'price') : existing?.price;
      const quantity = int(change.quantity, existing?.quantity ?? 1)!;
      const after = bool(change.deleted) ? 0 : price.unit_amount * quantity;
      const item = existing ?? { ...items[0], price, quantity };
      if (existing) {
        existing.price = price;
        existing.quantity = quantity;
      } else items.push(item);
      if (after !== before) lines.push(prorationLine({ ...item, price, quantity }, after - before, now, names));
    }
    const next = items
      .filter((item) => !changes.some((c) => c.id === item.id && bool(c.deleted)))
      .map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: periodEnd(item.current_period_end, item.price.recurring.interval),
      }));
    if (!changes.length) {
      lines = linesOf(next, names);
      invoiceDate = Math.max(...items.map((item) => item.current_period_end), now);
    }
  } else {
    const items = await itemsFrom(ctx, body.subscription_details?.items, now);
    lines = [...linesOf(items, names), ...(await oneTimeLines(ctx, body.invoice_items, now, 'invoice_items'))];
  }
  const { subtotal, discount, totalExcludingTax, total, totalTaxes } = totalsOf(lines, coupon, taxRates ?? []);
  return {
    id: null,
    object: 'invoice',
    customer: customer.id,
    customer_name: customer.name ?? null,
    account_name: 'Members Portal (local)',
    currency: 'usd',
    status: 'draft',
    // A credit on the customer's balance is drawn on first, as on a real invoice.
    subtotal,
    total,
    amount_due: total + creditFor(customer, total),
    starting_balance: Math.min(0, customer.balance ?? 0),
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

/**
 * Incomplete subscriptions whose first invoice stays unpaid for 23 hours expire (Stripe's rule); the
 * local server applies it lazily, before each request, with its clock (which tests may move).
 */
export async function expireIncomplete(ctx: ApiContext): Promise<void> {
  const limit = seconds(ctx.now()) - 23 * 3600;
  for (const subscription of (await ctx.store.withStatus<Obj>('subscription', 'incomplete')).filter(
    (s) => s.created <= limit,
  )) {
    const previous = structuredClone(subscription);
    subscription.status = 'incomplete_expired';
    subscription.ended_at = subscription.created + 23 * 3600;
    await ctx.store.put(subscription);
    if (subscription.latest_invoice) {
      const invoice = await ctx.store.get<Obj>(subscription.latest_invoice, 'invoice');
      if (invoice && invoice.status === 'open') {
        invoice.status = 'void';
        invoice.status_transitions.voided_at = subscription.ended_at;
        await ctx.store.put(invoice);
        await ctx.emit('invoice.voided', invoice);
      }
    }
    await ctx.emit('customer.subscription.updated', subscription, previous);
  }
}

/** The subscription's coupon if it still discounts an invoice for the period starting at `at` (Stripe's durations). */
function couponAt(subscription: Obj, at: number): Obj | null {
  const discount = subscription.discount;
  const coupon: Obj | null = discount?.coupon ?? null;
  if (!coupon) return null;
  if (coupon.duration === 'forever') return coupon;
  if (coupon.duration === 'repeating' && coupon.duration_in_months)
    return at < periodEnd(discount.start, 'month', coupon.duration_in_months) ? coupon : null;
  return null; // `once`: the first invoice only
}

/**
 * Renews every live subscription whose period has ended by the server's clock, as Stripe does at each
 * period's end: one invoice (billing_reason `subscription_cycle`) for each period passed, for the next
 * period of the items due, with the subscription's `default_tax_rates` and its coupon while it lasts,
 * charged to the default card (declined: `past_due`). One set to cancel at the period's end ends instead.
 * Answers how many renewal invoices were made.
 */
export async function renewDue(ctx: ApiContext): Promise<number> {
  const now = seconds(ctx.now());
  let made = 0;
  const live = [
    ...(await ctx.store.withStatus<Obj>('subscription', 'active')),
    ...(await ctx.store.withStatus<Obj>('subscription', 'past_due')),
    ...(await ctx.store.withStatus<Obj>('subscription', 'trialing')),
  ];
  for (const subscription of live) {
    const names = await productNames(ctx);
    for (;;) {
      const items: Obj[] = subscription.items.data;
      const end = Math.min(...items.map((item) => item.current_period_end));
      if (!items.length || end > now) break;
      const previous = structuredClone(subscription);
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', canceled_at: end, ended_at: end });
        await ctx.store.put(subscription);
        await ctx.emit('customer.subscription.deleted', subscription, previous);
        break;
      }
      const due = items.filter((item) => item.current_period_end <= end);
      for (const item of due) {
        item.current_period_start = item.current_period_end;
        item.current_period_end = periodEnd(
          item.current_period_start,
          item.price.recurring.interval,
          item.price.recurring.interval_count ?? 1,
        );
      }
      const customer = await need(ctx, subscription.customer, 'customer');
      const invoice = await ctx.ledger.invoice({
        customer,
        subscription,
        lines: linesOf(due, names),
        coupon: couponAt(subscription, end),
        taxRates: subscription.default_tax_rates ?? [],
        paymentMethod: await defaultMethodOf(ctx, customer, subscription.default_payment_method),
        reason: 'subscription_cycle',
      });
      made += 1;
      subscription.latest_invoice = invoice.id;
      subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
      await ctx.store.put(subscription);
      await ctx.emit('customer.subscription.updated', subscription, previous);
    }
  }
  return made;
}

export { createSubscription as createLocalSubscription, confirmSetup };
