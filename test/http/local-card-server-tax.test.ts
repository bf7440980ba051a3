// Sales tax charged through Stripe tax rates, on the local card server and through the portal's gateway:
// POST /v1/tax_rates, `default_tax_rates` on subscriptions (first invoice, changes, renewals), on
// invoice previews and on Checkout Sessions in subscription mode; and the gateway's re-use of a rate.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { gateway, localStripe, priceId } from '../support/billing';

const DAY = 86_400;
let counter = 0;
const key = (what: string) => `test-tax-${process.pid}-${Date.now()}-${(counter += 1)}-${what}`;
const sdk = (): Promise<Stripe> => gateway().client();

async function customerWithCard(card = 'pm_card_visa'): Promise<string> {
  const customer = await gateway().createCustomer(
    { accountId: 1, email: 'tax@example.test', name: 'Tax Payer' },
    key('customer'),
  );
  await gateway().attachCard(customer.id, card, key('card'));
  return customer.id;
}

const taxOf = (invoice: Stripe.Invoice) => (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);

describe('local card server: tax rates (POST /v1/tax_rates)', () => {
  it('makes exclusive percentage rates, reads and lists them; an inclusive rate is refused', async () => {
    const stripe = await sdk();
    const rate = await stripe.taxRates.create({
      display_name: 'Sales tax',
      percentage: 8.875,
      inclusive: false,
      country: 'US',
      state: 'NY',
      jurisdiction: 'NY',
      tax_type: 'sales_tax',
    });
    assert.match(rate.id, /^txr_/);
    assert.equal(rate.object, 'tax_rate');
    assert.equal(rate.percentage, 8.875);
    assert.equal(rate.inclusive, false);
    assert.equal(rate.active, true);
    assert.equal(rate.state, 'NY');
    assert.equal(rate.jurisdiction, 'NY');
    assert.equal((await stripe.taxRates.retrieve(rate.id)).percentage, 8.875);
    assert.ok((await stripe.taxRates.list({ active: true })).data.some((r) => r.id === rate.id));
    await assert.rejects(
      stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: true }),
      /exclusive tax rates only/,
    );
    await assert.rejects(stripe.taxRates.retrieve('txr_missing'), /No such tax rate: 'txr_missing'/);
    const archived = await stripe.taxRates.update(rate.id, { active: false });
    assert.equal(archived.active, false);
    assert.ok(!(await stripe.taxRates.list({ active: true })).data.some((r) => r.id === rate.id));
  });
});

