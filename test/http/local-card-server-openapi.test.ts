// The local card server against Stripe's own description of its API (issue [17], Deliver 5): every endpoint
// its router serves is driven with the stripe SDK, and each request the SDK sends (the form body decoded as
// Stripe decodes it, or the query of a GET) and each answer is validated with ajv against the schemas of that
// endpoint in Stripe's OpenAPI description (the part kept in test/contract/stripe-openapi, with its version).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { LOCAL_KEYS } from '../../server/integrations/payments/local-stripe';
import { endpointKey, samePath, type ServedRoute, servedRoutes } from '../contract/stripe-openapi/routes';
import { localStripe } from '../support/billing';

type Schema = Record<string, unknown>;
interface Subset {
  source: Record<string, string>;
  endpoints: Record<string, { path: string; request: Schema | null; query: Schema | null; response: Schema }>;
  components: { schemas: Record<string, Schema> };
}

const SUBSET_FILE = 'test/contract/stripe-openapi/stripe-subset.json';
const subset: Subset = JSON.parse(readFileSync(new URL(`../../${SUBSET_FILE}`, import.meta.url), 'utf8'));
/**
 * The mismatches the card server still has, each a line as the test reports it: a list that may only shrink
 * (a new mismatch fails the test, and so does a line for one that is fixed). UPDATE_KNOWN_MISMATCHES=1 rewrites
 * it from a run (then review its diff: only removed lines are progress).
 */
const KNOWN_FILE = 'test/contract/stripe-openapi/known-mismatches.json';
const KNOWN: { mismatches: string[] } = JSON.parse(
  readFileSync(new URL(`../../${KNOWN_FILE}`, import.meta.url), 'utf8'),
);

/**
 * OpenAPI 3.0 schema → JSON Schema as ajv reads it: `nullable` becomes a null alternative, and OpenAPI's own
 * keywords (`x-…`, `description`, `example`, `discriminator`…) are left out; references point into the kept
 * document; a resource marked `x-sdkFields` (its own fields are exactly the SDK's) is closed to other fields.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Schema;
  // A resource whose own fields are the SDK's (update.ts marks it) has no others.
  const converted: Schema = rest['x-sdkFields'] ? { additionalProperties: false } : {};
  for (const [key, inner] of Object.entries(rest)) {
    if (key.startsWith('x-') || ['description', 'example', 'discriminator', 'readOnly', 'writeOnly'].includes(key))
      continue;
    converted[key] =
      key === '$ref'
        ? `stripe${inner}`
        : key === 'properties'
          ? Object.fromEntries(Object.entries(inner as Schema).map(([name, schema]) => [name, toJsonSchema(schema)]))
          : toJsonSchema(inner);
  }
  const schema = expandableAsChoice(converted) ?? converted;
  if (!nullable) return schema;
  if (typeof schema.type === 'string' && !schema.enum) return { ...schema, type: [schema.type, 'null'] };
  // A choice, so that a value that is not null is told what it misses rather than that it is not null.
  return { if: { type: 'null' }, then: true, else: schema };
}

/**
 * An expandable field (`anyOf` of its id, the object, and maybe the deleted object; or of an object and its
 * deleted form) as a choice made by the
 * value itself, so that a mismatch is reported once, against the object it is, rather than once per branch.
 */
function expandableAsChoice(schema: Schema): Schema | null {
  const branches = schema.anyOf as Schema[] | undefined;
  if (branches?.length === 1) return branches[0]!;
  const id = branches?.find((branch) => branch.type === 'string');
  const refs = (branches ?? []).filter((branch) => typeof branch.$ref === 'string');
  if (!branches || !refs.length || refs.length + (id ? 1 : 0) !== branches.length || refs.length > 2) return null;
  if (refs.length === 2 && !refs.some((ref) => /\/deleted_/.test(String(ref.$ref)))) return null;
  const deleted = refs.find((ref) => /\/deleted_/.test(String(ref.$ref)));
  const object = refs.find((ref) => ref !== deleted)!;
  const objectChoice = deleted
    ? { if: { required: ['deleted'], properties: { deleted: { const: true } } }, then: deleted, else: object }
    : object;
  return id ? { if: { type: 'string' }, then: id, else: objectChoice } : objectChoice;
}

