// What happens to money on the local card server: invoices for subscription items with their
// discounts, charges on a card that may decline, and the subscription status that follows. Stripe's own
// rules, reduced to what the portal calls (https://docs.stripe.com/billing/subscriptions/overview).
import { UTCDate } from '@date-fns/utc';
import { addMonths, addYears } from 'date-fns';
import type Stripe from 'stripe';
import { CardError, DECLINED, type CardBehaviour } from './cards';
import { newId, type LocalStore, type StoredObject, type StoredPaymentMethod, type StripeObject } from './store';

export type Obj = StripeObject & Record<string, any>;

/**
 * A stored object the ledger reads as the stripe SDK types it, which a caller may still hold untyped (`Obj`):
 * the ledger reads it as its SDK type (`as`, at this boundary).
 */
export type Given<T> = T | Obj;

/** An invoice as the card server keeps it: Stripe's object (https://docs.stripe.com/api/invoices/object). */
export type StoredInvoice = Stripe.Invoice;

/** A discount the card server keeps on a subscription: the discount object's id, its coupon and its start. */
export interface KeptDiscountRead {
  id: string;
  coupon: Obj;
  start: number;
}

/**
 * A subscription as the ledger reads it: Stripe's, with its discounts' coupons kept inside (store.ts), in
 * the order they apply. `discount` is the single discount of subscriptions stored before there could be several.
 */
type SubscriptionRead = Stripe.Subscription & {
  discount?: KeptDiscountRead | null;
  kept_discounts?: KeptDiscountRead[];
};

/** A discount an invoice applies: the discount object's id (a coupon given to a preview only: `di_<coupon>`) and its coupon. */
export interface AppliedDiscount {
  id: string;
  coupon: Obj;
}

/** The discounts kept on a subscription, in order (an older stored subscription has its one `discount`). */
export function keptDiscountsOf(subscription: Obj | null): KeptDiscountRead[] {
  const read = subscription as SubscriptionRead | null;
  if (!read) return [];
  return read.kept_discounts ?? (read.discount ? [read.discount] : []);
}

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
  /** The pending invoice item the line comes from (a proration kept for this invoice). */
  invoiceItem?: string;
  /** The subscription item the line bills, when the caller knows it (else found by price, see `lineItemsOf`). */
  item?: string;
  /**
   * The line's own tax rates: its subscription item's or invoice item's `tax_rates`. Empty or absent: the
   * invoice's default tax rates (the subscription's `default_tax_rates`) apply to it instead, as on Stripe
   * (https://docs.stripe.com/api/subscription_items/object#subscription_item_object-tax_rates).
   */
  taxRates?: Obj[];
}

/** The tax rates that apply to a line: its own when it has any, else the invoice's defaults. */
export const ratesOfLine = (line: Line, defaults: Obj[]): Obj[] => (line.taxRates?.length ? line.taxRates : defaults);

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
 * Whether a kept discount still applies to an invoice dated `at`, by its coupon's duration
 * (https://docs.stripe.com/api/coupons/object#coupon_object-duration): `forever` always; `repeating` for
 * `duration_in_months` months from the discount's start; `once` until an invoice has used it (the invoice
 * that does removes the discount from the subscription, see `Ledger.invoice`).
 */
export function stillApplies(discount: KeptDiscountRead, at: number): boolean {
  const coupon = discount.coupon;
  if (coupon.duration === 'repeating' && coupon.duration_in_months)
    return at < periodEnd(discount.start, 'month', Number(coupon.duration_in_months));
  return true;
}

/** The subscription's discounts that still apply to an invoice dated `at`, in order. */
export function discountsOn(subscription: Obj | null, at: number): AppliedDiscount[] {
  return keptDiscountsOf(subscription)
    .filter((discount) => stillApplies(discount, at))
    .map((discount) => ({ id: discount.id, coupon: discount.coupon }));
}

/** What each discount takes off, in order, and its share on each line. */
export interface DiscountShare {
  id: string;
  coupon: Obj;
  amount: number;
  perLine: number[];
}

/**
 * Several discounts on one invoice (a subscription may hold more than one,
 * https://docs.stripe.com/billing/subscriptions/coupons) apply in the order of `discounts`, each on what
 * the ones before it left of the lines it applies to: a percentage of the amount after earlier discounts.
 * Each is rounded to the cent on its own and shared out over its lines (`allocate`).
 */
