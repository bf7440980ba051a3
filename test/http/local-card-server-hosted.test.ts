// The local card server's hosted pages (checkout, invoices, receipts) at a stable address: the portal's
// own under /local-stripe (never in production), so that stored links outlive the card server's port;
// LOCAL_STRIPE_PORT; and Checkout's e-mail for a guest and its discount row.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import Stripe from 'stripe';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { ConfigError } from '../../server/config';
import {
  createPayments,
  LOCAL_STRIPE_PREFIX,
  localStripeOptions,
  type Payments,
} from '../../server/integrations/payments';
import { createLogger } from '../../server/logger';
import { createPortalIntegrations } from '../../server/wiring';
import { gateway, priceId } from '../support/billing';
import { ctx, testConfig } from '../support/context';

let counter = 0;
const key = (what: string) => `test-hosted-${process.pid}-${Date.now()}-${(counter += 1)}-${what}`;
const CARD = { name: 'Ada Guest', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

/** A portal app on the test database with these payments (a portal process, as far as requests go). */
function portalWith(payments: Payments, config = ctx().config) {
  return createApp({
    config,
    db: ctx().db,
    databaseUrl: ctx().database.url,
    logger: createLogger('silent'),
    integrations: { ...ctx().integrations, payments },
  });
}

/** A paid first invoice of a monthly membership, made through these payments. */
async function paidInvoice(payments: Payments) {
  const customer = await payments.gateway.createCustomer(
    { accountId: 1, email: 'hosted@example.test', name: 'Hosted Links' },
    key('customer'),
  );
  await payments.gateway.attachCard(customer.id, 'pm_card_visa', key('card'));
  const subscription = await payments.gateway.createSubscription(
    { customer: customer.id, items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }] },
    key('subscription'),
  );
  const stripe = await payments.gateway.client();
  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
  const [charge] = (await stripe.charges.list({ customer: customer.id })).data;
  return { invoice, charge: charge!, customerId: customer.id };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pathOf = (url: string) => new URL(url).pathname;
/** The tag of the page's field (or form) with this attribute, e.g. `name="email"`; empty when there is none. */
const tagWith = (html: string, attribute: string, tag = 'input') =>
  new RegExp(`<${tag}\\b[^>]*\\b${attribute}[^>]*>`).exec(html)?.[0] ?? '';

