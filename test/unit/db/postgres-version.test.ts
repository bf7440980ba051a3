// The supported PostgreSQL range (issue [24] item 4): older than 15 is refused with one line, 15 to 18
// start quietly, newer than 18 starts with a warning.
import assert from 'node:assert/strict';
import { judgePostgresVersion, majorOf, SUPPORTED_POSTGRES } from '../../../server/db/postgres-version';

describe('the supported PostgreSQL range', () => {
  it('is 15 to 18', () => {
    assert.deepEqual(SUPPORTED_POSTGRES, { oldest: 15, newest: 18 });
  });
  it('reads the major version of server_version_num', () => {
    assert.equal(majorOf(150020), 15);
    assert.equal(majorOf(180004), 18);
  });
  it('refuses 14, takes 15 and 18 quietly, warns on 19', () => {
    assert.deepEqual(judgePostgresVersion(140011), {
      ok: false,
      message: 'PostgreSQL 14 is older than the portal supports (15 to 18).',
    });
    assert.deepEqual(judgePostgresVersion(150000), { ok: true, warning: null });
    assert.deepEqual(judgePostgresVersion(189999), { ok: true, warning: null });
    assert.deepEqual(judgePostgresVersion(190001), {
      ok: true,
      warning: 'PostgreSQL 19 is newer than the portal is tested on (15 to 18).',
    });
  });
});
