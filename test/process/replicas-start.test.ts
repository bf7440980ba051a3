// Replicas started together (issue [24] item 1): three portal processes started at the same moment on
// one empty database, as an orchestrator starts them, all come up; the migrations, the demo data and
// the local card server's catalog are made once, by whichever took the start-up lock first. Started
// again together on the migrated database, they find the work done.
import assert from 'node:assert/strict';
import pg from 'pg';
import { DEMO_EMAILS } from '../../seeds/demo';
import { createOwnDatabase, type OwnDatabase, type Portal, startPortal, stopPortal } from '../support/portal-process';

async function counts(url: string): Promise<{ demoUsers: number; prices: number; duplicatePrices: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql: string, values: unknown[] = []) =>
      Number((await client.query<{ n: string }>(sql, values)).rows[0]!.n);
    return {
      demoUsers: await one('select count(*) as n from users where email = $1', [DEMO_EMAILS.individual]),
      prices: await one('select count(*) as n from billing_prices'),
      duplicatePrices: await one(
        'select count(*) as n from (select lookup_key from billing_prices group by lookup_key having count(*) > 1) d',
      ),
    };
  } finally {
    await client.end();
  }
}

describe('replicas started together on one database', function () {
  this.timeout(240_000);
  let database: OwnDatabase;
  let portals: Portal[] = [];

  before(async () => {
    database = await createOwnDatabase('replicas');
  });
  afterEach(async () => {
    await Promise.all(portals.map((portal) => stopPortal(portal)));
    portals = [];
  });
  after(async () => {
    await database?.drop();
  });

  const startThree = async () => {
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => startPortal(database.url, { seedDemo: 'auto', logLevel: 'error' })),
    );
    portals = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    assert.deepEqual(failures, [], 'every process became healthy');
  };

  it('on an empty database: all three serve, and the demo data and the catalog are made once', async () => {
    await startThree();
    const after = await counts(database.url);
    assert.equal(after.demoUsers, 1);
    assert.ok(after.prices > 0, 'the catalog was synchronised');
    assert.equal(after.duplicatePrices, 0);
  });

  it('on the migrated database: all three serve again, and nothing is made twice', async () => {
    const before = await counts(database.url);
    await startThree();
    assert.deepEqual(await counts(database.url), before);
  });
});
