// The local sales tax (spec 3 §5): "Tax is fetched for US only, with a postal code longer than 4
// characters", a state found from the ZIP code, "tax categories differ for membership, software and
// one-time items", and amounts in cents rounded half up per line.
import assert from 'node:assert/strict';
import { createLocalSalesTax, lineTax, localRate, stateOfZip } from '../../../../server/integrations/tax/local';
import { taxApplies, TAX_CATEGORIES, type TaxLine } from '../../../../server/integrations/tax/port';

const tax = createLocalSalesTax();
/** The quote's total and effective rate (its per-line rates have a test of their own). */
const quote = async (postalCode: string, lines: TaxLine[], country = 'US') => {
  const { totalTax, rate } = await tax.quote({ postalCode, country, lines });
  return { totalTax, rate };
};
const membership = (amount = 5900, quantity = 1): TaxLine => ({ amount, quantity, category: 'membership' });
const software = (amount = 1900, quantity = 1): TaxLine => ({ amount, quantity, category: 'software' });
const oneTime = (amount = 25000, quantity = 1): TaxLine => ({ amount, quantity, category: 'one-time' });

describe('sales tax: "US only, with a postal code longer than 4 characters"', () => {
  it('applies to US postal codes of five characters or more, and to nothing else', () => {
    assert.equal(taxApplies('US', '10001'), true);
    assert.equal(taxApplies('us', ' 10001-1234 '), true);
    assert.equal(taxApplies('US', '1000'), false, 'four characters');
    assert.equal(taxApplies('US', ' 100 '), false);
    assert.equal(taxApplies('US', ''), false);
    assert.equal(taxApplies('CA', 'K1A 0B1'), false, 'Canada');
    assert.equal(taxApplies(null, '10001'), false);
    assert.equal(taxApplies('US', null), false);
  });

  it('quotes zero outside that rule', async () => {
    assert.deepEqual(await quote('10001', [software()], 'GB'), { totalTax: 0, rate: 0 });
    assert.deepEqual(await quote('7870', [software()]), { totalTax: 0, rate: 0 });
  });
});

describe('sales tax: the state of a ZIP code (its first three digits)', () => {
  it('finds the state at the edges of the ranges', () => {
    const cases: Record<string, string | null> = {
      '00501': 'NY',
      '01001': 'MA',
      '02791': 'MA',
      '02801': 'RI',
      '02940': 'RI',
      '03031': 'NH',
      '03901': 'ME',
      '05001': 'VT',
      '05501': 'MA',
      '05601': 'VT',
      '06001': 'CT',
      '07001': 'NJ',
      '08989': 'NJ',
      '10001': 'NY',
      '14925': 'NY',
      '15001': 'PA',
      '19701': 'DE',
      '20001': 'DC',
      '20166': 'VA',
      '20500': 'DC',
      '20601': 'MD',
      '21201': 'MD',
      '22001': 'VA',
      '24701': 'WV',
      '27001': 'NC',
      '29001': 'SC',
      '30001': 'GA',
      '32004': 'FL',
      '34102': 'FL',
      '35004': 'AL',
      '37010': 'TN',
      '38601': 'MS',
      '39901': 'GA',
      '40003': 'KY',
      '43001': 'OH',
      '46001': 'IN',
      '48001': 'MI',
      '50001': 'IA',
      '53001': 'WI',
      '55001': 'MN',
      '56901': 'DC',
      '57001': 'SD',
      '58001': 'ND',
      '59001': 'MT',
      '60001': 'IL',
      '63001': 'MO',
      '66002': 'KS',
      '68001': 'NE',
      '70001': 'LA',
      '71601': 'AR',
      '73001': 'OK',
      '73301': 'TX',
      '73401': 'OK',
      '75001': 'TX',
      '79999': 'TX',
      '80001': 'CO',
      '82001': 'WY',
      '83201': 'ID',
      '84001': 'UT',
      '85001': 'AZ',
      '87001': 'NM',
      '88510': 'TX',
      '88901': 'NV',
      '90001': 'CA',
      '96161': 'CA',
      '96701': 'HI',
      '97001': 'OR',
      '98001': 'WA',
      '99401': 'WA',
      '99501': 'AK',
      '99950': 'AK',
      // No state: Puerto Rico, the Virgin Islands, Guam, military post (AE, AA, AP), unused prefixes, not a ZIP code.
      '00601': null,
      '00801': null,
      '96910': null,
      '09001': null,
      '34001': null,
      '96201': null,
      '00001': null,
      '1000': null,
      ABCDE: null,
      '100011': null,
    };
    for (const [zip, state] of Object.entries(cases)) assert.equal(stateOfZip(zip), state, zip);
    assert.equal(stateOfZip('10001-1234'), 'NY', 'ZIP+4');
    assert.equal(stateOfZip('100011234'), 'NY', 'ZIP+4 without the dash');
  });

  it('covers the 50 states and DC', () => {
    const states = new Set<string>();
    for (let prefix = 0; prefix < 1000; prefix += 1) {
      for (const suffix of ['00', '99']) {
        const state = stateOfZip(`${String(prefix).padStart(3, '0')}${suffix}`);
        if (state) states.add(state);
      }
    }
    assert.equal(states.size, 51);
    assert.ok(states.has('DC'));
  });
});

