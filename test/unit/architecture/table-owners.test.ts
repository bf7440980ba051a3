// Each table has one owner (issue [20] item 1; server/db/table-owners.ts, scripts/table-owners.ts): the
// portal queries no table outside its owner beyond the listed debt, and the check finds a crossing, a
// table without an owner and repaid debt on a tree made to have them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { querySites, QUERY_SITE, tableOwnership } from '../../../scripts/table-owners';

describe('each table has one owner', () => {
  it('the portal: every table queried has an owner, and no module queries one it does not own beyond the debt', () => {
    assert.deepEqual(tableOwnership(), { unowned: [], crossings: [], repaid: [] });
  });

  it('finds a crossing, an unowned table and repaid debt on a tree that has them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-owners-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write(
        'domain/billing/invoices.ts',
        "export const q = (db) => db('billing_invoices as i').join('users', 'u.id', 'i.user_id');\n",
      );
      write('features/plan/page.ts', "export const q = (db) => db('billing_invoices');\n");
      write('domain/accounts/odd.ts', "export const q = (trx) => trx('mystery_table');\n");
      const found = tableOwnership(querySites(dir), { billing_invoices: 'domain/billing', users: 'domain/accounts' }, [
        'domain/billing → users',
        'domain/locations → users',
      ]);
      assert.deepEqual(found.unowned, ['mystery_table']);
      assert.deepEqual(
        found.crossings.map((c) => c.replace(/ \(.*\)$/, '')),
        ['features/plan → billing_invoices'],
      );
      assert.deepEqual(found.repaid, ['domain/locations → users']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the table of a knex call, with or without an alias', () => {
    const tables = [..."await db('billing_invoices as i').join('users', 'u.id', 'i.user_id')".matchAll(QUERY_SITE)];
    assert.deepEqual(
      tables.map((m) => m[1]),
      ['billing_invoices', 'users'],
    );
  });
});
