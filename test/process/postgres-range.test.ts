// Both ends of the supported PostgreSQL range (issue [24] item 4). The whole suite runs on the lower
// end (the CI machines' server, 15: the first test says which server it is). The upper end is the
// embedded server (18): every migration goes up, all the way down and up again on it, and the portal's
// version check takes it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex } from '../../server/db/knex';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { checkPostgresVersion, majorOf, SUPPORTED_POSTGRES } from '../../server/db/postgres-version';
import { createLogger } from '../../server/logger';
import { ctx } from '../support/context';

const silent = createLogger('silent');

describe('the supported PostgreSQL range, at both ends', function () {
  this.timeout(240_000);

  it('the suite’s own server is in the range (15 on the CI machines: the lower end)', async () => {
    const version = await checkPostgresVersion(ctx().db, silent);
    const major = majorOf(version);
    assert.ok(major >= SUPPORTED_POSTGRES.oldest && major <= SUPPORTED_POSTGRES.newest, `PostgreSQL ${major}`);
  });

  it('the embedded server is the upper end: every migration goes up, down and up again on it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-range-'));
    const embedded = await startEmbeddedPostgres(dataDir, silent);
    const db = createKnex(embedded.url, { min: 0, max: 2 });
    try {
      assert.equal(majorOf(await checkPostgresVersion(db, silent)), SUPPORTED_POSTGRES.newest);
      const [, applied] = await db.migrate.latest();
      assert.ok(applied.length > 50, 'every migration applied');
      await db.migrate.rollback(undefined, true);
      const [done, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
      assert.equal(done.length, 0, 'every migration rolled back');
      assert.equal(pending.length, applied.length);
      const [, again] = await db.migrate.latest();
      assert.equal(again.length, applied.length);
    } finally {
      await db.destroy();
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
