// Licence rows, expiration years, the required-licence rule and the support command's status words
// (spec 2 §4, §5 Licences (edit form), §9).
import assert from 'node:assert/strict';
import {
  requiredLicenseIds,
  expirationYears,
  LICENSE_MESSAGES,
  parseVerification,
  postedLicenseRows,
  validateLicenseRows,
  type PostedLicenseRow,
} from '../../../../server/domain/licenses';
const row = (values: Partial<PostedLicenseRow>): PostedLicenseRow => ({
  id: '',
  state: '',
  number: '',
  license_type: '',
  expiration: '',
  ...values,
});
const NOW = new Date('2026-03-01T12:00:00Z');
const STATES = ['NY', 'NJ', 'CA'];

describe('licences: expiration years', () => {
  it('are 70 years from the current UTC year + 20 downward', () => {
    const years = expirationYears(NOW);
    assert.equal(years.length, 70);
    assert.equal(years[0], 2046);
    assert.equal(years[69], 1977);
    assert.deepEqual(years.slice(0, 3), [2046, 2045, 2044]);
  });

  it("use the UTC year (New Year's Eve in New York is already next year in UTC)", () => {
    assert.equal(expirationYears(new Date('2027-01-01T03:00:00Z'))[0], 2047);
  });
});

describe('licences: posted rows', () => {
  it('reads licenses[i][field] keys in index order, and a JSON licenses array', () => {
    const rows = postedLicenseRows({
      'licenses[1][state]': 'NJ',
      'licenses[0][number]': '12',
      'licenses[0][id]': '5',
      'licenses[1][expiration]': '2030',
      other: 'x',
      'licenses[0][bogus]': 'y',
    });
    assert.deepEqual(rows, [row({ id: '5', number: '12' }), row({ state: 'NJ', expiration: '2030' })]);
    assert.deepEqual(postedLicenseRows({ licenses: [{ id: 3, state: 'NY', expiration: 2030 }] }), [
      row({ id: '3', state: 'NY', expiration: '2030' }),
    ]);
    assert.deepEqual(postedLicenseRows(undefined), []);
  });
});

describe('licences: a row is validated when any field is filled', () => {
  it('ignores blank new rows and reports every missing field of a started one, keyed by the posted name', () => {
    const result = validateLicenseRows([row({}), row({ license_type: 'LCSW' })], { states: STATES, now: NOW });
    assert.deepEqual(result.errors, {
      'licenses[1][state]': LICENSE_MESSAGES.state,
      'licenses[1][number]': LICENSE_MESSAGES.number,
      'licenses[1][expiration]': LICENSE_MESSAGES.expiration,
    });
    assert.equal(LICENSE_MESSAGES.state, 'License State is required');
    assert.equal(LICENSE_MESSAGES.number, 'License Number is required');
    assert.equal(LICENSE_MESSAGES.type, 'License Type is required');
    assert.equal(LICENSE_MESSAGES.expiration, 'License Expiration Year is required');
    assert.deepEqual(validateLicenseRows([row({}), row({})], { states: STATES, now: NOW }), { rows: [], errors: null });
  });

  it('a stored licence is always checked, even with every field emptied', () => {
    const result = validateLicenseRows([row({ id: '9' })], { states: STATES, now: NOW });
    assert.deepEqual(Object.keys(result.errors ?? {}), [
      'licenses[0][state]',
      'licenses[0][number]',
      'licenses[0][license_type]',
      'licenses[0][expiration]',
    ]);
  });

  it('"License Number has a max length of 60 characters."', () => {
    const ok = validateLicenseRows(
      [row({ state: 'NY', number: '1'.repeat(60), license_type: 'LCSW', expiration: '2030' })],
      { states: STATES, now: NOW },
    );
    assert.equal(ok.errors, null);
    const long = validateLicenseRows(
      [row({ state: 'NY', number: '1'.repeat(61), license_type: 'LCSW', expiration: '2030' })],
      { states: STATES, now: NOW },
    );
    assert.deepEqual(long.errors, { 'licenses[0][number]': 'License Number has a max length of 60 characters.' });
  });

  it('trims, upper-cases the state and turns the year into a number', () => {
    const { rows, errors } = validateLicenseRows(
      [row({ id: '4', state: ' ny ', number: ' A-1 ', license_type: ' LCSW ', expiration: '2030' })],
      { states: STATES, now: NOW },
    );
    assert.equal(errors, null);
    assert.deepEqual(rows, [{ id: 4, state: 'NY', number: 'A-1', license_type: 'LCSW', expiration: 2030, index: 0 }]);
  });

  it('refuses unknown states and years outside the list, except the year a stored licence already has', () => {
    const bad = validateLicenseRows([row({ state: 'ZZ', number: '1', license_type: 'LCSW', expiration: '1950' })], {
      states: STATES,
      now: NOW,
    });
    assert.deepEqual(bad.errors, {
      'licenses[0][state]': LICENSE_MESSAGES.state,
      'licenses[0][expiration]': LICENSE_MESSAGES.yearFromList,
    });
    const kept = validateLicenseRows(
      [row({ id: '7', state: 'NY', number: '1', license_type: 'LCSW', expiration: '1950' })],
      {
        states: STATES,
        now: NOW,
        storedYears: new Map([[7, 1950]]),
      },
    );
    assert.equal(kept.errors, null);
  });
});

describe('licences: the only licence of a state of practice is required', () => {
  it('marks a licence required when it is the only one of a state with a location', () => {
    const licenses = [
      { id: 1, state: 'NY' },
      { id: 2, state: 'NJ' },
      { id: 3, state: 'NJ' },
      { id: 4, state: 'CA' },
    ];
    assert.deepEqual([...requiredLicenseIds(licenses, ['NY', 'NJ'])], [1]);
    assert.deepEqual([...requiredLicenseIds(licenses, [])], []);
  });
});

describe("licences: the support command's status words", () => {
  it('accepts the stored spelling or a shell-friendly one', () => {
    assert.equal(parseVerification('Verified'), 'Verified');
    assert.equal(parseVerification('not-found'), 'Not found');
    assert.equal(parseVerification('NOT_FOUND'), 'Not found');
    assert.equal(parseVerification('legacy'), 'Legacy');
    assert.equal(parseVerification('approved'), null);
    assert.equal(parseVerification(undefined), null);
  });
});
