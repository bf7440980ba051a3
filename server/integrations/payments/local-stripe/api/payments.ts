// Charges, payment intents and refunds.
import { seconds, type Obj } from '../billing';
import { newId } from '../store';
import { bool, int, invalid, need, page, type ApiContext, type Route } from './common';

export function paymentRoutes(route: Route, ctx: ApiContext): void {
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
    charge.refunds = { ...charge.refunds, data: [refund, ...charge.refunds.data] };
    await ctx.store.put(refund);
    await ctx.store.put(charge);
    await ctx.emit('charge.refunded', charge, previous);
    return refund;
  });
}
