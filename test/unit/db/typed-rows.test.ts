// Typed rows (server/db/typed-tables.d.ts): a query of a registered table that names a column the table does
// not have fails the type check. A tiny program is checked with the repository's compiler settings: the right
// queries pass, and each wrong one fails on its own line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT_DIR } from '../../../server/db/knex';

const run = promisify(execFile);

/** Each function's body is one query; those named wrong* name a column `tags` does not have (`title`). */
const FIXTURE = `import type { Knex } from 'knex';

export async function right(db: Knex) {
  const tag = await db('tags').where({ slug: 'anxiety', type: 'specialties' }).first();
  await db('tags').insert({ name: 'Anxiety', slug: 'anxiety', type: 'specialties', updated_at: db.fn.now() });
  await db('tags').where({ id: 1 }).update({ name: 'Stress' });
  const id: number | undefined = tag?.id;
  return [tag?.name, id];
}
export async function wrongRead(db: Knex) {
  return (await db('tags').where({ slug: 'anxiety' }).first())?.title;
}
export async function wrongInsert(db: Knex) {
  await db('tags').insert({ title: 'Anxiety', slug: 'anxiety', type: 'specialties' });
}
export async function wrongUpdate(db: Knex) {
  await db('tags').where({ id: 1 }).update({ title: 'Stress' });
}
export async function wrongWhere(db: Knex) {
  return db('tags').where({ title: 'Anxiety' });
}
export async function wrongType(db: Knex) {
  const name: number | undefined = (await db('tags').first())?.name;
  return name;
}
`;

describe('typed rows (knex tables registered from the generated types)', function () {
  this.timeout(120_000);
  let dir: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(ROOT_DIR, '.data', 'typed-rows-'));
    fs.writeFileSync(path.join(dir, 'fixture.ts'), FIXTURE);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: path.join(ROOT_DIR, 'tsconfig.json'),
        include: [],
        files: ['fixture.ts', path.join(ROOT_DIR, 'server/db/typed-tables.d.ts')],
      }),
    );
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a wrong column name in a read, an insert, an update or a where fails the type check; right ones pass', async () => {
    const errors = await typeErrors(dir);
    const lines = FIXTURE.split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
    assert.deepEqual(
      errors.map((error) => error.line).sort((a, b) => a - b),
      [
        lineOf(')?.title;'),
        lineOf("insert({ title: 'Anxiety'"),
        lineOf("update({ title: 'Stress' })"),
        lineOf("where({ title: 'Anxiety' })"),
        lineOf('const name: number'),
      ],
      errors.map((error) => error.text).join('\n'),
    );
    for (const error of errors.filter((e) => e.line !== lineOf('const name: number')))
      assert.match(error.text, /title/, error.text);
  });
});

async function typeErrors(dir: string): Promise<{ line: number; text: string }[]> {
  const tsc = path.join(ROOT_DIR, 'node_modules/typescript/bin/tsc');
  try {
    await run(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', path.join(dir, 'tsconfig.json')]);
    return [];
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout.includes('error TS')) throw error;
    return [...stdout.matchAll(/fixture\.ts\((\d+),\d+\): (error TS\d+: .*(?:\n[ \t]+.*)*)/g)].map((match) => ({
      line: Number(match[1]),
      text: match[2]!,
    }));
  }
}
