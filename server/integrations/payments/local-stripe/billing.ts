// What happens to money on the local card server: invoices for subscription items with their
// discounts, charges on a card that may decline, and the subscription status that follows. Stripe's own
// rules, reduced to what the portal calls (https://docs.stripe.com/billing/subscriptions/overview).
import { UTCDate } from '@date-fns/utc';
import { addMonths, addYears } from 'date-fns';
import { CardError, DECLINED, type CardBehaviour } from './cards';
import { newId, type LocalStore, type StripeObject } from './store';

export type Obj = StripeObject & Record<string, any>;

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of the billing period that starts at `start` (unix seconds) for a price's interval. */
export function periodEnd(start: number, interval: string, count = 1): number {
  const from = new UTCDate(start * 1000);
  return seconds(interval === 'year' ? addYears(from, count) : addMonths(from, count));
}

export interface Line {
  description: string;
  amount: number;
  quantity: number;
  price: Obj;
  period: { start: number; end: number };
  proration?: boolean;
}

/**
 * The discount a coupon gives on some lines, in cents, rounded as Stripe rounds (half up per invoice). Lines
 * that add up to a credit (a downgrade's prorations) are not discounted: a discount never adds to a credit.
 */
export function discountOf(coupon: Obj | null, lines: Line[]): number {
  if (!coupon?.valid) return 0;
  const products: string[] | undefined = coupon.applies_to?.products;
  const eligible = lines.filter((line) => !products || products.includes(String(line.price.product)));
  const base = eligible.reduce((sum, line) => sum + line.amount, 0);
  if (base <= 0) return 0;
  if (coupon.percent_off) return Math.round((base * Number(coupon.percent_off)) / 100);
  if (coupon.amount_off) return Math.min(base, Number(coupon.amount_off));
  return 0;
}

/**
 * The coupon of a subscription's discount if it still applies to an invoice dated `at`, by its duration
 * (https://docs.stripe.com/api/coupons/object#coupon_object-duration): `forever` always; `repeating` for
 * `duration_in_months` months from the discount's start; `once` until an invoice has used it (the invoice
 * that does removes the discount from the subscription, see `Ledger.invoice`).
 */
export function couponOn(subscription: Obj | null, at: number): Obj | null {
  const discount = subscription?.discount;
  const coupon: Obj | null = discount?.coupon ?? null;
  if (!coupon) return null;
  if (coupon.duration === 'repeating' && coupon.duration_in_months)
    return at < periodEnd(discount.start, 'month', Number(coupon.duration_in_months)) ? coupon : null;
  return coupon;
}

/**
 * An exclusive tax rate's tax on an amount in cents: percentage × amount / 100, rounded half up to the
 * cent, in whole numbers (the percentage in ten-thousandths) so that no binary fraction decides a half cent.
 */
export function taxOn(percentage: number, amount: number): number {
  // A credit's tax is the same cents, negative (half a cent away from zero either way).
  if (amount < 0) return -taxOn(percentage, -amount);
  const rate = Math.round(percentage * 10_000);
  const denominator = 100 * 10_000;
  return Math.floor((2 * amount * rate + denominator) / (2 * denominator));
}

/** What an invoice (or its preview) adds up to, with Stripe's field names for the taxes. */
export interface Totals {
  subtotal: number;
  discount: number;
  totalExcludingTax: number;
  tax: number;
  total: number;
  totalTaxes: Obj[];
}

/**
 * Subtotal, the coupon's discount, then each exclusive tax rate on what is left after the discount
 * (round(percentage × (subtotal − discount) / 100) per rate), added to the total, as Stripe does with
 * `default_tax_rates`. The local server reports tax on the invoice (`total_taxes`), not on each line.
 * A total may be negative (a downgrade's credit is more than what is charged): Stripe does not stop at 0,
 * it puts the amount on the customer's balance (https://docs.stripe.com/billing/customer/balance).
 */