/** A form body or query string decoded as Stripe decodes it: `a[b][0]=x` is `{a: {b: ['x']}}`. */
function decodeForm(encoded: string): Schema {
  const decoded: Schema = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const keys = name.split(/[[\]]+/).filter((key, i) => key !== '' || i === 0);
    let target: Record<string, unknown> = decoded;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) target[key] = value;
      else target = (target[key] ??= {}) as Record<string, unknown>;
    });
  }
  // Objects whose keys are 0, 1, 2… are arrays.
  const arrays = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node as Schema).map(([key, inner]) => [key, arrays(inner)] as const);
    return entries.length && entries.every(([key], i) => key === String(i))
      ? entries.map(([, inner]) => inner)
      : Object.fromEntries(entries);
  };
  return arrays(decoded) as Schema;
}

/** The validators of the kept subset: answers as they are; requests with form strings read as numbers and booleans. */
function validators() {
  const document = { $id: 'stripe', ...(toJsonSchema({ components: subset.components }) as Schema) };
  const make = (coerceTypes: boolean) => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes });
    ajv.addSchema(document);
    return ajv;
  };
  const answers = make(false);
  const requests = make(true);
  const compiled = new Map<string, ValidateFunction>();
  return (key: string, part: 'request' | 'query' | 'response'): ValidateFunction | null => {
    const schema = subset.endpoints[key]?.[part];
    if (!schema) return null;
    const id = `${key} ${part}`;
    if (!compiled.has(id))
      compiled.set(id, (part === 'response' ? answers : requests).compile(toJsonSchema(schema) as Schema));
    return compiled.get(id)!;
  };
}

/**
 * The mismatches of one validation, each with its path in the object; the required fields an object leaves
 * out are one line per object ("leaves out required a, b").
 */
function mismatches(where: string, errors: ErrorObject[] | null | undefined): string[] {
  const lines: string[] = [];
  const leftOut = new Map<string, string[]>();
  for (const error of errors ?? []) {
    const at = (error.instancePath || '/').replace(/\/data\/\d+/g, '/data/*');
    if (error.keyword === 'if') continue;
    if (error.keyword === 'required') {
      const list = leftOut.get(at) ?? [];
      list.push(String(error.params.missingProperty));
      leftOut.set(at, list);
    } else if (error.keyword === 'additionalProperties')
      lines.push(
        where.endsWith(' answer')
          ? `${where} ${at}: has a field Stripe's object does not have: ${error.params.additionalProperty}`
          : `${where} ${at}: unknown parameter ${error.params.additionalProperty}`,
      );
    else lines.push(`${where} ${at}: ${error.message}`);
  }
  for (const [at, names] of leftOut)
    lines.push(`${where} ${at}: leaves out required ${[...new Set(names)].sort().join(', ')}`);
  return lines;
}

interface Exchange {
  method: string;
  path: string;
  request: Schema;
  status: number;
  answer: unknown;
}

/** The SDK's own HTTP client, keeping each request as sent and each answer as received. */
class RecordingClient extends Stripe.HttpClient {
  readonly exchanges: Exchange[] = [];
  private readonly inner = Stripe.createNodeHttpClient();
  override getClientName() {
    return 'recording';
  }
  override async makeRequest(...args: Parameters<Stripe.HttpClient['makeRequest']>) {
    const [, , fullPath, method, , requestData] = args;
    const response = await this.inner.makeRequest(...args);
    const answer = await response.toJSON();
    const [path, query = ''] = fullPath.split('?');
    this.exchanges.push({
      method: method.toLowerCase(),
      path: path!,
      request: decodeForm(method === 'GET' || method === 'DELETE' ? query : requestData),
      status: response.getStatusCode(),
      // A copy: the SDK turns some fields of what it is given into objects of its own (decimal strings).
      answer: structuredClone(answer),
    });
    return {
      getStatusCode: () => response.getStatusCode(),
      getHeaders: () => response.getHeaders(),
      getRawResponse: () => response.getRawResponse(),
      toStream: () => {
        throw new Error('streams are not recorded');
      },
      toJSON: async () => answer,
    };
  }
}