export function discountSharesOf(discounts: AppliedDiscount[], lines: Line[]): DiscountShare[] {
  const left = lines.map((line) => line.amount);
  return discounts.map(({ id, coupon }) => {
    const products: string[] | undefined = coupon.applies_to?.products;
    const weights = lines.map((line, i) => (!products || products.includes(String(line.price.product)) ? left[i]! : 0));
    const amount = discountOf(
      coupon,
      lines.map((line, i) => ({ ...line, amount: weights[i]! })),
    );
    const perLine = allocate(amount, weights);
    perLine.forEach((share, i) => {
      left[i]! -= share;
    });
    return { id, coupon, amount, perLine };
  });
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
  totalTaxes: Stripe.Invoice.TotalTax[];
}

/** One tax rate's tax on one line: the line's amount after its share of the discount, and the tax on it. */
export interface LineTax {
  rate: Obj;
  taxable: number;
  amount: number;
}

/**
 * Each line's share of the invoice's discounts (in order, each on the lines it applies to, `discountSharesOf`)
 * and its taxes: every rate that applies to the line (`ratesOfLine`) on what is left of it after the
 * discounts, rounded half up per line, as Stripe computes tax rates line by line (each line's `taxes`) and
 * adds the lines up for the invoice's `total_taxes`.
 */
export function lineTaxesOf(
  lines: Line[],
  discounts: AppliedDiscount[],
  defaults: Obj[],
): { shares: DiscountShare[]; discounts: number[]; taxes: LineTax[][] } {
  const shares = discountSharesOf(discounts, lines);
  const perLine = lines.map((_, i) => shares.reduce((sum, share) => sum + share.perLine[i]!, 0));
  const taxes = lines.map((line, i) => {
    const taxable = line.amount - perLine[i]!;
    return ratesOfLine(line, defaults).map((rate) => ({
      rate,
      taxable,
      amount: taxOn(Number(rate.percentage), taxable),
    }));
  });
  return { shares, discounts: perLine, taxes };
}

/**
 * Subtotal, the discounts (in order), then the tax of each line at its own rates (or the invoice's default
 * rates, `default_tax_rates`), on what is left of the line after its share of the discounts, rounded per
 * line; `total_taxes` adds the lines up per rate. A total may be negative (a downgrade's credit is more
 * than what is charged): Stripe does not stop at 0, it puts the amount on the customer's balance
 * (https://docs.stripe.com/billing/customer/balance).
 */
export function totalsOf(lines: Line[], discounts: AppliedDiscount[], taxRates: Obj[] = []): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const { shares, taxes: lineTaxes } = lineTaxesOf(lines, discounts, taxRates);
  const discount = shares.reduce((sum, share) => sum + share.amount, 0);
  const totalExcludingTax = subtotal - discount;
  const byRate = new Map<string, Stripe.Invoice.TotalTax>();
  for (const taxes of lineTaxes) {
    for (const tax of taxes) {
      const entry = byRate.get(tax.rate.id) ?? {
        amount: 0,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: tax.rate.id },
        taxability_reason: 'standard_rated',
        taxable_amount: 0,
        type: 'tax_rate_details',
      };
      entry.amount += tax.amount;
      entry.taxable_amount = Number(entry.taxable_amount ?? 0) + tax.taxable;
      byRate.set(tax.rate.id, entry);
    }
  }
  const totalTaxes = [...byRate.values()];
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
  invoiceItem: item.id,
  taxRates: item.tax_rates ?? [],
});

/**
 * `total` cents shared out in proportion to `weights` (which add up to a non-zero sum), each share rounded
 * and the rounding's remainder put on the largest weight, so that the shares add up to `total` exactly.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!sum || !total) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.round((total * weight) / sum));
  const largest = weights.indexOf(Math.max(...weights));
  shares[largest]! += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** The account the local card server stands for, as an invoice names it. */
const ACCOUNT = { name: 'Members Portal (local)', country: 'US', statementDescriptor: 'MEMBERS PORTAL' };

/** A coupon given to one invoice or preview only, not kept on a subscription: its discount is named `di_<coupon id>`. */
export const previewDiscount = (coupon: Obj): AppliedDiscount => ({ id: `di_${coupon.id}`, coupon });