describe('hosted pages at the portal under /local-stripe, so their links survive a restart', () => {
  it('an invoice, its receipt and an open checkout made before a restart still open through the portal after it', async () => {
    const options = localStripeOptions(ctx().config);
    const before = createPayments(ctx().db, null, options);
    let after: Payments | null = null;
    let portal: ReturnType<typeof createApp> | null = null;
    try {
      const old = (await before.local())!;
      const { invoice, charge } = await paidInvoice(before);
      const session = await (await before.gateway.client()).checkout.sessions.create({
        mode: 'setup',
        customer: (await paidInvoice(before)).customerId,
        success_url: `${ctx().config.portalUrl}/plan-management`,
      });
      const portalBase = `${ctx().config.portalUrl}${LOCAL_STRIPE_PREFIX}`;
      assert.equal(invoice.hosted_invoice_url, `${portalBase}/invoices/${invoice.id}`);
      assert.equal(charge.receipt_url, `${portalBase}/receipts/${charge.id}`);
      assert.equal(session.url, `${portalBase}/pay/${session.id}`);
      await before.close();
      await assert.rejects(fetch(`${old.url}/invoices/${invoice.id}`), 'the old port is closed');

      // A new start: another card server (another port) on the same database, and a portal in front of it.
      after = createPayments(ctx().db, null, options);
      assert.notEqual((await after.local())!.url, old.url);
      portal = portalWith(after);
      const page = await supertest(portal.app).get(pathOf(invoice.hosted_invoice_url!)).expect(200);
      assert.match(page.text, new RegExp(`<h1>Invoice ${invoice.number}</h1>`));
      assert.match(page.text, /<th scope="row">Total<\/th><td class="num">\$59\.00<\/td>/);
      const receipt = await supertest(portal.app).get(pathOf(charge.receipt_url!)).expect(200);
      assert.match(receipt.text, /\$59\.00 paid on \d{4}-\d\d-\d\d with visa ending 4242\./);
      const checkout = await supertest(portal.app).get(pathOf(session.url!)).expect(200);
      assert.match(checkout.text, /<h1>Save a card<\/h1>/);
      assert.match(
        tagWith(checkout.text, 'method="post"', 'form'),
        new RegExp(`action="${LOCAL_STRIPE_PREFIX}/pay/${session.id}"`),
        'the form posts back to the portal address it was shown at',
      );
      const saved = await supertest(portal.app).post(pathOf(session.url!)).type('form').send(CARD).expect(303);
      assert.equal(saved.headers.location, `${ctx().config.portalUrl}/plan-management`);
      const done = await (await after.gateway.client()).checkout.sessions.retrieve(session.id);
      assert.equal(done.status, 'complete');
    } finally {
      await before.close();
      await after?.close();
      await portal?.close();
    }
  });

  it('the pages carry a policy of their own: their one inline style, by its hash, and no script', async () => {
    const { invoice } = await paidInvoice(ctx().integrations.payments);
    const page = await supertest(ctx().app).get(pathOf(invoice.hosted_invoice_url!)).expect(200);
    const style = /<style>([^<]*)<\/style>/.exec(page.text)![1]!;
    const hash = crypto.createHash('sha256').update(style).digest('base64');
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, new RegExp(`style-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    assert.match(policy, /default-src 'none'/);
    assert.doesNotMatch(policy, /script-src/);
  });

  it('are not there in production: the prefix is the portal’s 404, and links point at the card server', async () => {
    const { invoice } = await paidInvoice(ctx().integrations.payments);
    await supertest(ctx().app).get(pathOf(invoice.hosted_invoice_url!)).expect(200);

    const config = testConfig({ NODE_ENV: 'production' });
    assert.equal(localStripeOptions(config).hostedBase, null, 'production links use the card server’s own address');
    const portal = createApp({
      config,
      db: ctx().db,
      databaseUrl: ctx().database.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, ctx().db, createLogger('silent')),
    });
    try {
      const answer = await supertest(portal.app).get(pathOf(invoice.hosted_invoice_url!)).expect(404);
      assert.doesNotMatch(answer.text, /Invoice /);
    } finally {
      await portal.close();
    }
  });

  it('nor with Stripe keys set', () => {
    const config = testConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    assert.equal(localStripeOptions(config).hostedBase, null);
  });
});

describe('LOCAL_STRIPE_PORT fixes the card server’s port, and the start-up log names its address', () => {
  it('listens on the port, logs its address with the SDK key, and answers the stripe SDK there', async () => {
    const port = await freePort();
    const config = testConfig({ LOCAL_STRIPE_PORT: String(port) });
    assert.equal(config.localStripePort, port);
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = { info: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }) };
    const payments = createPayments(ctx().db, null, localStripeOptions(config, logger as never));
    try {
      const local = (await payments.local())!;
      assert.equal(local.port, port);
      assert.equal(local.url, `http://127.0.0.1:${port}`);
      assert.equal(logged.length, 1);
      assert.equal(logged[0]!.fields.url, `http://127.0.0.1:${port}`);
      assert.match(logged[0]!.message, new RegExp(`listens on http://127\\.0\\.0\\.1:${port}`));
      assert.match(logged[0]!.message, /stripe SDK and the key sk_test_local/);

      // Another tool, with nothing but the address and the key.
      const tool = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      const made = await tool.customers.create({ email: 'tool@example.test' });
      assert.equal((await tool.customers.retrieve(made.id)).id, made.id);
    } finally {
      await payments.close();
    }
  });

  it('without it a free port is taken; a value that is not a port stops the start with one line', () => {
    assert.equal(testConfig().localStripePort, null);
    assert.throws(
      () => testConfig({ LOCAL_STRIPE_PORT: 'eighty' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message === 'Invalid setting LOCAL_STRIPE_PORT: LOCAL_STRIPE_PORT must be a port number (1-65535)',
    );
    assert.throws(() => testConfig({ LOCAL_STRIPE_PORT: '70000' }), /must be a port number/);
  });
});

describe('Checkout asks a guest for an e-mail', () => {
  async function guestSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
    return (await gateway().client()).checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }],
      success_url: 'https://portal.example.test/done?session_id={CHECKOUT_SESSION_ID}',
      ...extra,
    });
  }

  it('a session with no customer shows a required e-mail field', async () => {
    const session = await guestSession();
    const page = await supertest(ctx().app).get(pathOf(session.url!)).expect(200);
    assert.match(page.text, /<label for="email">Email<\/label>/);
    const field = tagWith(page.text, 'name="email"');
    assert.match(field, /id="email"/);
    assert.match(field, /type="email"/);
    assert.match(field, /required=""/);
  });

  it('without it the form comes back (422) with the message and what was typed, and nothing is made', async () => {
    const session = await guestSession();
    for (const [email, message] of [
      ['', 'Enter your email address.'],
      ['ada.example.test', 'Enter a valid email address, like name@example.com.'],
    ] as const) {
      const answer = await supertest(ctx().app)
        .post(pathOf(session.url!))
        .type('form')
        .send({ ...CARD, email })
        .expect(422);
      assert.ok(answer.text.includes(`<p class="error" id="email-error">${message}</p>`), answer.text);
      assert.match(tagWith(answer.text, 'name="name"'), /value="Ada Guest"/);
      assert.match(tagWith(answer.text, 'name="expiry"'), /value="12 \/ 40"/);
      assert.ok(tagWith(answer.text, 'name="email"').includes(`value="${email}"`), 'the e-mail as typed');
      assert.match(tagWith(answer.text, 'name="email"'), /aria-invalid="true"/);
      assert.doesNotMatch(answer.text, /4242 4242 4242 4242"/, 'the card number is not shown again');
    }
    const still = await (await gateway().client()).checkout.sessions.retrieve(session.id);
    assert.equal(still.status, 'open');
    assert.equal(still.customer, null);
  });

  it('with it, the e-mail is the session’s customer_details.email and the new customer’s', async () => {
    const session = await guestSession();
    const done = await supertest(ctx().app)
      .post(pathOf(session.url!))
      .type('form')
      .send({ ...CARD, email: ' ada@example.test ' })
      .expect(303);
    assert.equal(done.headers.location, `https://portal.example.test/done?session_id=${session.id}`);
    const stripe = await gateway().client();
    const complete = await stripe.checkout.sessions.retrieve(session.id);
    assert.equal(complete.status, 'complete');
    assert.equal(complete.customer_details?.email, 'ada@example.test');
    assert.equal(complete.customer_details?.name, 'Ada Guest');
    const customer = (await stripe.customers.retrieve(String(complete.customer))) as Stripe.Customer;
    assert.equal(customer.email, 'ada@example.test');
  });

  it('a session made with customer_email asks none: it shows that address and uses it', async () => {
    const session = await guestSession({ customer_email: 'known@example.test' });
    const page = await supertest(ctx().app).get(pathOf(session.url!)).expect(200);
    assert.doesNotMatch(page.text, /name="email"/);
    assert.match(page.text, /Email: known@example\.test/);
    await supertest(ctx().app).post(pathOf(session.url!)).type('form').send(CARD).expect(303);
    const complete = await (await gateway().client()).checkout.sessions.retrieve(session.id);
    assert.equal(complete.customer_details?.email, 'known@example.test');
  });
});