describe('local card server: a subscription with default_tax_rates', () => {
  it('its first invoice taxes what is left after the discount, and the card pays the total with tax', async () => {
    const customerId = await customerWithCard();
    const taxRate = await gateway().taxRate({ percentage: 4.5, state: 'NY' }, key('rate'));
    const coupon = await gateway().createCoupon(
      { id: `TAXTEN${Date.now()}${counter}`, amount_off: 1000, currency: 'usd', duration: 'once' },
      key('coupon'),
    );
    const subscription = await gateway().createSubscription(
      {
        customer: customerId,
        items: [{ price: await priceId('membership_monthly_v3') }],
        discounts: [{ coupon: coupon.id }],
        default_tax_rates: [taxRate],
      },
      key('subscription'),
    );
    assert.equal(subscription.status, 'active');
    assert.deepEqual(
      subscription.default_tax_rates?.map((rate) => [rate.id, rate.percentage]),
      [[taxRate, 4.5]],
    );

    const invoice = await gateway().invoice(String(subscription.latest_invoice));
    assert.equal(invoice.subtotal, 5900);
    assert.equal(invoice.total_excluding_tax, 4900);
    // 4.5 % of $49.00 is 220.5 cents: rounded half up.
    assert.deepEqual(invoice.total_taxes, [
      {
        amount: 221,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: taxRate },
        taxability_reason: 'standard_rated',
        taxable_amount: 4900,
        type: 'tax_rate_details',
      },
    ]);
    assert.equal(invoice.total, 5121);
    assert.equal(invoice.amount_due, 5121);
    assert.equal(invoice.amount_paid, 5121);
    assert.equal(invoice.status, 'paid');
    const [charge] = await gateway().chargesOf(customerId);
    assert.equal(charge?.amount, 5121);
    const hosted = await (await fetch(invoice.hosted_invoice_url!)).text();
    assert.match(hosted, /Sales tax \(4\.5 %\)<\/td><td class="num">\$2\.21/);
  });

  it('each renewal invoice carries the tax too (the one-time coupon does not come back)', async () => {
    const local = await localStripe();
    const customerId = await customerWithCard();
    const taxRate = await gateway().taxRate({ percentage: 8.875, state: 'NY' }, key('rate'));
    const coupon = await gateway().createCoupon(
      { id: `TAXONCE${Date.now()}${counter}`, amount_off: 1000, currency: 'usd', duration: 'once' },
      key('coupon'),
    );
    const created = await gateway().createSubscription(
      {
        customer: customerId,
        items: [{ price: await priceId('membership_monthly_v3') }],
        discounts: [{ coupon: coupon.id }],
        default_tax_rates: [taxRate],
      },
      key('subscription'),
    );
    const first = await gateway().invoice(String(created.latest_invoice));
    assert.equal(taxOf(first), 435, '8.875 % of $49.00 = 434.875 cents');
    assert.equal(first.total, 5335);
    const periodEnd = created.items.data[0]!.current_period_end;

    assert.equal(await local.renew(), 0, 'nothing is due before the period ends');
    local.advanceClock(32 * DAY);
    try {
      assert.equal(await local.renew(), 1);
      assert.equal(await local.renew(), 0, 'a period is billed once');
    } finally {
      local.advanceClock(-32 * DAY);
    }
    const invoices = await gateway().invoicesOf(customerId);
    assert.equal(invoices.length, 2);
    const renewal = invoices.find((invoice) => invoice.id !== first.id)!;
    assert.equal(renewal.billing_reason, 'subscription_cycle');
    assert.equal(renewal.subtotal, 5900);
    assert.deepEqual(renewal.total_discount_amounts, []);
    assert.deepEqual(
      renewal.total_taxes?.map((tax) => [tax.amount, tax.tax_rate_details?.tax_rate, tax.taxable_amount]),
      [[524, taxRate, 5900]],
      '8.875 % of $59.00 = 523.625 cents',
    );
    assert.equal(renewal.total, 6424);
    assert.equal(renewal.status, 'paid');
    assert.equal(renewal.lines.data[0]!.period.start, periodEnd);
    const [subscription] = await gateway().subscriptionsOf(customerId);
    assert.equal(subscription!.status, 'active');
    assert.equal(subscription!.latest_invoice, renewal.id);
    assert.equal(subscription!.items.data[0]!.current_period_start, periodEnd);
    assert.ok(subscription!.items.data[0]!.current_period_end > periodEnd);
  });

  it("a subscription set to cancel at the period's end ends there instead of renewing", async () => {
    const local = await localStripe();
    const customerId = await customerWithCard();
    const created = await gateway().createSubscription(
      {
        customer: customerId,
        items: [{ price: await priceId('membership_monthly_v3') }],
        default_tax_rates: [await gateway().taxRate({ percentage: 6, state: 'PA' }, key('rate'))],
      },
      key('subscription'),
    );
    await gateway().updateSubscription(created.id, { cancel_at_period_end: true }, key('cancel'));
    local.advanceClock(32 * DAY);
    try {
      assert.equal(await local.renew(), 0);
    } finally {
      local.advanceClock(-32 * DAY);
    }
    const [subscription] = await gateway().subscriptionsOf(customerId);
    assert.equal(subscription!.status, 'canceled');
    assert.equal((await gateway().invoicesOf(customerId)).length, 1);
  });

  it('changes carry the tax: a new rate on update, the prorated invoice, and the previews of the change and of the next invoice', async () => {
    const stripe = await sdk();
    const customerId = await customerWithCard();
    const ny = await gateway().taxRate({ percentage: 8.875, state: 'NY' }, key('ny'));
    const pa = await gateway().taxRate({ percentage: 6, state: 'PA' }, key('pa'));
    const membership = await priceId('membership_monthly_v3');
    const practice = await priceId('practice_management_professional_monthly_v3');
    const created = await gateway().createSubscription(
      { customer: customerId, items: [{ price: membership }], default_tax_rates: [ny] },
      key('subscription'),
    );

    const next = await stripe.invoices.createPreview({ customer: customerId, subscription: created.id });
    assert.equal(taxOf(next), 524);
    assert.equal(next.total, 6424);

    const prorationDate = Math.floor(Date.now() / 1000);
    const preview = await stripe.invoices.createPreview({
      customer: customerId,
      subscription: created.id,
      subscription_details: {
        items: [{ price: practice }],
        proration_date: prorationDate,
        proration_behavior: 'always_invoice',
      },
    });
    assert.ok(preview.total_excluding_tax! > 0);
    assert.equal(taxOf(preview), Math.round((preview.total_excluding_tax! * 8.875) / 100));
    assert.equal(preview.total, preview.total_excluding_tax! + taxOf(preview));
    const change = await gateway().previewSubscriptionChange({
      customerId,
      subscriptionId: created.id,
      items: [{ price: practice }],
      prorationDate,
      couponId: null,
    });
    assert.equal(change.total, preview.total, "the gateway's change preview includes the tax");
    const elsewhere = await stripe.invoices.createPreview({
      customer: customerId,
      subscription: created.id,
      subscription_details: {
        items: [{ price: practice }],
        proration_date: prorationDate,
        proration_behavior: 'always_invoice',
        default_tax_rates: [pa],
      },
    });
    assert.equal(
      elsewhere.total_taxes?.[0]?.tax_rate_details?.tax_rate,
      pa,
      "subscription_details.default_tax_rates overrides the subscription's",
    );

    const changed = await gateway().changeSubscription(
      { subscriptionId: created.id, items: [{ price: practice }], prorationDate, couponId: null },
      key('change'),
    );
    const prorated = await gateway().invoice(String(changed.latest_invoice));
    assert.equal(prorated.billing_reason, 'subscription_update');
    assert.equal(prorated.total, preview.total, 'charged as previewed, tax included');

    const moved = await gateway().updateSubscription(created.id, { default_tax_rates: [pa] }, key('move'));
    assert.deepEqual(
      moved.default_tax_rates?.map((rate) => rate.id),
      [pa],
    );
    assert.equal(
      taxOf(await stripe.invoices.createPreview({ customer: customerId, subscription: created.id })),
      Math.round((7800 * 6) / 100),
      'the next invoice at the new rate',
    );
    const cleared = await gateway().updateSubscription(created.id, { default_tax_rates: '' }, key('clear'));
    assert.deepEqual(cleared.default_tax_rates, []);
  });

  it('an archived tax rate cannot be put on anything new', async () => {
    const stripe = await sdk();
    const customerId = await customerWithCard();
    const rate = await stripe.taxRates.create({
      display_name: 'Sales tax',
      percentage: 5,
      inclusive: false,
      country: 'US',
      state: 'WI',
    });
    await stripe.taxRates.update(rate.id, { active: false });
    await assert.rejects(
      gateway().createSubscription(
        {
          customer: customerId,
          items: [{ price: await priceId('membership_monthly_v3') }],
          default_tax_rates: [rate.id],
        },
        key('subscription'),
      ),
      /archived/,
    );
  });
});