/**
 * An invoice's lines as Stripe shows them (https://docs.stripe.com/api/invoice-line-item/object): a line for a
 * recurring price is a subscription item's (`parent.subscription_item_details`, a proration flagged, with the
 * pending invoice item it came from); a one-time price's is an invoice item's (`invoice_item_details`). The
 * invoice's discount is shared out over the lines it applies to (`allocate`), and each line is taxed at its
 * rates (`lineTaxesOf`), so that the lines' `discount_amounts` and `taxes` add up to the invoice's.
 */
export function lineItemsOf(options: {
  invoice: string | null;
  subscription: Given<Stripe.Subscription> | null;
  lines: Line[];
  discounts: AppliedDiscount[];
  /** The invoice's default tax rates, for the lines without rates of their own. */
  taxRates: Obj[];
}): Stripe.InvoiceLineItem[] {
  const subscription = options.subscription as Stripe.Subscription | null;
  const { shares, taxes } = lineTaxesOf(options.lines, options.discounts, options.taxRates);
  const items = subscription?.items?.data ?? [];
  return options.lines.map((line, i): Stripe.InvoiceLineItem => {
    const recurring = Boolean(line.price.recurring);
    const item =
      line.item ??
      items.find((candidate) => candidate.price?.id === line.price.id)?.id ??
      (items.length === 1 ? items[0]!.id : null);
    const discounted = shares
      .filter((share) => share.perLine[i])
      .map((share) => ({ amount: share.perLine[i]!, discount: share.id }));
    return {
      id: newId('il'),
      object: 'line_item',
      amount: line.amount,
      currency: 'usd',
      description: line.description,
      discount_amounts: discounted,
      discountable: true,
      discounts: [],
      invoice: options.invoice,
      livemode: false,
      metadata: {},
      parent: recurring
        ? {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: line.invoiceItem ?? null,
              proration: Boolean(line.proration),
              proration_details: line.proration ? { credited_items: null } : null,
              subscription: subscription?.id ?? null,
              // A preview of a new subscription names an item that does not exist yet.
              subscription_item: item ?? newId('si'),
            },
          }
        : {
            type: 'invoice_item_details',
            subscription_item_details: null,
            invoice_item_details: {
              invoice_item: line.invoiceItem ?? newId('ii'),
              proration: Boolean(line.proration),
              proration_details: line.proration ? { credited_items: null } : null,
              subscription: subscription?.id ?? null,
            },
          },
      period: line.period,
      pretax_credit_amounts: discounted.map((entry) => ({ ...entry, type: 'discount' })),
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: String(line.price.product) },
        unit_amount_decimal:
          line.price.unit_amount_decimal ?? (line.price.unit_amount != null ? String(line.price.unit_amount) : null),
      },
      quantity: line.quantity,
      quantity_decimal: String(line.quantity) as unknown as Stripe.InvoiceLineItem['quantity_decimal'],
      subscription: subscription?.id ?? null,
      subtotal: line.amount,
      taxes: taxes[i]!.map((tax) => ({
        amount: tax.amount,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: tax.rate.id },
        taxability_reason: 'standard_rated',
        taxable_amount: tax.taxable,
        type: 'tax_rate_details',
      })),
    };
  });
}

/**
 * An invoice as Stripe's object has it (https://docs.stripe.com/api/invoices/object), for `lines` with a
 * coupon and tax rates, before any payment: every field Stripe's type requires, with what Stripe gives when
 * the feature is unused (no shipping, credit notes, custom fields, automatic tax or Connect). `id` null
 * makes a preview (https://docs.stripe.com/api/invoices/create_preview): an `upcoming_in_…` id, a draft with no
 * number, nothing finalized, its lines under no invoice.
 */