describe('Checkout shows the discount whenever there is one', () => {
  it('with no tax: the $10.00 off a $59.00 membership, and $49.00 due today, as the first invoice charges', async () => {
    // An amount_off coupon takes that amount off the subtotal: docs.stripe.com/billing/subscriptions/coupons
    // ($59.00 - $10.00 = $49.00; no tax rate, so no tax row).
    const coupon = await gateway().createCoupon(
      { id: `HOSTED${Date.now()}${(counter += 1)}`, amount_off: 1000, currency: 'usd', duration: 'once' },
      key('coupon'),
    );
    const stripe = await gateway().client();
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'discount@example.test',
      line_items: [{ price: await priceId('membership_monthly_v3'), quantity: 1 }],
      discounts: [{ coupon: coupon.id }],
      success_url: 'https://portal.example.test/done',
    });
    const page = await supertest(ctx().app).get(pathOf(session.url!)).expect(200);
    assert.match(page.text, /Discount<\/th><td class="num">-\$10\.00/);
    assert.match(page.text, /Total due today<\/th><td class="num">\$49\.00/);
    assert.doesNotMatch(page.text, /Sales tax/);
    await supertest(ctx().app).post(pathOf(session.url!)).type('form').send(CARD).expect(303);
    assert.equal((await stripe.checkout.sessions.retrieve(session.id)).amount_total, 4900);
  });
});