export function totalsOf(lines: Line[], coupon: Obj | null, taxRates: Obj[] = []): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = discountOf(coupon, lines);
  const totalExcludingTax = subtotal - discount;
  const totalTaxes = taxRates.map(
    (rate) =>
      ({
        amount: taxOn(Number(rate.percentage), totalExcludingTax),
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: rate.id },
        taxability_reason: 'standard_rated',
        taxable_amount: totalExcludingTax,
        type: 'tax_rate_details',
      }) as unknown as Obj,
  );
  const tax = totalTaxes.reduce((sum, entry) => sum + Number(entry.amount), 0);
  return { subtotal, discount, totalExcludingTax, tax, total: totalExcludingTax + tax, totalTaxes };
}

/**
 * The customer's balance once an invoice of `total` has drawn on it (https://docs.stripe.com/billing/customer/balance):
 * a credit (negative) pays the invoice first, as far as it goes; a debit (positive) is added to it; a
 * negative total adds its amount to the credit. The invoice's `amount_due` is then
 * total + starting balance − ending balance, never below 0.
 */
export function balanceAfter(balance: number, total: number): number {
  if (total < 0) return balance + total;
  return balance < 0 ? Math.min(0, balance + total) : 0;
}

/** What an invoice of `total` asks the customer to pay, their balance drawn on first. */
export const amountDue = (balance: number, total: number): number => total + balance - balanceAfter(balance, total);

/** A pending invoice item (a proration kept for the next invoice) as a line of that invoice. */
export const pendingLine = (item: Obj): Line => ({
  description: item.description,
  amount: item.amount,
  quantity: item.quantity,
  price: item._price,
  period: item.period,
  proration: true,
});

export class Ledger {
  constructor(
    private readonly store: LocalStore,
    private readonly now: () => Date,
    private readonly hostedBase: () => string,
    private readonly emit: (type: string, object: Obj, previous?: Obj) => Promise<void>,
  ) {}