describe('local card server: previews of a new subscription with a tax rate', () => {
  it('previewNewSubscription answers the tax besides subtotal, discount and total', async () => {
    const customerId = await customerWithCard();
    const taxRate = await gateway().taxRate({ percentage: 6, state: 'PA' }, key('rate'));
    const prices = [
      { price: await priceId('membership_monthly_v3'), quantity: 1 },
      { price: await priceId('practice_management_professional_monthly_v3'), quantity: 1 },
    ];
    const plain = await gateway().previewNewSubscription(customerId, prices);
    assert.deepEqual([plain.subtotal, plain.discount, plain.tax, plain.total], [7800, 0, 0, 7800]);
    const taxed = await gateway().previewNewSubscription(customerId, prices, null, taxRate);
    assert.deepEqual([taxed.subtotal, taxed.discount, taxed.tax, taxed.total], [7800, 0, 468, 8268]);
    const coupon = await gateway().createCoupon(
      { id: `TAXPREV${Date.now()}${counter}`, amount_off: 1000, currency: 'usd', duration: 'once' },
      key('coupon'),
    );
    const discounted = await gateway().previewNewSubscription(customerId, prices, coupon.id, taxRate);
    assert.deepEqual(
      [discounted.subtotal, discounted.discount, discounted.tax, discounted.total],
      [7800, 1000, 408, 7208],
      'tax on what is left after the discount',
    );
  });
});