const routeOf = (routes: ServedRoute[], exchange: Exchange) =>
  routes.find(
    (route) =>
      route.method === exchange.method && new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`).test(exchange.path),
  );
/** The endpoint's key in the kept subset, or null when the subset has no schemas for this method and path. */
const keyOf = (route: ServedRoute) =>
  Object.entries(subset.endpoints).find(
    ([key, endpoint]) => key === endpointKey(route.method, endpoint.path) && samePath(route.path, endpoint.path),
  )?.[0] ?? null;

/** Every mismatch of the exchanges with the spec, each with its endpoint, part and path in the object. */
function check(routes: ServedRoute[], exchanges: Exchange[]): string[] {
  const validator = validators();
  const found: string[] = [];
  for (const exchange of exchanges) {
    const route = routeOf(routes, exchange);
    if (!route) {
      found.push(`${exchange.method.toUpperCase()} ${exchange.path}: the card server serves no such route`);
      continue;
    }
    const key = keyOf(route);
    if (!key) continue; // reported by the schema coverage test
    const part = exchange.method === 'post' ? 'request' : 'query';
    const request = validator(key, part);
    if (request && !request(structuredClone(exchange.request)))
      found.push(...mismatches(`${key} ${part}`, request.errors));
    if (exchange.status === 200) {
      const answer = validator(key, 'response');
      if (answer && !answer(exchange.answer)) found.push(...mismatches(`${key} answer`, answer.errors));
    }
  }
  // The same mismatch in every element of a list, or in every call to an endpoint, is one mismatch.
  return [...new Set(found)].sort();
}

describe('Local card server: requests and answers match Stripe’s OpenAPI description', () => {
  const routes = servedRoutes();

  it(`keeps the spec's version and names the API version it is compared with (${SUBSET_FILE})`, () => {
    assert.match(subset.source.specVersion ?? '', /^\d{4}-\d{2}-\d{2}/);
    assert.equal(subset.source.sdkApiVersion, Stripe.API_VERSION ?? subset.source.sdkApiVersion);
  });

  it('has the schemas of every endpoint the card server serves', () => {
    const without = routes
      .filter((route) => !keyOf(route))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    assert.deepEqual(
      without,
      [],
      `no schema in ${SUBSET_FILE} for these endpoints of the card server: rerun the extraction (test/contract/stripe-openapi/README.md)`,
    );
  });

  describe('the validation finds a broken answer', () => {
    it('a customer without its id, and a created time that is not an integer', () => {
      const customer = {
        object: 'customer',
        created: 'yesterday',
        livemode: false,
        balance: 0,
        default_source: null,
        description: null,
        email: null,
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        metadata: {},
        shipping: null,
      };
      const found = check(routes, [
        { method: 'get', path: '/v1/customers/cus_1', request: {}, status: 200, answer: customer },
      ]);
      assert.deepEqual(found, [
        'GET /v1/customers/{customer} answer /: leaves out required id',
        'GET /v1/customers/{customer} answer /created: must be integer',
      ]);
    });

    it('a field Stripe’s object does not have (the test card’s behaviour, kept inside the card server)', () => {
      const found = check(routes, [
        {
          method: 'get',
          path: '/v1/payment_methods/pm_1',
          request: {},
          status: 200,
          answer: { id: 'pm_1', object: 'payment_method', type: 'card', _behaviour: 'declined' },
        },
      ]);
      assert.ok(
        found.includes(
          "GET /v1/payment_methods/{payment_method} answer /: has a field Stripe's object does not have: _behaviour",
        ),
        found.join('\n'),
      );
    });

    it('a request with a parameter Stripe does not know', () => {
      const found = check(routes, [
        { method: 'post', path: '/v1/customers', request: { emial: 'a@example.test' }, status: 400, answer: {} },
      ]);
      assert.deepEqual(found, ['POST /v1/customers request /: unknown parameter emial']);
    });
  });

  it('every endpoint, driven with the stripe SDK through a member’s life, answers in Stripe’s shapes', async function () {
    this.timeout(60_000);
    const local = await localStripe();
    const recorder = new RecordingClient();
    const stripe = new Stripe(LOCAL_KEYS.secret, {
      host: local.host,
      port: local.port,
      protocol: 'http',
      httpClient: recorder,
      maxNetworkRetries: 0,
      telemetry: false,
    });
    await driveEveryEndpoint(stripe);

    const driven = new Set(recorder.exchanges.map((exchange) => routeOf(routes, exchange)).filter(Boolean));
    const notDriven = routes.filter((route) => !driven.has(route)).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    assert.deepEqual(
      notDriven,
      [],
      'every endpoint the card server serves is driven (add the new ones to the scenario)',
    );
    const failed = recorder.exchanges.filter((exchange) => exchange.status >= 300);
    assert.deepEqual(
      failed.map((e) => `${e.method.toUpperCase()} ${e.path} ${e.status} ${JSON.stringify(e.answer)}`),
      [],
      'the scenario makes no call the card server refuses',
    );
    const found = check(routes, recorder.exchanges);
    if (process.env.UPDATE_KNOWN_MISMATCHES) {
      const kept = { ...KNOWN, mismatches: found };
      writeFileSync(new URL(`../../${KNOWN_FILE}`, import.meta.url), `${JSON.stringify(kept, null, 2)}\n`);
      return;
    }
    const known = new Set(KNOWN.mismatches);
    assert.deepEqual(
      found.filter((line) => !known.has(line)),
      [],
      `mismatches with Stripe’s OpenAPI schemas (fix the card server; ${KNOWN_FILE} lists the ones not fixed yet)`,
    );
    assert.deepEqual(
      KNOWN.mismatches.filter((line) => !found.includes(line)),
      [],
      `fixed: remove these lines from ${KNOWN_FILE}`,
    );
  });
});

