// The calls the portal makes to Stripe, each in one place: what is sent (with an idempotency key on
// every call that changes something) and what is read back. The gateway speaks Stripe's objects; the
// billing module turns them into the portal's mirror.
import Stripe from 'stripe';

/** A refusal Stripe explains (a declined card, an unknown coupon): its message is safe to show. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly kind: 'card' | 'request' | 'unavailable',
  ) {
    super(message);
  }
}

/** A US billing address, as the portal's forms hold it (line2 empty when there is none). */
export interface PostalAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface CardView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string | null;
  /** When the card was added at Stripe (Unix seconds). */
  created: number | null;
}

export interface CheckoutRequest {
  mode: 'payment' | 'subscription' | 'setup';
  priceId?: string;
  /** Several prices with their quantities (a membership's seats with their practice management). */
  items?: { price: string; quantity: number }[];
  customerId?: string | null;
  customerEmail?: string | null;
  couponId?: string | null;
  successUrl: string;
  cancelUrl: string;
  metadata?: Record<string, string>;
  /** Sales tax on the subscription a subscription-mode session makes (its default tax rates). */
  taxRateId?: string | null;
}

/** One line of a subscription change, as Stripe takes it: an item (`id`) changed or deleted, or a new price. */
export interface SubscriptionItemChange {
  id?: string;
  price?: string;
  quantity?: number;
  deleted?: boolean;
}

/**
 * One line of a purchase in the portal's terms: a price, how many, and the sales tax rates charged on that
 * line (none: untaxed). Each line carries its own rates, so that each kind of item is taxed at its
 * category's rate, on the first invoice and on every renewal.
 */
export interface PurchaseLine {
  priceId: string;
  quantity: number;
  taxRateIds: string[];
}

/** One line of a change to a subscription: an item (`itemId`) changed, re-taxed or removed, or a new price. */
export interface ChangeLine {
  itemId?: string;
  priceId?: string;
  quantity?: number;
  deleted?: boolean;
  /** The item's tax rates from now on (absent: unchanged; empty: untaxed). */
  taxRateIds?: string[];
}

/** What an invoice charges (or would): its lines and totals, in cents. */
export interface InvoicePreview {
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** A new subscription: recurring lines, one-time lines on its first invoice, the card and the coupons. */
export interface SubscribeRequest {
  customerId: string;
  lines: PurchaseLine[];
  oneTime: PurchaseLine[];
  couponIds: string[];
  /** The card to charge and to keep on the subscription (null: the customer's default card). */
  cardId?: string | null;
  metadata?: Record<string, string>;
}

/** A change of a subscription's items, prorated as of `prorationDate` and invoiced at once. */
export interface ChangeRequest {
  subscriptionId: string;
  changes: ChangeLine[];
  prorationDate: number;
  /** Coupons to put on the subscription (empty: its discounts stay as they are). */
  couponIds: string[];
  metadata?: Record<string, string>;
}

const stripeLine = (line: PurchaseLine) => ({
  price: line.priceId,
  quantity: line.quantity,
  ...(line.taxRateIds.length ? { tax_rates: line.taxRateIds } : {}),
});

const stripeChange = (change: ChangeLine) => ({
  ...(change.itemId ? { id: change.itemId } : {}),
  ...(change.priceId ? { price: change.priceId } : {}),
  ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
  ...(change.deleted ? { deleted: true } : {}),
  // An empty list removes the item's rates (Stripe takes '' for "none").
  ...(change.taxRateIds !== undefined
    ? { tax_rates: change.taxRateIds.length ? change.taxRateIds : ('' as const) }
    : {}),
});

const stripeDiscounts = (couponIds: string[]) =>
  couponIds.length ? { discounts: couponIds.map((coupon) => ({ coupon })) } : {};

const previewOf = (preview: Stripe.Invoice): InvoicePreview => ({
  lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
  subtotal: preview.subtotal,
  discount: (preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
  tax: (preview.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0),
  total: preview.total,
});

/** A coupon as the payment form needs it (spec 3 §3 Coupon); amounts in cents. */
export interface CouponView {
  id: string;
  name: string | null;
  valid: boolean;
  percentOff: number | null;
  amountOff: number | null;
  duration: string;
  durationInMonths: number | null;
  /** The products it is limited to (null: any). */
  productIds: string[] | null;
}

/** One product and price of the catalog, as `syncCatalog` writes it. */
export interface CatalogEntry {
  productId: string;
  productName: string;
  taxCode: string;
  lookupKey: string;
  amount: number;
  recurring: boolean;
  interval?: 'month' | 'year';
}

const couponViewOf = (coupon: Stripe.Coupon): CouponView => ({
  id: coupon.id,
  name: coupon.name,
  valid: coupon.valid,
  percentOff: coupon.percent_off,
  amountOff: coupon.amount_off,
  duration: coupon.duration,
  durationInMonths: coupon.duration_in_months,
  productIds: coupon.applies_to?.products ?? null,
});

const cardOf = (method: Stripe.PaymentMethod): CardView => ({
  id: method.id,
  brand: method.card?.brand ?? 'card',
  last4: method.card?.last4 ?? '',
  expMonth: method.card?.exp_month ?? 0,
  expYear: method.card?.exp_year ?? 0,
  fingerprint: method.card?.fingerprint ?? null,
  created: method.created ?? null,
});

/** Stripe's own refusals become PaymentError; anything else (network, bugs) stays as it is. */
async function explained<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      throw new PaymentError(error.message, error.code ?? null, 'card');
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      throw new PaymentError(error.message, error.code ?? null, 'request');
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
      throw new PaymentError(error.message, null, 'unavailable');
    throw error;
  }
}