describe('local card server: Checkout in subscription mode with subscription_data.default_tax_rates', () => {
  it('shows the tax on the hosted page, and the subscription it makes carries the rate', async () => {
    const stripe = await sdk();
    const customer = await gateway().createCustomer(
      { accountId: 1, email: 'checkout-tax@example.test', name: 'Checkout Tax' },
      key('customer'),
    );
    const taxRate = await gateway().taxRate({ percentage: 8.875, state: 'NY' }, key('rate'));
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }],
      subscription_data: { default_tax_rates: [taxRate] },
      success_url: 'https://portal.example.test/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://portal.example.test/',
    });
    const page = await (await fetch(session.url!)).text();
    assert.match(page, /Sales tax \(8\.875 %\)/);
    assert.match(page, /Total due today<\/th><td class="num">\$64\.24/);

    const paid = await fetch(session.url!, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ name: 'Checkout Tax', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }),
    });
    assert.equal(paid.status, 303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    assert.equal(done.status, 'complete');
    assert.equal(done.amount_total, 6424);
    const subscription = await stripe.subscriptions.retrieve(String(done.subscription));
    assert.deepEqual(
      subscription.default_tax_rates?.map((rate) => rate.id),
      [taxRate],
    );
    const invoice = await gateway().invoice(String(done.invoice));
    assert.equal(taxOf(invoice), 524);
    assert.equal(invoice.total, 6424);
  });

  it('with a coupon, the page shows the discount and the tax on what is left, as the invoice charges them', async () => {
    const stripe = await sdk();
    const taxRate = await gateway().taxRate({ percentage: 8.875, state: 'NY' }, key('rate'));
    const coupon = await gateway().createCoupon(
      { id: `TAXCS${Date.now()}${counter}`, amount_off: 1000, currency: 'usd', duration: 'once' },
      key('coupon'),
    );
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'checkout-coupon@example.test',
      line_items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }],
      discounts: [{ coupon: coupon.id }],
      subscription_data: { default_tax_rates: [taxRate] },
      success_url: 'https://portal.example.test/done',
      cancel_url: 'https://portal.example.test/',
    });
    const page = await (await fetch(session.url!)).text();
    assert.match(page, /Discount<\/th><td class="num">-\$10\.00/);
    assert.match(page, /Sales tax \(8\.875 %\)<\/th><td class="num">\$4\.35/);
    assert.match(page, /Total due today<\/th><td class="num">\$53\.35/);
    await fetch(session.url!, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ name: 'Coupon Tax', number: '4242424242424242', expiry: '12 / 40', cvc: '123' }),
    });
    assert.equal((await stripe.checkout.sessions.retrieve(session.id)).amount_total, 5335);
  });
});

describe('gateway: taxRate', () => {
  it('re-uses an active rate of the same percentage and state, and creates one otherwise', async () => {
    const stripe = await sdk();
    const first = await gateway().taxRate({ percentage: 7.25, state: 'ca' }, key('first'));
    const rate = await stripe.taxRates.retrieve(first);
    assert.deepEqual(
      [rate.percentage, rate.state, rate.jurisdiction, rate.country, rate.inclusive, rate.active],
      [7.25, 'CA', 'CA', 'US', false, true],
    );
    assert.equal(await gateway().taxRate({ percentage: 7.25, state: 'CA' }, key('again')), first, 'found by listing');
    assert.equal(
      await gateway().taxRate({ percentage: 7.250000001, state: 'CA' }, key('rounded')),
      first,
      'percentages are compared to four decimals',
    );
    const otherState = await gateway().taxRate({ percentage: 7.25, state: 'NV' }, key('nv'));
    const otherRate = await gateway().taxRate({ percentage: 7.5, state: 'CA' }, key('other'));
    assert.equal(new Set([first, otherState, otherRate]).size, 3);

    await stripe.taxRates.update(first, { active: false });
    const replacement = await gateway().taxRate({ percentage: 7.25, state: 'CA' }, key('replacement'));
    assert.notEqual(replacement, first, 'an archived rate is not re-used');

    const retried = key('retry');
    assert.equal(
      await gateway().taxRate({ percentage: 4, state: 'HI' }, retried),
      await gateway().taxRate({ percentage: 4, state: 'HI' }, retried),
    );
  });

  it('walks every page of the list (more than 100 rates)', async () => {
    const stripe = await sdk();
    for (let i = 0; i < 105; i += 1)
      await stripe.taxRates.create({
        display_name: 'Filler',
        percentage: 1 + i / 1000,
        inclusive: false,
        country: 'US',
        state: 'TX',
      });
    const oldest = (await stripe.taxRates.list({ limit: 100 })).data.at(-1)!;
    const all = [];
    for await (const rate of stripe.taxRates.list({ limit: 100 })) all.push(rate.id);
    assert.equal(new Set(all).size, all.length, 'no rate twice');
    assert.ok(all.length >= 105);
    const earliest = await stripe.taxRates.retrieve(all.at(-1)!);
    assert.equal(
      await gateway().taxRate({ percentage: earliest.percentage, state: 'TX' }, key('deep')),
      earliest.id,
      'found past the first page',
    );
    assert.ok(oldest.id !== earliest.id);
  });
});