/** One call at least to each endpoint, in the order a member's life makes them, with the shapes the portal uses. */
async function driveEveryEndpoint(stripe: Stripe) {
  const clock = await stripe.testHelpers.testClocks.create({
    frozen_time: Date.UTC(2026, 0, 15) / 1000,
    name: 'shapes',
  });
  await stripe.testHelpers.testClocks.retrieve(clock.id);
  await stripe.testHelpers.testClocks.list({ limit: 3 });

  const product = await stripe.products.create({ name: 'Membership', metadata: { kind: 'membership' } });
  await stripe.products.update(product.id, { description: 'Monthly membership' });
  await stripe.products.retrieve(product.id);
  const monthly = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 5900,
    recurring: { interval: 'month' },
    lookup_key: `shapes_monthly_${Date.now()}`,
  });
  const yearly = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 59000,
    recurring: { interval: 'year' },
  });
  await stripe.prices.update(monthly.id, { metadata: { tier: 'standard' } });
  await stripe.prices.retrieve(monthly.id, { expand: ['product'] });
  await stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] });
  const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once', name: 'Welcome' });
  await stripe.coupons.retrieve(coupon.id);
  // A coupon deleted: new redemptions stop, discounts already made of it stay.
  const retired = await stripe.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once', name: 'Retired' });
  await stripe.coupons.del(retired.id);
  await stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: coupon.id },
    code: `WELCOME${Date.now()}`,
  });
  await stripe.promotionCodes.list({ active: true, limit: 1 });
  const rate = await stripe.taxRates.create({
    display_name: 'Sales tax',
    percentage: 8.25,
    inclusive: false,
    jurisdiction: 'TX',
    country: 'US',
    state: 'TX',
  });
  await stripe.taxRates.update(rate.id, { description: 'Texas' });
  await stripe.taxRates.retrieve(rate.id);
  await stripe.taxRates.list({ active: true, limit: 100 });

  const customer = await stripe.customers.create({
    email: 'shapes@example.test',
    name: 'Shapes Test',
    metadata: { account_id: '1' },
    test_clock: clock.id,
  });
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
  await stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: card.id },
    address: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  });
  await stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] });
  await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
  await stripe.paymentMethods.retrieve(card.id);
  await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
  await stripe.customers.createBalanceTransaction(customer.id, {
    amount: -500,
    currency: 'usd',
    description: 'Credit',
  });

  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: monthly.id, quantity: 1 }],
    default_tax_rates: [rate.id],
    metadata: { provider_id: '1' },
    expand: ['latest_invoice'],
  });
  await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice', 'default_payment_method'] });
  await stripe.subscriptions.list({ customer: customer.id, status: 'all', expand: ['data.default_payment_method'] });
  await stripe.invoices.createPreview({
    customer: customer.id,
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: subscription.items.data[0]!.id, price: yearly.id, quantity: 1 }],
      proration_behavior: 'always_invoice',
    },
  });
  await stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0]!.id, price: yearly.id, quantity: 1 }],
    proration_behavior: 'always_invoice',
  });
  const invoices = await stripe.invoices.list({ customer: customer.id, limit: 10 });
  await stripe.invoices.retrieve(invoices.data[0]!.id!);
  await stripe.invoicePayments.list({ invoice: invoices.data[0]!.id! });
  const charges = await stripe.charges.list({ customer: customer.id, limit: 10 });
  if (charges.data[0]) await stripe.charges.retrieve(charges.data[0].id);

  // A member whose renewal is declined pays the open invoice with a new card.
  const declining = await stripe.customers.create({ email: 'declined@example.test', test_clock: clock.id });
  const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: declining.id });
  await stripe.customers.update(declining.id, { invoice_settings: { default_payment_method: failing.id } });
  const unpaid = await stripe.subscriptions.create({
    customer: declining.id,
    items: [{ price: monthly.id }],
    payment_behavior: 'default_incomplete',
  });
  const newCard = await stripe.paymentMethods.create({
    type: 'card',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  await stripe.paymentMethods.attach(newCard.id, { customer: declining.id });
  await stripe.invoices.pay(String(unpaid.latest_invoice), { payment_method: newCard.id });
  await stripe.paymentMethods.detach(failing.id);

  const intent = await stripe.paymentIntents.create({
    amount: 7000,
    currency: 'usd',
    customer: customer.id,
    payment_method: card.id,
    confirm: true,
    off_session: true,
    description: 'Copywriting',
  });
  await stripe.paymentIntents.retrieve(intent.id);
  await stripe.refunds.create({ charge: String(intent.latest_charge) });

  const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
  const saved = await stripe.paymentMethods.create({
    type: 'card',
    card: { number: '5555555555554444', exp_month: 6, exp_year: 2041, cvc: '321' },
  });
  await stripe.setupIntents.confirm(setup.id, { payment_method: saved.id });
  await stripe.setupIntents.retrieve(setup.id, { expand: ['payment_method'] });

  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: monthly.id, quantity: 1 }],
    success_url: 'https://example.test/ok?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://example.test/',
  });
  await stripe.checkout.sessions.retrieve(session.id);

  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Date.UTC(2026, 1, 16) / 1000 });
  const events = await stripe.events.list({ limit: 5 });
  if (events.data[0]) await stripe.events.retrieve(events.data[0].id);
  await stripe.subscriptions.cancel(subscription.id);
  await stripe.testHelpers.testClocks.del(clock.id);
}
