// Each table has one owner (issue [20] item 1; server/db/table-owners.ts, scripts/table-owners.ts): the
// portal queries no table outside its owner beyond the listed debt, and the check finds a crossing, a
// table without an owner and repaid debt on a tree made to have them, in knex calls and in raw SQL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QUERY_SITE, querySites, rawSqlTables, tableOwnership } from '../../../scripts/table-owners';

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

  it("finds a crossing in raw SQL: in a raw call, in a constant or function it uses, and in pg's query", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-owners-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      const owners = {
        billing_invoices: 'domain/billing',
        users: 'domain/accounts',
        messages: 'domain/messaging',
        providers: 'domain/providers',
        appointments: 'domain/appointments',
        licenses: 'domain/licenses',
      };
      write(
        'domain/billing/report.ts',
        [
          'export const q = (db) => db.raw(\'select i.id from billing_invoices i join public."users" u on u.id = i.user_id\');',
          `const UNREAD = \`exists (select 1 from messages m where m.id = \${1})\`;`,
          "export const r = (db) => db('billing_invoices').whereRaw(UNREAD);",
          `export const lateral = (a) => \`LEFT JOIN LATERAL (SELECT 1 FROM providers p WHERE p.id = \${a}) x ON true\`;`,
          "export const s = (db) => db('billing_invoices').joinRaw(lateral('i.provider_id'));",
          "export const t = (c) => c.query({ name: 'n', text: 'update appointments set x = 1' });",
          // SQL built by a function and kept in a constant before it reaches the call.
          `const licenceCount = (column) => \`(select count(*) from licenses where provider_id = \${column})\`;`,
          "export const u = (c) => { const statement = licenceCount('p.id'); return c.query({ text: statement }); };",
        ].join('\n'),
      );
      // English in an ordinary string is not SQL, though it says "from users".
      write('domain/billing/copy.ts', "export const note = 'A message from users of the portal';\n");
      const found = tableOwnership(querySites(dir, owners), owners, []);
      assert.deepEqual(found.crossings.map((c) => c.replace(/ \(.*\)$/, '')).sort(), [
        'domain/billing → appointments',
        'domain/billing → licenses',
        'domain/billing → messages',
        'domain/billing → providers',
        'domain/billing → users',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the tables of raw SQL, but not a WITH name, a function in a FROM or a column in one', () => {
    assert.deepEqual(
      rawSqlTables(`WITH recent AS (SELECT * FROM messages), totals AS MATERIALIZED (SELECT 1)
        SELECT extract(epoch from a.starts_at), r.id FROM recent r
        JOIN unnest(?::bigint[]) ids ON true CROSS JOIN generate_series(1, 3) s
        LEFT JOIN jsonb_each(x.doc) d ON true, totals
        WHERE r.id IN (SELECT id FROM "public"."appointments")`),
      ['messages', 'appointments'],
    );
    assert.deepEqual(rawSqlTables('insert into billing_invoices (id) values (1)'), ['billing_invoices']);
    assert.deepEqual(rawSqlTables('delete from users where id = ?'), ['users']);
    assert.deepEqual(rawSqlTables('UPDATE providers SET x = 1'), ['providers']);
  });

  it('reads the table of a knex call, with or without an alias', () => {
    const tables = [..."await db('billing_invoices as i').join('users', 'u.id', 'i.user_id')".matchAll(QUERY_SITE)];
    assert.deepEqual(
      tables.map((m) => m[1]),
      ['billing_invoices', 'users'],
    );
  });
});
