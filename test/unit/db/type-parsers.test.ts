// The pg type parsers (server/db/knex.ts): bigint and numeric values come back as numbers, as the generated
// row types (server/db/tables.ts) say, so no query needs a Number(row.x) of its own.
import assert from 'node:assert/strict';
import { ctx } from '../../support/context';

describe('pg type parsers', () => {
  it('return bigint and numeric values as numbers, and null as null', async () => {
    const { rows } = await ctx().db.raw(
      `select 9007199254740991::bigint as big, count(*) as counted, 8.875::numeric(8,4) as tax,
              null::numeric as nothing from (values (1), (2)) as v(x)`,
    );
    assert.deepEqual(rows, [{ big: 9007199254740991, counted: 2, tax: 8.875, nothing: null }]);
  });

  it('return bigint arrays as arrays of numbers (billing_subscriptions.provider_ids is typed number[])', async () => {
    const { rows } = await ctx().db.raw(
      `select array[12, 9007199254740991]::bigint[] as ids, '{}'::bigint[] as none, array[1, null]::bigint[] as gap`,
    );
    assert.deepEqual(rows, [{ ids: [12, 9007199254740991], none: [], gap: [1, null] }]);
  });
});