describe('sales tax: "Tax categories differ for membership, software and one-time items"', () => {
  it('taxes each kind of item at its own rate in a state', async () => {
    assert.deepEqual(await quote('10001', [membership()]), { totalTax: 0, rate: 0 }, 'NY: a listing is not taxed');
    assert.deepEqual(await quote('10001', [software()]), { totalTax: 76, rate: 4 }, 'NY: software 4 %');
    assert.deepEqual(await quote('10001', [oneTime()]), { totalTax: 0, rate: 0 }, 'NY: services are not taxed');
    assert.deepEqual(await quote('78701', [membership()]), { totalTax: 295, rate: 5 }, 'TX: 80 % of 6.25 %');
    assert.deepEqual(await quote('06103', [software()]), { totalTax: 19, rate: 1 }, 'CT: software at 1 %');
    assert.deepEqual(await quote('96813', [oneTime()]), { totalTax: 1000, rate: 4 }, 'HI: general excise on services');
    assert.deepEqual(await quote('98101', [software(1900, 2)]), { totalTax: 247, rate: 6.5 }, 'WA: unit × quantity');
    assert.deepEqual(
      await quote('90012', [membership(), software(), oneTime()]),
      { totalTax: 0, rate: 0 },
      'CA: none of the three',
    );
    assert.deepEqual(await quote('97201', [software()]), { totalTax: 0, rate: 0 }, 'OR: no sales tax');
  });

  it('has a rate for every category in every state, from 0 to 10 %', () => {
    for (const state of ['AL', 'NY', 'TX', 'WA', 'DC'] as const) {
      for (const category of TAX_CATEGORIES) {
        const rate = localRate(state, category);
        assert.ok(rate >= 0 && rate <= 10, `${state} ${category}: ${rate}`);
      }
    }
  });

  it('answers the effective rate on the whole amount, so one tax rate on the invoice charges the same tax', async () => {
    const mixed = await quote('10001', [membership(), software()]);
    assert.equal(mixed.totalTax, 76);
    assert.equal(mixed.rate, 0.9744, '76 / 7800, to four decimals');
    assert.equal(Math.round((mixed.rate * 7800) / 100), mixed.totalTax);
    assert.deepEqual(await quote('03301', [software()]), { totalTax: 0, rate: 0 }, 'NH');
    assert.deepEqual(await quote('10001', []), { totalTax: 0, rate: 0 }, 'no lines');
  });

  it("answers each line's own rate and tax, so each line can be taxed at its category's rate", async () => {
    const ny = await tax.quote({ postalCode: '10001', country: 'US', lines: [membership(6900), software(1900)] });
    assert.deepEqual(ny.lines, [
      { rate: 0, tax: 0 },
      { rate: 4, tax: 76 },
    ]);
    const tx = await tax.quote({ postalCode: '78701', country: 'US', lines: [membership(), oneTime(7000)] });
    assert.deepEqual(tx.lines, [
      { rate: 5, tax: 295 },
      { rate: 0, tax: 0 },
    ]);
    assert.deepEqual((await tax.quote({ postalCode: '1000', country: 'US', lines: [software()] })).lines, []);
  });

  it('is deterministic', async () => {
    const lines = [membership(), software(1900, 3), oneTime(12345)];
    assert.deepEqual(await quote('87501', lines), await quote('87501', lines));
  });
});

describe('sales tax: rounded to the cent, half up, per line, then summed', () => {
  it('rounds each line half up', () => {
    assert.equal(lineTax(1250, 1, 4.2), 53, '52.5 cents → 53');
    assert.equal(lineTax(1249, 1, 4.2), 52, '52.458 → 52');
    assert.equal(lineTax(5900, 1, 8.875), 524, '523.625 → 524');
    assert.equal(lineTax(1000, 1, 6.35), 64, '63.5 → 64 (6.35 has no exact binary form)');
    assert.equal(lineTax(0, 3, 7), 0);
  });

  it('sums rounded lines: two lines of $12.50 at 4.2 % are 106 cents; one line of 2 × $12.50 is 105', async () => {
    const sd = '57501';
    assert.equal((await quote(sd, [oneTime(1250), oneTime(1250)])).totalTax, 106);
    assert.equal((await quote(sd, [oneTime(1250, 2)])).totalTax, 105);
  });

  it('refuses amounts that are not whole, non-negative cents (a bug of the caller)', async () => {
    await assert.rejects(quote('10001', [software(19.99)]), RangeError);
    await assert.rejects(quote('10001', [software(-100)]), RangeError);
  });
});
