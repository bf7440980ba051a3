// The AvaTax adapter (spec 3 §7 get-sales-tax) against a fake AvaTax in this process: the request it
// sends (a SalesOrder, never committed), dollars turned into cents, and its failures turned into TaxError.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../../server/config';
import { createPortalIntegrations } from '../../../../server/wiring';
import { startFakeJsonApi } from '../../../support/fake-json-api';
import { AVATAX_TAX_CODES, createAvaTax } from '../../../../server/integrations/tax/avatax';
import { TaxError, type TaxRequest } from '../../../../server/integrations/tax/port';

/** Answers each POST with the next reply given (hangs on 'hang'), recording what arrived. */
const startFakeAvaTax = () =>
  startFakeJsonApi({ unqueued: { status: 500, body: { error: { message: 'no reply queued' } } } });

const settings = {
  accountId: '1100012345',
  licenseKey: 'A1B2C3D4E5F6',
  companyCode: 'PORTAL',
  environment: 'sandbox' as const,
};
const request: TaxRequest = {
  postalCode: '10001',
  country: 'US',
  customerCode: 'account-42',
  lines: [
    { amount: 5900, quantity: 1, category: 'membership' },
    { amount: 1900, quantity: 2, category: 'software' },
    { amount: 7000, quantity: 1, category: 'one-time' },
  ],
};

