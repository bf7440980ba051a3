// The generated row types (server/db/tables.ts) match the schema our migrations build: they are generated
// again from the test database, which the migrations made, and compared with the committed file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../../server/db/knex';
import { generateTableTypes, TABLE_TYPES_FILE } from '../../../scripts/table-types';
import { ctx } from '../../support/context';

describe('generated row types (server/db/tables.ts)', function () {
  this.timeout(60_000);

  it('are those of the migrated schema (else run `npm run db:types` and commit the file)', async () => {
    const fresh = await generateTableTypes(ctx().database.url);
    const committed = fs.readFileSync(path.join(ROOT_DIR, TABLE_TYPES_FILE), 'utf8');
    // Named by table, so a stale file says which tables changed rather than printing two long files.
    const stale = [...new Set([...tablesOf(fresh).keys(), ...tablesOf(committed).keys()])].filter(
      (table) => tablesOf(fresh).get(table) !== tablesOf(committed).get(table),
    );
    assert.deepEqual(
      stale,
      [],
      `${TABLE_TYPES_FILE} is stale (tables that differ: ${stale.join(', ')}): run \`npm run db:types\` and commit it`,
    );
    assert.equal(committed, fresh, `${TABLE_TYPES_FILE} is stale: run \`npm run db:types\` and commit it`);
  });

  it('has a row type for every table of the migrated schema', async () => {
    const tables: string[] = (await ctx().db('pg_tables').select('tablename').where({ schemaname: 'public' })).map(
      (row: { tablename: string }) => row.tablename,
    );
    const committed = fs.readFileSync(path.join(ROOT_DIR, TABLE_TYPES_FILE), 'utf8');
    const database = /^export interface DB \{\n([^}]*)\}/m.exec(committed)?.[1] ?? '';
    const listed = [...database.matchAll(/^ {2}([a-z_0-9]+): \w+;$/gm)].map((match) => match[1]);
    assert.deepEqual(listed.sort(), tables.sort());
  });
});

/** Each interface of the generated file by name, with its text. */
function tablesOf(source: string): Map<string, string> {
  return new Map([...source.matchAll(/^export interface (\w+) \{\n[^}]*\}/gm)].map((match) => [match[1]!, match[0]]));
}
