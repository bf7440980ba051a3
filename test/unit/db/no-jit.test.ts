// The portal's connections run without PostgreSQL's JIT (server/db/knex.ts): compiling a big query cost
// more than running it (a practice's client list: 237 ms, mostly compiling).
import assert from 'node:assert/strict';
import { ctx } from '../../support/context';

describe('database connections', () => {
  it('run with jit off, however many the pool opens', async () => {
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx().db.transaction(async (trx) => (await trx.raw('show jit')).rows[0].jit as string),
      ),
    );
    assert.deepEqual(settings, ['off', 'off', 'off', 'off']);
  });
});