/** How far a webhook signature's time may be from ours, either way (Stripe's own default age limit). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class PaymentsGateway {
  constructor(
    readonly client: () => Promise<Stripe>,
    private readonly webhookSecret: string,
  ) {}

  /**
   * Checks a webhook's signature on the raw body and parses it; throws when it does not match or was
   * made outside the tolerance window. Stripe's library refuses only old signatures: one dated in the
   * future (a clock far off, or a forged replay window) is refused here.
   */
  async verifyEvent(payload: Buffer, signature: string, now = Date.now()): Promise<Stripe.Event> {
    const stripe = await this.client();
    const event = stripe.webhooks.constructEvent(
      payload,
      signature,
      this.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now,
    );
    const signedAt = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
    if (!Number.isFinite(signedAt) || signedAt - Math.floor(now / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
      throw new Error('Webhook signature timestamp outside the tolerance zone (in the future)');
    }
    return event;
  }

  // Catalog
  /** Creates or updates each product and price, matched by product id and lookup key; a changed amount becomes a new price holding the key. */
  async syncCatalog(entries: CatalogEntry[]): Promise<{ created: string[]; updated: string[] }> {
    const stripe = await this.client();
    const created: string[] = [];
    const updated: string[] = [];
    for (const entry of entries) {
      const product = await stripe.products.retrieve(entry.productId).catch((error: unknown) => {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      });
      if (!product) {
        await stripe.products.create(
          { id: entry.productId, name: entry.productName, tax_code: entry.taxCode },
          { idempotencyKey: `catalog-product-${entry.productId}` },
        );
        created.push(entry.productId);
      } else if (product.name !== entry.productName || product.tax_code !== entry.taxCode || !product.active) {
        await stripe.products.update(entry.productId, {
          name: entry.productName,
          tax_code: entry.taxCode,
          active: true,
        });
        updated.push(entry.productId);
      }
      const [price] = (await stripe.prices.list({ lookup_keys: [entry.lookupKey], limit: 1 })).data;
      const interval = entry.interval ?? 'month';
      const matches =
        price &&
        price.unit_amount === entry.amount &&
        Boolean(price.recurring) === entry.recurring &&
        (!price.recurring || price.recurring.interval === interval) &&
        price.product === entry.productId;
      if (!matches) {
        await stripe.prices.create(
          {
            product: entry.productId,
            unit_amount: entry.amount,
            currency: 'usd',
            lookup_key: entry.lookupKey,
            transfer_lookup_key: true,
            tax_behavior: 'exclusive',
            ...(entry.recurring ? { recurring: { interval } } : {}),
          },
          { idempotencyKey: `catalog-price-${entry.lookupKey}-${entry.amount}-${entry.recurring ? interval : 'once'}` },
        );
        (price ? updated : created).push(entry.lookupKey);
      }
    }
    return { created, updated };
  }

  /**
   * Creates the coupons that do not exist yet. A coupon's terms cannot change once made; one whose products
   * (`applies_to`) differ from the catalog's is deleted and made again under its id: discounts already made
   * of it keep the terms they had (https://docs.stripe.com/api/coupons/delete).
   */
  async syncCoupons(
    coupons: {
      id: string;
      name: string;
      percentOff?: number;
      amountOff?: number;
      duration: 'once' | 'repeating';
      durationInMonths?: number;
      /** The products it discounts (none: every product). */
      productIds?: string[];
    }[],
  ): Promise<string[]> {
    const created: string[] = [];
    const sameProducts = (a: string[] | undefined | null, b: string[] | undefined) =>
      [...(a ?? [])].sort().join(',') === [...(b ?? [])].sort().join(',');
    for (const coupon of coupons) {
      const existing = await this.coupon(coupon.id);
      if (existing && sameProducts(existing.applies_to?.products, coupon.productIds)) continue;
      if (existing) await (await this.client()).coupons.del(coupon.id);
      await (await this.client()).coupons.create(
        {
          id: coupon.id,
          name: coupon.name,
          duration: coupon.duration,
          ...(coupon.percentOff
            ? { percent_off: coupon.percentOff }
            : { amount_off: coupon.amountOff, currency: 'usd' }),
          ...(coupon.durationInMonths ? { duration_in_months: coupon.durationInMonths } : {}),
          ...(coupon.productIds?.length ? { applies_to: { products: coupon.productIds } } : {}),
        },
        { idempotencyKey: `catalog-coupon-${coupon.id}-${(coupon.productIds ?? []).join('-')}` },
      );
      created.push(coupon.id);
    }
    return created;
  }

  /** The prices holding these lookup keys (at most 10 keys a call, as Stripe allows). */
  async pricesByLookupKey(
    lookupKeys: string[],
  ): Promise<{ id: string; lookupKey: string; productId: string; amount: number; recurring: boolean }[]> {
    const stripe = await this.client();
    const found = [];
    for (let i = 0; i < lookupKeys.length; i += 10) {
      const prices = await stripe.prices.list({ lookup_keys: lookupKeys.slice(i, i + 10), limit: 100 });
      found.push(
        ...prices.data.map((price) => ({
          id: price.id,
          lookupKey: price.lookup_key!,
          productId: String(price.product),
          amount: price.unit_amount ?? 0,
          recurring: Boolean(price.recurring),
        })),
      );
    }
    return found;
  }

  // Customers and cards
  async createCustomer(
    input: { accountId: number; email: string | null; name: string | null },
    idempotencyKey: string,
  ): Promise<Stripe.Customer> {
    const stripe = await this.client();
    return stripe.customers.create(
      {
        email: input.email ?? undefined,
        name: input.name ?? undefined,
        metadata: { account_id: String(input.accountId) },
      },
      { idempotencyKey },
    );
  }

  /** The customer, or null when Stripe deleted it or never had it. */
  async retrieveCustomer(customerId: string): Promise<Stripe.Customer | null> {
    try {
      const customer = await (await this.client()).customers.retrieve(customerId);
      return customer.deleted ? null : customer;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async updateAddress(customerId: string, address: PostalAddress, idempotencyKey: string): Promise<Stripe.Customer> {
    const { line1, line2, city, state, postalCode } = address;
    return explained(async () =>
      (await this.client()).customers.update(
        customerId,
        { address: { line1, line2, city, state, postal_code: postalCode, country: 'US' } },
        { idempotencyKey },
      ),
    );
  }

  async cards(customerId: string): Promise<CardView[]> {
    const methods = await (await this.client()).customers.listPaymentMethods(customerId, { type: 'card', limit: 100 });
    return methods.data.map(cardOf);
  }

  /** A setup intent for the card field: the browser confirms it with Stripe.js (or the local stand-in). */
  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<{ id: string; clientSecret: string }> {
    const intent = await (await this.client()).setupIntents.create(
      { customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: false } },
      { idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret! };
  }

  /** The card a setup intent saved, when it belongs to this customer and succeeded; else the reason. */
  async setupResult(setupIntentId: string, customerId: string): Promise<{ card: CardView } | { error: string }> {
    const stripe = await this.client();
    const intent = await explained(() => stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }));
    if (intent.customer !== customerId) return { error: 'That card was not saved for this account.' };
    if (intent.status !== 'succeeded' || !intent.payment_method)
      return { error: intent.last_setup_error?.message ?? 'The card could not be saved.' };
    return { card: cardOf(intent.payment_method as Stripe.PaymentMethod) };
  }

  async setDefaultCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void> {
    await explained(async () =>
      (await this.client()).customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey },
      ),
    );
  }

  /** Pays an open invoice now with this card (invoices.pay); a declined card throws a PaymentError with Stripe's message. */
  async payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<Stripe.Invoice> {
    return explained(async () =>
      (await this.client()).invoices.pay(invoiceId, { payment_method: paymentMethodId }, { idempotencyKey }),
    );
  }

  /** update-source: the new card becomes the default, on the customer and its live subscriptions, and the old one is removed. */
  async replaceCard(
    customerId: string,
    oldPaymentMethodId: string,
    newPaymentMethodId: string,
    idempotencyKey: string,
  ): Promise<void> {
    const stripe = await this.client();
    await explained(async () => {
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: newPaymentMethodId } },
        { idempotencyKey: `${idempotencyKey}-default` },
      );
      const subscriptions = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
      for (const subscription of subscriptions.data) {
        if (subscription.default_payment_method === oldPaymentMethodId) {
          await stripe.subscriptions.update(
            subscription.id,
            { default_payment_method: newPaymentMethodId },
            { idempotencyKey: `${idempotencyKey}-${subscription.id}` },
          );
        }
      }
      await stripe.paymentMethods.detach(oldPaymentMethodId, {}, { idempotencyKey: `${idempotencyKey}-detach` });
    });
  }

  // The purchase path (server/domain/billing/purchase.ts): portal-shaped calls, Stripe's parameters here only.
  /**
   * A new subscription whose first invoice is paid now or not made at all (error_if_incomplete: a declined
   * card leaves nothing live). Each line carries its own tax rates; the subscription has no default rate.
   */
  async subscribe(request: SubscribeRequest, idempotencyKey: string): Promise<{ id: string; status: string }> {
    const subscription = await explained(async () =>
      (await this.client()).subscriptions.create(
        {
          customer: request.customerId,
          items: request.lines.map(stripeLine),
          ...(request.oneTime.length ? { add_invoice_items: request.oneTime.map(stripeLine) } : {}),
          ...(request.cardId ? { default_payment_method: request.cardId } : {}),
          metadata: request.metadata ?? {},
          payment_behavior: 'error_if_incomplete',
          ...stripeDiscounts(request.couponIds),
        },
        { idempotencyKey },
      ),
    );
    return { id: subscription.id, status: subscription.status };
  }

  /** What `subscribe` with these lines would charge today (invoices.createPreview). */
  async previewSubscribe(request: Omit<SubscribeRequest, 'cardId' | 'metadata'>): Promise<InvoicePreview> {
    return previewOf(
      await explained(async () =>
        (await this.client()).invoices.createPreview({
          customer: request.customerId,
          subscription_details: { items: request.lines.map(stripeLine) },
          ...(request.oneTime.length ? { invoice_items: request.oneTime.map(stripeLine) } : {}),
          ...stripeDiscounts(request.couponIds),
        }),
      ),
    );
  }

  /**
   * Changes a subscription's items (each with its tax rates) and charges the prorated difference at once
   * (always_invoice); a declined card leaves the subscription as it was (error_if_incomplete). The
   * subscription's default tax rates are removed: every item carries its own.
   */
  async changeItems(request: ChangeRequest, idempotencyKey: string): Promise<void> {
    await explained(async () =>
      (await this.client()).subscriptions.update(
        request.subscriptionId,
        {
          items: request.changes.map(stripeChange),
          proration_behavior: 'always_invoice',
          proration_date: request.prorationDate,
          payment_behavior: 'error_if_incomplete',
          default_tax_rates: '',
          // The subscription's discounts stay; the coupons are added after them (issue [18] item 2).
          ...(await this.discountsWith(request.subscriptionId, request.couponIds)),
          ...(request.metadata ? { metadata: request.metadata } : {}),
        },
        { idempotencyKey },
      ),
    );
  }

  /** What `changeItems` would charge now, prorated as of the same date. */
  async previewChange(request: Omit<ChangeRequest, 'metadata'> & { customerId: string }): Promise<InvoicePreview> {
    return previewOf(
      await explained(async () =>
        (await this.client()).invoices.createPreview({
          customer: request.customerId,
          subscription: request.subscriptionId,
          subscription_details: {
            items: request.changes.map(stripeChange),
            proration_date: request.prorationDate,
            proration_behavior: 'always_invoice',
            default_tax_rates: '',
          },
          // Given here, the preview's discounts replace the subscription's: they are sent again first.
          ...(await this.discountsWith(request.subscriptionId, request.couponIds)),
        }),
      ),
    );
  }

  /**
   * New tax rates on a subscription's items, from its next invoice on (no proration: what was paid stays
   * paid), and no default rate: after a change of billing address.
   */
  async retaxItems(
    subscriptionId: string,
    items: { itemId: string; taxRateIds: string[] }[],
    idempotencyKey: string,
  ): Promise<void> {
    await explained(async () =>
      (await this.client()).subscriptions.update(
        subscriptionId,
        {
          items: items.map((item) => stripeChange({ itemId: item.itemId, taxRateIds: item.taxRateIds })),
          proration_behavior: 'none',
          default_tax_rates: '',
        },
        { idempotencyKey },
      ),
    );
  }

  /** The card processor's hosted page selling a new subscription (its lines taxed each at their rates). */
  async subscriptionCheckout(
    request: Omit<SubscribeRequest, 'cardId'> & { successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }> {
    const session = await explained(async () =>
      (await this.client()).checkout.sessions.create(
        {
          mode: 'subscription',
          customer: request.customerId,
          line_items: [...request.lines, ...request.oneTime].map(stripeLine),
          ...stripeDiscounts(request.couponIds),
          // A subscription made by Checkout carries the same metadata (provider_id…), which the mirror reads.
          subscription_data: { metadata: request.metadata ?? {} },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata ?? {},
        },
        { idempotencyKey },
      ),
    );
    return { id: session.id, url: session.url! };
  }

  /** The card processor's hosted page saving a card for later (setup mode), back to `successUrl`. */
  async cardCheckout(
    request: { customerId: string; successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }> {
    return this.createCheckoutSession({ mode: 'setup', ...request }, idempotencyKey);
  }

  /** Makes a card the subscription's own (the one its invoices charge). */
  async setSubscriptionCard(subscriptionId: string, cardId: string, idempotencyKey: string): Promise<void> {
    await explained(async () =>
      (await this.client()).subscriptions.update(
        subscriptionId,
        { default_payment_method: cardId },
        { idempotencyKey },
      ),
    );
  }

  // Checkout
  async createCheckoutSession(request: CheckoutRequest, idempotencyKey: string): Promise<{ id: string; url: string }> {
    const stripe = await this.client();
    const session = await explained(() =>
      stripe.checkout.sessions.create(
        {
          mode: request.mode,
          ...(request.items
            ? { line_items: request.items }
            : request.priceId
              ? { line_items: [{ price: request.priceId, quantity: 1 }] }
              : {}),
          ...(request.customerId
            ? { customer: request.customerId }
            : request.customerEmail
              ? { customer_email: request.customerEmail }
              : {}),
          ...(request.couponId ? { discounts: [{ coupon: request.couponId }] } : {}),
          ...(request.mode === 'setup' ? { payment_method_types: ['card'] } : {}),
          // A subscription made by Checkout carries the same metadata (provider_id…), which the mirror reads.
          ...(request.mode === 'subscription'
            ? {
                subscription_data: {
                  metadata: request.metadata ?? {},
                  ...(request.taxRateId ? { default_tax_rates: [request.taxRateId] } : {}),
                },
              }
            : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata ?? {},
        },
        { idempotencyKey },
      ),
    );
    return { id: session.id, url: session.url! };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await (await this.client()).checkout.sessions.retrieve(sessionId, {
        expand: ['setup_intent.payment_method'],
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  /**
   * What changing a subscription's items would charge now (invoices.createPreview), prorated as of
   * `prorationDate` (unix seconds), which the change then sends too so the charge matches what was shown.
   */
  async previewSubscriptionChange(input: {
    customerId: string;
    subscriptionId: string;
    items: SubscriptionItemChange[];
    prorationDate: number;
    couponId: string | null;
    taxRateId?: string | null;
  }): Promise<{
    lines: { description: string; amount: number }[];
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
  }> {
    const preview = await explained(async () =>
      (await this.client()).invoices.createPreview({
        customer: input.customerId,
        subscription: input.subscriptionId,
        subscription_details: {
          items: input.items,
          proration_date: input.prorationDate,
          proration_behavior: 'always_invoice',
          ...(input.taxRateId ? { default_tax_rates: [input.taxRateId] } : {}),
        },
        // A coupon joins the subscription's discounts (given here, the preview's discounts replace them).
        ...(await this.discountsWith(input.subscriptionId, input.couponId ? [input.couponId] : [])),
      }),
    );
    const discount = (preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
    const tax = (preview.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
    return {
      lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
      subtotal: preview.subtotal,
      discount,
      tax,
      total: preview.total,
    };
  }

  /**
   * Changes a subscription's items and charges the prorated difference at once (always_invoice); a
   * declined card leaves the subscription as it was (error_if_incomplete).
   */
  async changeSubscription(
    input: {
      subscriptionId: string;
      items: SubscriptionItemChange[];
      prorationDate: number;
      couponId: string | null;
      metadata?: Record<string, string>;
      taxRateId?: string | null;
    },
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    return explained(async () =>
      (await this.client()).subscriptions.update(
        input.subscriptionId,
        {
          items: input.items,
          proration_behavior: 'always_invoice',
          proration_date: input.prorationDate,
          payment_behavior: 'error_if_incomplete',
          ...(input.taxRateId ? { default_tax_rates: [input.taxRateId] } : {}),
          // The subscription's discounts stay; a coupon is added after them.
          ...(await this.discountsWith(input.subscriptionId, input.couponId ? [input.couponId] : [])),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey },
      ),
    );
  }

  /** What a new subscription to these prices would charge today (invoices.createPreview); amounts in cents. */
  async previewNewSubscription(
    customerId: string,
    items: { price: string; quantity: number }[],
    couponId: string | null = null,
    taxRateId: string | null = null,
    oneTimePriceIds: string[] = [],
  ): Promise<{
    lines: { description: string; amount: number }[];
    subtotal: number;
    discount: number;
    tax: number;
    total: number;
  }> {
    const preview = await explained(async () =>
      (await this.client()).invoices.createPreview({
        customer: customerId,
        subscription_details: { items, ...(taxRateId ? { default_tax_rates: [taxRateId] } : {}) },
        ...(oneTimePriceIds.length ? { invoice_items: oneTimePriceIds.map((price) => ({ price })) } : {}),
        ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
      }),
    );
    const discount = (preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
    const tax = (preview.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
    return {
      lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
      subtotal: preview.subtotal,
      discount,
      tax,
      total: preview.total,
    };
  }

  // What the mirror reads back
  async subscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
    const list = await (await this.client()).subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 100,
      expand: ['data.items.data.price', 'data.discounts.source.coupon'],
    });
    return list.data;
  }

  async invoice(invoiceId: string): Promise<Stripe.Invoice> {
    return (await this.client()).invoices.retrieve(invoiceId);
  }

  async invoicesOf(customerId: string): Promise<Stripe.Invoice[]> {
    return (await (await this.client()).invoices.list({ customer: customerId, limit: 100 })).data;
  }

  /** The payment intents that paid an invoice (how a charge is tied to its invoice). */
  async invoicePaymentIntents(invoiceId: string): Promise<string[]> {
    const payments = await (await this.client()).invoicePayments.list({ invoice: invoiceId, limit: 10 });
    return payments.data
      .map((payment) =>
        typeof payment.payment.payment_intent === 'string'
          ? payment.payment.payment_intent
          : payment.payment.payment_intent?.id,
      )
      .filter((id): id is string => Boolean(id));
  }

  async charge(chargeId: string): Promise<Stripe.Charge> {
    return (await this.client()).charges.retrieve(chargeId);
  }

  async chargesOf(customerId: string): Promise<Stripe.Charge[]> {
    return (await (await this.client()).charges.list({ customer: customerId, limit: 100 })).data;
  }

  // Subscriptions and one-off charges (the payment form, the demo data)
  async createSubscription(
    params: Stripe.SubscriptionCreateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    return explained(async () => (await this.client()).subscriptions.create(params, { idempotencyKey }));
  }

  async updateSubscription(
    subscriptionId: string,
    params: Stripe.SubscriptionUpdateParams,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    return explained(async () =>
      (await this.client()).subscriptions.update(subscriptionId, params, { idempotencyKey }),
    );
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<Stripe.Subscription> {
    return explained(async () => (await this.client()).subscriptions.cancel(subscriptionId, {}, { idempotencyKey }));
  }

  /** A one-off charge of a saved card (off session), e.g. a one-time add-on paid with the card on file. */
  async chargeCard(
    input: { customerId: string; paymentMethodId: string; amount: number; description: string },
    idempotencyKey: string,
  ): Promise<{ paymentIntentId: string; chargeId: string | null }> {
    const intent = await explained(async () =>
      (await this.client()).paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          description: input.description,
          confirm: true,
          off_session: true,
        },
        { idempotencyKey },
      ),
    );
    return {
      paymentIntentId: intent.id,
      chargeId: typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
    };
  }

  /**
   * Attaches a card made elsewhere and makes it the customer's default; answers the attached card's id.
   * The demo data uses Stripe's test cards (pm_card_visa…), which Stripe copies into a new card on attach.
   */
  async attachCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<string> {
    const stripe = await this.client();
    return explained(async () => {
      const method = await stripe.paymentMethods.attach(
        paymentMethodId,
        { customer: customerId },
        { idempotencyKey: `${idempotencyKey}-attach` },
      );
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: method.id } },
        { idempotencyKey: `${idempotencyKey}-default` },
      );
      return method.id;
    });
  }

  /** A credit on the customer's balance (cents), which Stripe takes off its next invoices first. */
  async creditBalance(customerId: string, amount: number, description: string, idempotencyKey: string): Promise<void> {
    await explained(async () =>
      (await this.client()).customers.createBalanceTransaction(
        customerId,
        { amount: -amount, currency: 'usd', description },
        { idempotencyKey },
      ),
    );
  }

  async refund(chargeId: string, idempotencyKey: string): Promise<void> {
    await explained(async () => (await this.client()).refunds.create({ charge: chargeId }, { idempotencyKey }));
  }

  async createCoupon(params: Stripe.CouponCreateParams, idempotencyKey: string): Promise<Stripe.Coupon> {
    return explained(async () => (await this.client()).coupons.create(params, { idempotencyKey }));
  }

  /** A coupon by its id or by a customer-facing promotion code; null when neither exists. */
  async couponByCode(code: string): Promise<CouponView | null> {
    const stripe = await this.client();
    const view = couponViewOf;
    try {
      return view(await stripe.coupons.retrieve(code, { expand: ['applies_to'] }));
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    const [promotion] = (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data;
    const couponId = promotion
      ? typeof promotion.promotion.coupon === 'string'
        ? promotion.promotion.coupon
        : promotion.promotion.coupon?.id
      : null;
    return couponId ? view(await stripe.coupons.retrieve(couponId, { expand: ['applies_to'] })) : null;
  }

  /**
   * The discounts a subscription has now, in the order they apply: each discount's id and its coupon. A
   * coupon added to a subscription joins these (they are sent again with it, so none is replaced).
   */
  async subscriptionDiscounts(subscriptionId: string): Promise<{ id: string; coupon: CouponView }[]> {
    const subscription = await (await this.client()).subscriptions.retrieve(subscriptionId, {
      expand: ['discounts.source.coupon.applies_to'],
    });
    return (subscription.discounts ?? []).flatMap((discount) => {
      if (typeof discount === 'string') return [];
      const coupon = discount.source?.coupon;
      return coupon && typeof coupon === 'object' ? [{ id: discount.id, coupon: couponViewOf(coupon) }] : [];
    });
  }

  /**
   * Stripe's `discounts` of an update or a preview adding coupons to a subscription: its own discounts
   * kept, the coupons after them. None to add: nothing is sent, and the discounts stay as they are.
   */
  private async discountsWith(
    subscriptionId: string,
    couponIds: string[],
  ): Promise<{ discounts?: Stripe.SubscriptionUpdateParams.Discount[] }> {
    if (!couponIds.length) return {};
    const kept = await this.subscriptionDiscounts(subscriptionId);
    return {
      discounts: [...kept.map((discount) => ({ discount: discount.id })), ...couponIds.map((coupon) => ({ coupon }))],
    };
  }

  async coupon(couponId: string): Promise<Stripe.Coupon | null> {
    try {
      return await (await this.client()).coupons.retrieve(couponId, { expand: ['applies_to'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  /**
   * The invoice a live subscription will send next, as Stripe previews it (GET /portal/invoice/upcoming):
   * when it is due (the end of the period it closes), its lines and totals, in cents. A negative starting
   * balance is the customer's credit; `tax` is the invoice's taxes (0 when none), so the totals add up.
   */
  async upcomingInvoice(
    customerId: string,
    subscriptionId: string,
  ): Promise<{
    periodEnd: Date | null;
    lines: { description: string; amount: number }[];
    subtotal: number;
    discount: number;
    tax: number;
    startingBalance: number;
    amountDue: number;
  }> {
    const preview = await explained(async () =>
      (await this.client()).invoices.createPreview({ customer: customerId, subscription: subscriptionId }),
    );
    const discount = (preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
    const tax = (preview.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
    return {
      periodEnd: preview.period_end ? new Date(preview.period_end * 1000) : null,
      lines: preview.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
      subtotal: preview.subtotal,
      discount,
      tax,
      startingBalance: preview.starting_balance ?? 0,
      amountDue: preview.amount_due,
    };
  }

  // Sales tax: an exclusive tax rate per state and percentage, put on each line it applies to (a
  // subscription item's `tax_rates`), so that every invoice, renewals included, taxes each line at its rate.
  /**
   * The id of an active exclusive US tax rate of this percentage (to four decimals) for this state: one
   * that already exists when the list has it, else a new one. Use one idempotency key per state and
   * percentage, so that a retried call makes one rate, not two.
   */
  async taxRate(input: { percentage: number; state: string }, idempotencyKey: string): Promise<string> {
    const stripe = await this.client();
    const percentage = Math.round(input.percentage * 10_000) / 10_000;
    const state = input.state.trim().toUpperCase();
    return explained(async () => {
      for await (const rate of stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })) {
        if (
          !rate.inclusive &&
          rate.country === 'US' &&
          rate.state === state &&
          Math.abs(rate.percentage - percentage) < 1e-9
        )
          return rate.id;
      }
      const created = await stripe.taxRates.create(
        {
          display_name: 'Sales tax',
          description: `US sales tax, ${state}, ${percentage} %`,
          percentage,
          inclusive: false,
          country: 'US',
          state,
          jurisdiction: state,
          tax_type: 'sales_tax',
        },
        { idempotencyKey },
      );
      return created.id;
    });
  }
}