export function invoiceOf(options: {
  id: string | null;
  customer: Given<Stripe.Customer>;
  subscription: Given<Stripe.Subscription> | null;
  lines: Line[];
  discounts: AppliedDiscount[];
  taxRates: Given<Stripe.TaxRate>[];
  reason: Stripe.Invoice.BillingReason;
  created: number;
  /** The invoice's date when it is not `created` (a preview of the next renewal: the period's end). */
  periodEnd?: number;
  /** A preview of a change: the proration date it was worked out for. */
  prorationDate?: number;
  hostedBase: string;
}): Stripe.Invoice {
  const customer = options.customer as Stripe.Customer;
  const subscription = options.subscription as SubscriptionRead | null;
  const taxRates = options.taxRates as Stripe.TaxRate[];
  const preview = options.id === null;
  const id = options.id ?? `upcoming_in_${newId('x').slice(2)}`;
  const { subtotal, totalExcludingTax, total, totalTaxes } = totalsOf(
    options.lines,
    options.discounts,
    taxRates as unknown as Obj[],
  );
  const startingBalance = Number(customer.balance ?? 0);
  const due = amountDue(startingBalance, total);
  const discountAmounts = discountSharesOf(options.discounts, options.lines)
    .filter((share) => share.amount)
    .map((share) => ({ amount: share.amount, discount: share.id }));
  const starts = options.lines.map((line) => line.period.start);
  const ends = options.lines.map((line) => line.period.end);
  const created = options.created;
  return {
    id,
    object: 'invoice',
    account_country: ACCOUNT.country,
    account_name: ACCOUNT.name,
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: options.reason,
    collection_method: 'charge_automatically',
    created,
    currency: 'usd',
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: customer.shipping ?? null,
    customer_tax_exempt: customer.tax_exempt ?? 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: taxRates,
    description: null,
    discounts: discountAmounts.map((entry) => entry.discount),
    due_date: null,
    effective_at: preview ? null : created,
    ending_balance: balanceAfter(startingBalance, total),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: preview ? null : `${options.hostedBase}/invoices/${id}`,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: lineItemsOf({
        invoice: preview ? null : id,
        subscription,
        lines: options.lines,
        discounts: options.discounts,
        taxRates: taxRates as unknown as Obj[],
      }),
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: preview ? null : `LOCAL-${String(created).slice(-6)}-${Math.floor(Math.random() * 900 + 100)}`,
    on_behalf_of: null,
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            subscription: subscription.id,
            metadata: subscription.metadata ?? {},
            ...(options.prorationDate !== undefined ? { subscription_proration_date: options.prorationDate } : {}),
          },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    period_end: options.periodEnd ?? Math.max(...ends, created),
    period_start: Math.min(...starts, options.periodEnd ?? created),
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: preview ? 'draft' : 'open',
    status_transitions: {
      finalized_at: preview ? null : created,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: customer.test_clock ?? null,
    total,
    total_discount_amounts: discountAmounts,
    total_excluding_tax: totalExcludingTax,
    total_pretax_credit_amounts: discountAmounts.map((entry) => ({ ...entry, type: 'discount' })),
    total_taxes: totalTaxes,
    webhooks_delivered_at: preview ? null : created,
  };
}

/** A charge's outcome as Stripe's test cards give it (https://docs.stripe.com/declines#issuer-declines). */
const outcomeOf = (succeeded: boolean): Stripe.Charge.Outcome =>
  succeeded
    ? {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      }
    : {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: 'declined_by_network',
        reason: 'generic_decline',
        risk_level: 'normal',
        seller_message: 'The bank did not return any further details with this decline.',
        type: 'issuer_declined',
      };

export class Ledger {
  constructor(
    private readonly store: LocalStore,
    private readonly now: () => Date,
    private readonly hostedBase: () => string,
    private readonly emitEvent: (type: string, object: Obj, previous?: Obj) => Promise<void>,
  ) {}

  /** Records an event about one of the ledger's objects (typed by the SDK) with what changed since `previous`. */
  private emit(type: string, object: StoredObject, previous?: StoredObject): Promise<void> {
    return this.emitEvent(type, object as Obj, previous as Obj | undefined);
  }

