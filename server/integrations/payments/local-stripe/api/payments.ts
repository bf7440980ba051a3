// Charges, payment intents and refunds, as the stripe SDK types them.
import type Stripe from 'stripe';
import { seconds } from '../billing';
import { newId } from '../store';
import { bool, int, invalid, need, needStored, page, type ApiContext, type Route } from './common';

export function paymentRoutes(route: Route, ctx: ApiContext): void {
  route('get', '/v1/charges', async (req) =>
    page(
      await ctx.store.list<Stripe.Charge>(
        'charge',
        { customer: req.query.customer ? String(req.query.customer) : undefined },
        (c) => !req.query.payment_intent || c.payment_intent === req.query.payment_intent,
      ),
      req.path,
      req.query.limit,
    ),
  );
  route('get', '/v1/charges/:id', async (req) => needStored(ctx, String(req.params.id), 'charge'));
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
      // No payment_method_types given: Stripe turns automatic payment methods on
      // (https://docs.stripe.com/api/payment_intents/create#create_payment_intent-automatic_payment_methods).
      automaticPaymentMethods: !req.body.payment_method_types,
    });
    return intent;
  });
  route('get', '/v1/payment_intents/:id', async (req) => needStored(ctx, String(req.params.id), 'payment_intent'));
  route('post', '/v1/refunds', async (req) => {
    const charge = await needStored(ctx, String(req.body.charge ?? ''), 'charge', 'charge');
    const amount = int(req.body.amount, charge.amount - charge.amount_refunded)!;
    if (!charge.paid || amount <= 0 || amount > charge.amount - charge.amount_refunded)
      throw invalid(`Charge ${charge.id} has already been refunded.`, 'amount');
    const refund: Stripe.Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: 'usd',
      status: 'succeeded',
      reason: req.body.reason ?? null,
      created: seconds(ctx.now()),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method ?? null,
      customer: charge.customer ?? null,
      customer_account: null,
      balance_transaction: null,
      receipt_number: null,
      source_transfer_reversal: null,
      transfer_reversal: null,
      metadata: req.body.metadata ?? {},
    };
    const previous = structuredClone(charge);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    charge.refunds = {
      object: 'list',
      has_more: false,
      url: `/v1/charges/${charge.id}/refunds`,
      data: [refund, ...(charge.refunds?.data ?? [])],
    };
    await ctx.store.put(refund);
    await ctx.store.put(charge);
    await ctx.emit('charge.refunded', charge, previous);
    return refund;
  });
}