  /** A card charge: a payment intent and its charge, succeeded or failed. A declined card throws after recording both. */
  async charge(options: {
    customer: string | null;
    paymentMethod: Obj | null;
    amount: number;
    description: string;
    metadata?: Record<string, string>;
  }): Promise<{ intent: Obj; charge: Obj | null }> {
    const created = seconds(this.now());
    const intent: Obj = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: options.amount,
      amount_received: 0,
      currency: 'usd',
      customer: options.customer,
      payment_method: options.paymentMethod?.id ?? null,
      status: 'requires_payment_method',
      created,
      description: options.description,
      latest_charge: null,
      last_payment_error: null,
      metadata: options.metadata ?? {},
      client_secret: '',
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${newId('x').slice(2)}`;
    if (!options.paymentMethod) {
      await this.store.put(intent);
      return { intent, charge: null };
    }
    const behaviour: CardBehaviour = options.paymentMethod._behaviour ?? 'succeeds';
    const succeeded = behaviour === 'succeeds';
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: options.amount,
      amount_captured: succeeded ? options.amount : 0,
      amount_refunded: 0,
      currency: 'usd',
      customer: options.customer,
      description: options.description,
      created,
      paid: succeeded,
      captured: succeeded,
      refunded: false,
      status: succeeded ? 'succeeded' : 'failed',
      failure_code: succeeded ? null : 'card_declined',
      failure_message: succeeded ? null : DECLINED,
      payment_intent: intent.id,
      payment_method: options.paymentMethod.id,
      metadata: options.metadata ?? {},
      livemode: false,
      payment_method_details: {
        type: 'card',
        card: { brand: options.paymentMethod.card.brand, last4: options.paymentMethod.card.last4 },
      },
      refunds: { object: 'list', data: [], has_more: false, url: '' },
      receipt_url: null,
    };
    charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
    if (succeeded) charge.receipt_url = `${this.hostedBase()}/receipts/${charge.id}`;
    intent.latest_charge = charge.id;
    intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
    intent.amount_received = succeeded ? options.amount : 0;
    if (!succeeded)
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: DECLINED,
      };
    await this.store.put(charge);
    await this.store.put(intent);
    await this.emit(succeeded ? 'charge.succeeded' : 'charge.failed', charge);
    await this.emit(succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    if (!succeeded) throw new CardError('card_declined', DECLINED, 'generic_decline');
    return { intent, charge };
  }

  /**
   * An invoice for `lines`, finalized and paid at once when a card is given (and accepts the charge).
   * `taxRates` (the subscription's `default_tax_rates`) add their tax to the total.
   */
  async invoice(options: {
    customer: Obj;
    subscription: Obj | null;
    lines: Line[];
    coupon: Obj | null;
    paymentMethod: Obj | null;
    reason: string;
    taxRates?: Obj[];
    /** When a declined charge is tried again (unix seconds; null: not retried automatically). */
    retryAt?: number | null;
  }): Promise<Obj> {
    const created = seconds(this.now());
    const taxRates = options.taxRates ?? [];
    // The subscription's prorations left for its next invoice (proration_behavior create_prorations) come first.
    const pending = await this.pendingItems(options.customer, options.subscription);
    const lines = [...pending.map(pendingLine), ...options.lines];
    const { subtotal, discount, totalExcludingTax, total, totalTaxes } = totalsOf(lines, options.coupon, taxRates);
    const starts = lines.map((line) => line.period.start);
    const ends = lines.map((line) => line.period.end);
    // The customer's balance pays first (a credit) or is added (a debit); a negative total adds to the credit.
    // The balance moves once the invoice is paid (at once when nothing is due).
    const startingBalance = Number(options.customer.balance ?? 0);
    const endingBalance = balanceAfter(startingBalance, total);
    const due = amountDue(startingBalance, total);
    const spendCredit = async () => {
      const change = endingBalance - startingBalance;
      if (!change) return;
      const previous = structuredClone(options.customer);
      options.customer.balance = Number(options.customer.balance ?? 0) + change;
      await this.store.put({
        id: newId('cbtxn'),
        object: 'customer_balance_transaction',
        customer: options.customer.id,
        amount: change,
        currency: 'usd',
        description: null,
        ending_balance: options.customer.balance,
        invoice: invoice.id,
        credit_note: null,
        type: 'applied_to_invoice',
        created: seconds(this.now()),
        metadata: {},
        livemode: false,
      });
      await this.store.put(options.customer);
      await this.emit('customer.updated', options.customer, previous);
    };
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: options.customer.id,
      customer_name: options.customer.name ?? null,
      customer_email: options.customer.email ?? null,
      account_name: 'Members Portal (local)',
      billing_reason: options.reason,
      collection_method: 'charge_automatically',
      currency: 'usd',
      created,
      number: `LOCAL-${String(created).slice(-6)}-${Math.floor(Math.random() * 900 + 100)}`,
      status: 'open',
      subtotal,
      total,
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      subtotal_excluding_tax: subtotal,
      total_excluding_tax: totalExcludingTax,
      total_taxes: totalTaxes,
      default_tax_rates: taxRates,
      starting_balance: startingBalance,
      ending_balance: endingBalance,
      discounts: options.coupon && discount ? [options.coupon.id] : [],
      total_discount_amounts:
        options.coupon && discount ? [{ amount: discount, discount: `di_${options.coupon.id}` }] : [],
      period_start: Math.min(...starts, created),
      period_end: Math.max(...ends, created),
      parent: options.subscription
        ? {
            type: 'subscription_details',
            subscription_details: {
              subscription: options.subscription.id,
              metadata: options.subscription.metadata ?? {},
            },
          }
        : null,
      lines: {
        object: 'list',
        has_more: false,
        url: '',
        data: lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          description: line.description,
          amount: line.amount,
          quantity: line.quantity,
          currency: 'usd',
          period: line.period,
          pricing: { type: 'price_details', price_details: { price: line.price.id, product: line.price.product } },
        })),
      },
      status_transitions: { finalized_at: created, paid_at: null, voided_at: null },
      hosted_invoice_url: '',
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      payments: { object: 'list', data: [], has_more: false, url: '' },
      attempted: false,
      attempt_count: 0,
      next_payment_attempt: null,
      auto_advance: true,
      test_clock: options.customer.test_clock ?? null,
    };
    invoice.hosted_invoice_url = `${this.hostedBase()}/invoices/${invoice.id}`;
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    await this.store.put(invoice);
    for (const item of pending) await this.store.put({ ...item, invoice: invoice.id });
    // A `once` coupon has had its invoice (the first it took money off): the discount leaves the
    // subscription (the caller stores it), and no later invoice or preview shows it.
    if (
      discount > 0 &&
      options.coupon?.duration === 'once' &&
      options.subscription?.discount?.coupon?.id === options.coupon.id
    ) {
      options.subscription.discount = null;
      options.subscription.discounts = [];
    }
    // Stripe's order: created, finalized, then the payment's outcome.
    await this.emit('invoice.created', {
      ...invoice,
      status: 'draft',
      status_transitions: { ...invoice.status_transitions, finalized_at: null },
    });
    await this.emit('invoice.finalized', invoice);
    if (due === 0) {
      await spendCredit();
      return this.markPaid(invoice, null);
    }
    if (!options.paymentMethod) return invoice;
    return (await this.collect(invoice, options.customer, options.paymentMethod, options.retryAt ?? null, spendCredit))
      .invoice;
  }

  /** A subscription's pending invoice items (prorations waiting for its next invoice), oldest first. */
  async pendingItems(customer: Obj, subscription: Obj | null): Promise<Obj[]> {
    if (!subscription) return [];
    const items = await this.store.list<Obj>(
      'invoiceitem',
      { customer: customer.id },
      (item) => item.subscription === subscription.id && !item.invoice,
    );
    return items.reverse();
  }

  /**
   * One attempt to collect an open invoice with a card: paid (its credit spent), or declined, counted in
   * `attempt_count` with the next automatic attempt (`next_payment_attempt`) set before `invoice.payment_failed`.
   */
  async collect(
    invoice: Obj,
    customer: Obj,
    paymentMethod: Obj,
    nextAttempt: number | null,
    spendCredit?: () => Promise<void>,
  ): Promise<{ invoice: Obj; error: CardError | null }> {
    const lines: Obj[] = invoice.lines?.data ?? [];
    try {
      const { intent } = await this.charge({
        customer: customer.id,
        paymentMethod,
        amount: invoice.amount_remaining,
        description: lines.length === 1 ? lines[0]!.description : `Invoice ${invoice.number}`,
      });
      if (spendCredit) await spendCredit();
      else {
        // A later attempt spends what the invoice took from the balance when it was made.
        const used = Number(invoice.ending_balance ?? 0) - Number(invoice.starting_balance ?? 0);
        if (used) {
          customer.balance = (customer.balance ?? 0) + used;
          await this.store.put(customer);
        }
      }
      return { invoice: await this.markPaid(invoice, intent), error: null };
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      const previous = structuredClone(invoice);
      invoice.attempted = true;
      invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
      invoice.next_payment_attempt = nextAttempt;
      await this.store.put(invoice);
      await this.emit('invoice.payment_failed', invoice, previous);
      return { invoice, error };
    }
  }

  private async markPaid(invoice: Obj, intent: Obj | null): Promise<Obj> {
    const previous = structuredClone(invoice);
    const paidAt = seconds(this.now());
    invoice.status = 'paid';
    invoice.next_payment_attempt = null;
    if (intent) {
      invoice.attempted = true;
      invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
    }
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions = { ...invoice.status_transitions, paid_at: paidAt };
    if (intent) {
      invoice.payments.data = [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: invoice.id,
          amount_paid: invoice.amount_due,
          amount_requested: invoice.amount_due,
          currency: invoice.currency ?? 'usd',
          created: paidAt,
          livemode: false,
          is_default: true,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: intent.id },
          status_transitions: { canceled_at: null, paid_at: paidAt },
        },
      ];
      const charge = await this.store.get<Obj>(intent.latest_charge);
      if (charge) {
        charge.description = charge.description ?? `Invoice ${invoice.number}`;
        await this.store.put(charge);
      }
    }
    await this.store.put(invoice);
    await this.emit('invoice.paid', invoice, previous);
    await this.emit('invoice.payment_succeeded', invoice, previous);
    return invoice;
  }
}