describe('AvaTax: the get-sales-tax request (spec 3 §7)', () => {
  let fake: Awaited<ReturnType<typeof startFakeAvaTax>>;
  before(async () => {
    fake = await startFakeAvaTax();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.seen.length = 0;
    fake.replies.length = 0;
  });

  const avatax = (timeoutMs = 2_000) =>
    createAvaTax(settings, { baseUrl: fake.url, timeoutMs, now: () => new Date('2026-11-25T23:30:00Z') });

  it('posts a SalesOrder to /api/v2/transactions/create with Basic auth, and reads totalTax in dollars as cents', async () => {
    fake.replies.push({
      status: 201,
      body: {
        id: 0,
        code: 'x',
        type: 'SalesOrder',
        status: 'Temporary',
        totalAmount: 167,
        totalTax: 4.32,
        // TransactionModel.lines: each line's tax (dollars) and its jurisdictions (a rate on a taxable part).
        lines: [
          { lineNumber: '1', tax: 0, details: [{ rate: 0.04, taxableAmount: 0, nonTaxableAmount: 59, tax: 0 }] },
          { lineNumber: '2', tax: 1.52, details: [{ rate: 0.04, taxableAmount: 38, tax: 1.52 }] },
          { lineNumber: '3', tax: 2.8, details: [{ rate: 0.05, taxableAmount: 56, tax: 2.8 }] },
        ],
      },
    });
    const quote = await avatax().quote(request);
    assert.deepEqual(
      quote,
      {
        totalTax: 432,
        rate: 2.5868,
        lines: [
          { rate: 0, tax: 0 },
          { rate: 4, tax: 152 },
          { rate: 4, tax: 280 },
        ],
      },
      // Each line's own rate is the one that charges its tax on its whole amount: the exempt line 0 % (its
      // jurisdiction's 4 % applies to nothing), 152 of 3800 = 4 %, 280 of 7000 = 4 % (5 % of 80 % of it).
      '432 cents of 16 700',
    );

    assert.equal(fake.seen.length, 1);
    const [call] = fake.seen;
    assert.equal(call!.method, 'POST');
    assert.equal(call!.url, '/api/v2/transactions/create');
    assert.equal(call!.headers.authorization, `Basic ${Buffer.from('1100012345:A1B2C3D4E5F6').toString('base64')}`);
    assert.match(String(call!.headers['content-type']), /^application\/json/);
    assert.match(String(call!.headers['x-avalara-client']), /^members-portal; /);
    assert.deepEqual(call!.body, {
      type: 'SalesOrder',
      companyCode: 'PORTAL',
      date: '2026-11-25',
      customerCode: 'account-42',
      currencyCode: 'USD',
      addresses: { singleLocation: { postalCode: '10001', country: 'US' } },
      lines: [
        { number: '1', amount: 59, quantity: 1, taxCode: AVATAX_TAX_CODES.membership },
        { number: '2', amount: 38, quantity: 2, taxCode: AVATAX_TAX_CODES.software },
        { number: '3', amount: 70, quantity: 1, taxCode: AVATAX_TAX_CODES['one-time'] },
      ],
    });
    assert.equal('commit' in call!.body, false, "an estimate: nothing is recorded on the company's books");
  });

  it('uses a different AvaTax tax code for each kind of item', () => {
    assert.equal(new Set(Object.values(AVATAX_TAX_CODES)).size, 3);
    for (const code of Object.values(AVATAX_TAX_CODES)) assert.match(code, /^[A-Z]{1,2}\d{6,7}$/);
  });

  it('makes no call outside the US or with a postal code of 4 characters or fewer', async () => {
    assert.deepEqual(await avatax().quote({ ...request, country: 'CA', postalCode: 'K1A 0B1' }), {
      totalTax: 0,
      rate: 0,
      lines: [],
    });
    assert.deepEqual(await avatax().quote({ ...request, postalCode: '1000' }), { totalTax: 0, rate: 0, lines: [] });
    assert.equal(fake.seen.length, 0);
  });

  it('an error answer AvaTax explains (400) becomes a TaxError that names its message', async () => {
    fake.replies.push({
      status: 400,
      body: {
        error: { code: 'InvalidAddress', message: 'The address value was incomplete.', target: 'IncorrectData' },
      },
    });
    await assert.rejects(avatax().quote(request), (error: unknown) => {
      assert.ok(error instanceof TaxError);
      assert.equal(error.kind, 'refused');
      assert.equal(
        error.message,
        'Sales tax could not be calculated for this address: The address value was incomplete.',
      );
      assert.match(String(error.detail), /400 InvalidAddress/);
      return true;
    });
  });

  it('refused credentials and AvaTax\'s own failures become "unavailable", their detail kept for the log only', async () => {
    fake.replies.push({
      status: 401,
      body: { error: { code: 'AuthenticationException', message: 'Authentication failed.' } },
    });
    fake.replies.push({ status: 503, body: 'not json' });
    for (const status of [401, 503]) {
      await assert.rejects(avatax().quote(request), (error: unknown) => {
        assert.ok(error instanceof TaxError);
        assert.equal(error.kind, 'unavailable');
        assert.equal(error.message, 'Sales tax cannot be calculated right now. Please try again in a few minutes.');
        assert.match(String(error.detail), new RegExp(`AvaTax answered ${status}`));
        return true;
      });
    }
  });

  it('a timeout, an unreachable server and an answer without totalTax or its lines become TaxError too', async () => {
    fake.replies.push('hang');
    const started = Date.now();
    await assert.rejects(
      avatax(150).quote(request),
      (error: unknown) =>
        error instanceof TaxError && error.kind === 'unavailable' && /in time/.test(String(error.detail)),
    );
    assert.ok(Date.now() - started < 2_000, 'gave up after its timeout');

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createAvaTax(settings, { baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
    await assert.rejects(
      unreachable.quote(request),
      (error: unknown) =>
        error instanceof TaxError && error.kind === 'unavailable' && /could not be reached/.test(String(error.detail)),
    );

    fake.replies.push({ status: 201, body: { totalAmount: 167 } });
    await assert.rejects(
      avatax().quote(request),
      (error: unknown) => error instanceof TaxError && error.kind === 'unavailable',
    );
    // Without its lines, no line can be taxed at its own rate.
    fake.replies.push({ status: 201, body: { totalAmount: 167, totalTax: 4.32 } });
    await assert.rejects(
      avatax().quote(request),
      (error: unknown) =>
        error instanceof TaxError && error.kind === 'unavailable' && /without line 1/.test(String(error.detail)),
    );
  });
});

describe('AvaTax: chosen by the AVATAX_* settings', () => {
  const base = { DATA_DIR: '.data/test', NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-1234' };

  it('without them the local rate table answers; with all three, AvaTax (sandbox unless production is asked for)', () => {
    assert.equal(loadConfig(base).tax, null);
    assert.equal(createPortalIntegrations(loadConfig(base), {} as never).tax.provider, 'local');
    const avatax = {
      AVATAX_ACCOUNT_ID: '1100012345',
      AVATAX_LICENSE_KEY: 'A1B2C3D4E5F6',
      AVATAX_COMPANY_CODE: 'PORTAL',
    };
    assert.deepEqual(loadConfig({ ...base, ...avatax }).tax, {
      accountId: '1100012345',
      licenseKey: 'A1B2C3D4E5F6',
      companyCode: 'PORTAL',
      environment: 'sandbox',
    });
    assert.equal(loadConfig({ ...base, ...avatax, AVATAX_ENVIRONMENT: 'production' }).tax?.environment, 'production');
    assert.equal(createPortalIntegrations(loadConfig({ ...base, ...avatax }), {} as never).tax.provider, 'avatax');
  });
});
