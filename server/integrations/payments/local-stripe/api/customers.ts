// Customers, and their balance (a credit the next invoices draw on first), typed as the stripe SDK describes them.
import type Stripe from 'stripe';
import { seconds } from '../billing';
import { newId } from '../store';
import { expand, int, invalid, needStored, page, publicView, type ApiContext, type Route } from './common';
import { clockForNewCustomer } from './test-clocks';

/**
 * A new customer as Stripe makes one (https://docs.stripe.com/api/customers/object): no balance, no
 * default card, nothing shipped; on a test clock when asked. The hosted Checkout page makes guests' too.
 */
export async function newCustomer(
  ctx: ApiContext,
  fields: {
    email?: string | null;
    name?: string | null;
    description?: string | null;
    address?: Stripe.Address | null;
    metadata?: Stripe.Metadata;
    test_clock?: string | null;
  },
): Promise<Stripe.Customer> {
  const customer = await ctx.store.put<Stripe.Customer>({
    id: newId('cus'),
    object: 'customer',
    created: seconds(ctx.now()),
    email: fields.email ?? null,
    name: fields.name ?? null,
    description: fields.description ?? null,
    address: fields.address ?? null,
    shipping: null,
    default_source: null,
    metadata: fields.metadata ?? {},
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    balance: 0,
    livemode: false,
    test_clock: fields.test_clock ?? null,
  });
  await ctx.emit('customer.created', customer);
  return customer;
}

export function customerRoutes(route: Route, ctx: ApiContext): void {
  route('post', '/v1/customers', async (req) =>
    newCustomer(ctx, {
      email: req.body.email,
      name: req.body.name,
      description: req.body.description,
      address: req.body.address,
      metadata: req.body.metadata,
      test_clock: await clockForNewCustomer(ctx, req.body.test_clock),
    }),
  );
  route('get', '/v1/customers/:id', async (req) =>
    expand(ctx, await needStored(ctx, String(req.params.id), 'customer'), req.query.expand),
  );
  route('post', '/v1/customers/:id', async (req) => {
    const customer = await needStored(ctx, String(req.params.id), 'customer');
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
        const method = await needStored(
          ctx,
          defaultMethod,
          'payment_method',
          'invoice_settings[default_payment_method]',
        );
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
    const customer = await needStored(ctx, String(req.params.id), 'customer');
    const amount = int(req.body.amount);
    if (amount === undefined || amount === null) throw invalid('Missing required param: amount.', 'amount');
    const previous = structuredClone(customer);
    customer.balance = (customer.balance ?? 0) + amount;
    const transaction = await ctx.store.put<Stripe.CustomerBalanceTransaction>({
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      customer: customer.id,
      amount,
      currency: 'usd',
      description: req.body.description ?? null,
      ending_balance: customer.balance,
      type: 'adjustment',
      checkout_session: null,
      credit_note: null,
      customer_account: null,
      invoice: null,
      created: seconds(ctx.now()),
      metadata: req.body.metadata ?? {},
      livemode: false,
    });
    await ctx.store.put(customer);
    await ctx.emit('customer.updated', customer, previous);
    return transaction;
  });
  route('get', '/v1/customers/:id/payment_methods', async (req) =>
    page(
      (await ctx.store.list('payment_method', { customer: String(req.params.id) })).map((method) => publicView(method)),
      req.path,
      req.query.limit,
    ),
  );
}