describe('local card server: tax rates per line (items[].tax_rates, add_invoice_items[].tax_rates)', () => {
  it("a line's own rates replace the subscription's default ones, each line rounded on its own", async () => {
    const stripe = await sdk();
    const customerId = await customerWithCard();
    const software = await gateway().taxRate({ percentage: 6.25, state: 'MA' }, key('ma'));
    const other = await gateway().taxRate({ percentage: 1, state: 'MA' }, key('ma-other'));
    const subscription = await stripe.subscriptions.create({
      customer: customerId,
      items: [
        { price: await priceId('membership_monthly_v3'), quantity: 3 },
        { price: await priceId('practice_management_professional_monthly_v3'), quantity: 3, tax_rates: [software] },
      ],
      add_invoice_items: [{ price: await priceId('copywriting_v3'), tax_rates: [software] }],
      default_tax_rates: [other],
    });
    const items = subscription.items.data;
    assert.deepEqual(
      items.map((item) => item.tax_rates?.map((rate) => rate.id)),
      [[], [software]],
    );
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    // Membership 3 × 5900 = 17700 at the default 1 % = 177; practice management 3 × 1900 = 5700 at 6.25 % =
    // 356.25 → 356; copywriting 7000 at 6.25 % = 437.5 → 438 (half up, per line).
    assert.deepEqual(
      invoice.lines.data.map((line) => line.taxes?.map((tax) => [tax.amount, tax.tax_rate_details?.tax_rate])),
      [[[177, other]], [[356, software]], [[438, software]]],
    );
    assert.deepEqual(
      invoice.total_taxes?.map((tax) => [tax.amount, tax.tax_rate_details?.tax_rate, tax.taxable_amount]),
      [
        [177, other, 17700],
        [794, software, 12700],
      ],
    );
    assert.equal(invoice.total, 17700 + 5700 + 7000 + 177 + 794);
  });

  it('new rates on an item prorate nothing; its next invoices are taxed at them', async () => {
    const local = await localStripe();
    const stripe = await sdk();
    const customerId = await customerWithCard();
    const blended = await gateway().taxRate({ percentage: 4, state: 'NY' }, key('blend'));
    const software = await gateway().taxRate({ percentage: 4.5, state: 'NY' }, key('software'));
    const created = await stripe.subscriptions.create({
      customer: customerId,
      items: [
        { price: await priceId('membership_monthly_ny_ca_v4') },
        { price: await priceId('practice_management_professional_monthly_v3') },
      ],
      default_tax_rates: [blended],
    });
    const [membership, practice] = created.items.data;
    const updated = await stripe.subscriptions.update(created.id, {
      items: [
        { id: membership!.id, tax_rates: '' },
        { id: practice!.id, tax_rates: [software] },
      ],
      default_tax_rates: '',
      proration_behavior: 'always_invoice',
    });
    assert.equal(updated.latest_invoice, created.latest_invoice, 'no invoice: a change of rates is not prorated');
    assert.deepEqual(updated.default_tax_rates, []);
    local.advanceClock(32 * DAY);
    try {
      assert.equal(await local.renew(), 1);
    } finally {
      local.advanceClock(-32 * DAY);
    }
    const renewal = (await gateway().invoicesOf(customerId)).find((i) => i.billing_reason === 'subscription_cycle')!;
    // Membership 6900 untaxed; practice management 1900 × 4.5 % = 85.5 → 86.
    assert.equal(taxOf(renewal), 86);
    assert.equal(renewal.total, 6900 + 1900 + 86);
  });

  it("a change's credit is taxed at the rate the time was charged at, the remaining time at the new one", async () => {
    const stripe = await sdk();
    const customerId = await customerWithCard();
    const blended = await gateway().taxRate({ percentage: 2, state: 'NY' }, key('old'));
    const software = await gateway().taxRate({ percentage: 4, state: 'NY' }, key('new'));
    const created = await stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: await priceId('practice_management_professional_monthly_v3') }],
      default_tax_rates: [blended],
    });
    const start = created.items.data[0]!.current_period_start;
    await stripe.subscriptions.update(created.id, {
      items: [{ id: created.items.data[0]!.id, quantity: 2, tax_rates: [software] }],
      default_tax_rates: '',
      proration_behavior: 'always_invoice',
      proration_date: start,
    });
    const invoice = await gateway().invoice(String((await stripe.subscriptions.retrieve(created.id)).latest_invoice));
    // At the period's start: credit −1900 at 2 % = −38, debit 3800 at 4 % = 152.
    assert.deepEqual(
      invoice.lines.data.map((line) => [line.amount, line.taxes?.map((tax) => tax.amount)]),
      [
        [-1900, [-38]],
        [3800, [152]],
      ],
    );
    assert.equal(taxOf(invoice), 114);
  });
});