  /**
   * A card charge: a payment intent and its charge, succeeded or failed, as Stripe's objects
   * (https://docs.stripe.com/api/payment_intents/object, https://docs.stripe.com/api/charges/object). A declined
   * card throws after recording both. `automaticPaymentMethods`: the intent was made through the API without
   * payment method types (Stripe then turns automatic payment methods on); otherwise it is a card intent of an
   * invoice or a checkout.
   */
  async charge(options: {
    customer: string | null;
    paymentMethod: Given<StoredPaymentMethod> | null;
    amount: number;
    description: string | null;
    metadata?: Record<string, string>;
    automaticPaymentMethods?: boolean;
  }): Promise<{ intent: Stripe.PaymentIntent; charge: Stripe.Charge | null }> {
    const created = seconds(this.now());
    const method = options.paymentMethod as StoredPaymentMethod | null;
    const id = newId('pi');
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount: options.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: options.automaticPaymentMethods ? { allow_redirects: 'always', enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      // The default since API 2024-06-20 (https://docs.stripe.com/payments/payment-intents/asynchronous-capture).
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${newId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created,
      currency: 'usd',
      customer: options.customer,
      customer_account: null,
      description: options.description,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: options.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: method?.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    if (!method) {
      await this.store.put(intent);
      return { intent, charge: null };
    }
    const behaviour: CardBehaviour = method._behaviour ?? 'succeeds';
    const succeeded = behaviour === 'succeeds';
    const card = method.card;
    const chargeId = newId('ch');
    const charge: Stripe.Charge = {
      id: chargeId,
      object: 'charge',
      amount: options.amount,
      amount_captured: succeeded ? options.amount : 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      // Stripe's balance transaction of a successful charge (the local server keeps no balance: not retrievable).
      balance_transaction: succeeded ? newId('txn') : null,
      billing_details: {
        address: method.billing_details?.address ?? null,
        email: method.billing_details?.email ?? null,
        name: method.billing_details?.name ?? null,
        phone: method.billing_details?.phone ?? null,
        tax_id: method.billing_details?.tax_id ?? null,
      },
      calculated_statement_descriptor: ACCOUNT.statementDescriptor,
      captured: succeeded,
      created,
      currency: 'usd',
      customer: options.customer,
      description: options.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: succeeded ? null : 'card_declined',
      failure_message: succeeded ? null : DECLINED,
      fraud_details: {},
      livemode: false,
      metadata: options.metadata ?? {},
      on_behalf_of: null,
      outcome: outcomeOf(succeeded),
      paid: succeeded,
      payment_intent: id,
      payment_method: method.id,
      payment_method_details: {
        type: 'card',
        card: {
          amount_authorized: succeeded ? options.amount : null,
          authorization_code: null,
          brand: card?.brand ?? null,
          checks: {
            address_line1_check: card?.checks?.address_line1_check ?? null,
            address_postal_code_check: card?.checks?.address_postal_code_check ?? null,
            cvc_check: card?.checks?.cvc_check ?? null,
          },
          country: card?.country ?? null,
          electronic_commerce_indicator: null,
          exp_month: card?.exp_month ?? 0,
          exp_year: card?.exp_year ?? 0,
          fingerprint: card?.fingerprint ?? null,
          funding: card?.funding ?? null,
          installments: null,
          last4: card?.last4 ?? null,
          mandate: null,
          network: card?.networks?.preferred ?? card?.brand ?? null,
          network_transaction_id: null,
          regulated_status: card?.regulated_status ?? null,
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
      },
      receipt_email: null,
      receipt_number: null,
      receipt_url: succeeded ? `${this.hostedBase()}/receipts/${chargeId}` : null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${chargeId}/refunds` },
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: succeeded ? 'succeeded' : 'failed',
      transfer_data: null,
      transfer_group: null,
    };
    intent.latest_charge = charge.id;
    intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
    intent.amount_received = succeeded ? options.amount : 0;
    if (!succeeded)
      intent.last_payment_error = {
        type: 'card_error',
        charge: charge.id,
        code: 'card_declined',
        decline_code: 'generic_decline',
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
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
    customer: Given<Stripe.Customer>;
    subscription: Given<Stripe.Subscription> | null;
    lines: Line[];
    discounts: AppliedDiscount[];
    paymentMethod: Given<StoredPaymentMethod> | null;
    reason: Stripe.Invoice.BillingReason;
    taxRates?: Given<Stripe.TaxRate>[];
    /** When a declined charge is tried again (unix seconds; null: not retried automatically). */
    retryAt?: number | null;
  }): Promise<Stripe.Invoice> {
    const customer = options.customer as Stripe.Customer;
    const subscription = options.subscription as SubscriptionRead | null;
    const created = seconds(this.now());
    // The subscription's prorations left for its next invoice (proration_behavior create_prorations) come first.
    const pending = await this.pendingItems(customer, subscription);
    const lines = [...pending.map(pendingLine), ...options.lines];
    const invoice = invoiceOf({
      id: newId('in'),
      customer,
      subscription,
      lines,
      discounts: options.discounts,
      taxRates: options.taxRates ?? [],
      reason: options.reason,
      created,
      hostedBase: this.hostedBase(),
    });
    // The customer's balance pays first (a credit) or is added (a debit); a negative total adds to the credit.
    // The balance moves once the invoice is paid (at once when nothing is due).
    const startingBalance = invoice.starting_balance;
    const endingBalance = invoice.ending_balance ?? startingBalance;
    const spendCredit = async () => {
      const change = endingBalance - startingBalance;
      if (!change) return;
      const previous = structuredClone(customer);
      customer.balance = Number(customer.balance ?? 0) + change;
      await this.store.put<Stripe.CustomerBalanceTransaction>({
        id: newId('cbtxn'),
        object: 'customer_balance_transaction',
        customer: customer.id,
        customer_account: null,
        amount: change,
        currency: 'usd',
        description: null,
        ending_balance: customer.balance,
        invoice: invoice.id,
        credit_note: null,
        checkout_session: null,
        type: 'applied_to_invoice',
        created: seconds(this.now()),
        metadata: {},
        livemode: false,
      });
      await this.store.put(customer);
      await this.emit('customer.updated', customer, previous);
    };
    await this.store.put(invoice);
    for (const item of pending) await this.store.put({ ...item, invoice: invoice.id });
    // A `once` coupon has had its invoice (the first it took money off): its discount leaves the
    // subscription (the caller stores it), and no later invoice or preview shows it.
    const usedUp = new Set(
      (invoice.total_discount_amounts ?? [])
        .filter((entry) => entry.amount > 0)
        .map((entry) => (typeof entry.discount === 'string' ? entry.discount : entry.discount.id))
        .filter((id) => options.discounts.some((d) => d.id === id && d.coupon.duration === 'once')),
    );
    const kept = keptDiscountsOf(subscription as Obj | null);
    if (subscription && kept.some((discount) => usedUp.has(discount.id))) {
      const left = kept.filter((discount) => !usedUp.has(discount.id));
      subscription.kept_discounts = left;
      subscription.discount = left[0] ?? null;
      subscription.discounts = left.map((discount) => discount.id);
    }
    // Stripe's order: created, finalized, then the payment's outcome.
    await this.emit('invoice.created', <Stripe.Invoice>{
      ...invoice,
      status: 'draft',
      effective_at: null,
      status_transitions: { ...invoice.status_transitions, finalized_at: null },
    });
    await this.emit('invoice.finalized', invoice);
    if (invoice.amount_due === 0) {
      await spendCredit();
      return this.markPaid(invoice, null);
    }
    if (!options.paymentMethod) return invoice;
    return (await this.collect(invoice, customer, options.paymentMethod, options.retryAt ?? null, spendCredit)).invoice;
  }

  /** A subscription's pending invoice items (prorations waiting for its next invoice), oldest first. */
  async pendingItems(
    customer: Given<Stripe.Customer>,
    subscription: Given<Stripe.Subscription> | null,
  ): Promise<Obj[]> {
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
    given: Given<Stripe.Invoice>,
    givenCustomer: Given<Stripe.Customer>,
    paymentMethod: Given<StoredPaymentMethod>,
    nextAttempt: number | null,
    spendCredit?: () => Promise<void>,
  ): Promise<{ invoice: Stripe.Invoice; error: CardError | null }> {
    const invoice = given as Stripe.Invoice;
    const customer = givenCustomer as Stripe.Customer;
    const lines = invoice.lines?.data ?? [];
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
      await this.recordFailedAttempt(invoice, nextAttempt);
      return { invoice, error };
    }
  }

  /**
   * A failed attempt to collect an invoice (a decline, or no card to charge, which Stripe counts the same):
   * counted in `attempt_count`, with the next automatic attempt, then `invoice.payment_failed`.
   */
  async recordFailedAttempt(given: Given<Stripe.Invoice>, nextAttempt: number | null): Promise<void> {
    const invoice = given as Stripe.Invoice;
    const previous = structuredClone(invoice);
    invoice.attempted = true;
    invoice.attempt_count = Number(invoice.attempt_count ?? 0) + 1;
    invoice.next_payment_attempt = nextAttempt;
    await this.store.put(invoice);
    await this.emit('invoice.payment_failed', invoice, previous);
  }

  private async markPaid(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent | null): Promise<Stripe.Invoice> {
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
      invoice.payments = {
        object: 'list',
        has_more: false,
        url: invoice.payments?.url ?? `/v1/invoice_payments?invoice=${invoice.id}`,
        data: [
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
        ],
      };
      const charge = await this.store.get<Stripe.Charge>(String(intent.latest_charge), 'charge');
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
