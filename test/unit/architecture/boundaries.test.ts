// The tier boundaries (.dependency-cruiser.cjs, docs/decisions.md "Two tiers and their boundaries"):
// the check passes on the portal, and it fails on a small tree that breaks each rule once.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const CLI = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The rules the check reports for the tree in `cwd` (exit code 1 when there are any). */
async function violations(cwd: string, paths: string[]): Promise<Violation[]> {
  try {
    const { stdout } = await run(process.execPath, [CLI, '--config', CONFIG, '--output-type', 'json', ...paths], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout).summary.violations as Violation[];
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout).summary.violations as Violation[];
  }
}

/** One deliberate violation of each rule. */
const BROKEN_TREE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true },
  }),
  'server/features/a/routes.ts': "import { b } from '../b/routes';\nexport const a = b;\n",
  'server/features/b/routes.ts': 'export const b = 1;\n',
  'server/http/guard.ts': "import { a } from '../features/a/routes';\nexport const guard = a;\n",
  'server/domain/m/index.ts': "export { x } from './repo';\n",
  'server/domain/m/repo.ts': 'export const x = 1;\n',
  'server/domain/n/index.ts': "import { x } from '../m/repo';\nexport const y = x;\n",
  'server/features/c/routes.ts': "import { x } from '../../domain/m/repo';\nexport const c = x;\n",
  'server/lib/p.ts': "import { q } from './q';\nexport const p = () => q;\n",
  'server/lib/q.ts': "import { p } from './p';\nexport const q = 1;\nexport const r = () => p;\n",
  'server/lib/leaf.ts': "import { x } from '../domain/m';\nexport const leaf = x;\n",
  'server/features/d/routes.ts': "import { s } from '../../../seeds/s';\nexport const d = s;\n",
  'seeds/s.ts': 'export const s = 1;\n',
  'views/v.tsx': "import { x } from '../server/domain/m';\nexport const v = x;\n",
  'migrations/001_first.ts': "import { x } from '../server/domain/m';\nexport const up = x;\n",
  'islands/i.tsx': "import { x } from '../server/domain/m';\nexport const i = x;\n",
  'server/integrations/mail/index.ts': "export { send } from './smtp';\n",
  'server/integrations/mail/smtp.ts': "import { x } from '../../domain/m';\nexport const send = x;\n",
  'server/jobs/catalog.ts': "import { b } from '../features/b/routes';\nexport const jobs = b;\n",
  'server/domain/o/index.ts': "import { send } from '../../integrations/mail/smtp';\nexport const o = send;\n",
  'server/domain/accounts/index.ts': 'export interface Viewer { id: number }\nexport const signIn = 1;\n',
  'server/http/typed.ts':
    "import type { Viewer } from '../domain/accounts';\nimport type { x } from '../domain/m';\nexport type T = [Viewer, typeof x];\n",
  'server/domain/views-of-its-own.ts': "import { v } from '../../views/v';\nexport const w = v;\n",
  'server/presenters/p.ts': "import { x } from '../domain/m';\nexport const shown = x;\n",
  'server/domain/m/shows.ts': "import { shown } from '../../presenters/p';\nexport const z = shown;\n",
  'server/features/e/repo.ts':
    "import knex from 'knex';\nimport type { Knex } from 'knex';\nexport const q = (db: Knex) => knex.raw('1', db);\n",
  'server/http/calls.ts': "import { signIn } from '../domain/accounts';\nexport const c = signIn;\n",
};

describe('tier boundaries (dependency-cruiser)', function () {
  this.timeout(60_000);

  it('the portal breaks none of them', async () => {
    const found = await violations(ROOT, ['server', 'views', 'islands', 'migrations', 'seeds']);
    assert.deepEqual(
      found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`),
      [],
    );
  });

  it('each rule fails on a deliberate violation', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-boundaries-'));
    try {
      for (const [file, text] of Object.entries(BROKEN_TREE)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      const found = await violations(dir, ['server', 'views', 'islands', 'migrations', 'seeds']);
      const byRule = (name: string) => found.filter((v) => v.rule.name === name).map((v) => `${v.from} → ${v.to}`);
      assert.deepEqual(byRule('feature-to-feature'), ['server/features/a/routes.ts → server/features/b/routes.ts']);
      assert.deepEqual(byRule('http-to-features-or-domain'), [
        'server/http/guard.ts → server/features/a/routes.ts',
        // Only the accounts module's types are named by the web layer; another module's are not, even as types.
        'server/http/typed.ts → server/domain/m/index.ts',
      ]);
      assert.deepEqual(byRule('http-names-accounts-types-only'), [
        'server/http/calls.ts → server/domain/accounts/index.ts',
      ]);
      assert.deepEqual(byRule('features-run-no-sql'), ['server/features/e/repo.ts → knex']);
      assert.deepEqual(byRule('domain-to-views'), ['server/domain/views-of-its-own.ts → views/v.tsx']);
      assert.deepEqual(byRule('domain-to-presenters'), ['server/domain/m/shows.ts → server/presenters/p.ts']);
      assert.deepEqual(byRule('islands-to-server'), ['islands/i.tsx → server/domain/m/index.ts']);
      assert.deepEqual(byRule('integrations-to-inner-tiers'), [
        'server/integrations/mail/smtp.ts → server/domain/m/index.ts',
      ]);
      assert.deepEqual(byRule('infrastructure-to-features'), ['server/jobs/catalog.ts → server/features/b/routes.ts']);
      assert.deepEqual(byRule('integration-private'), ['server/domain/o/index.ts → server/integrations/mail/smtp.ts']);
      assert.deepEqual(byRule('domain-private'), ['server/features/c/routes.ts → server/domain/m/repo.ts']);
      assert.deepEqual(byRule('domain-private-between-modules'), [
        'server/domain/n/index.ts → server/domain/m/repo.ts',
      ]);
      assert.ok(byRule('no-circular').length > 0, 'the import circle of server/lib/p.ts and q.ts is found');
      assert.deepEqual(byRule('lib-is-a-leaf'), ['server/lib/leaf.ts → server/domain/m/index.ts']);
      assert.deepEqual(byRule('production-to-seeds-or-tests'), ['server/features/d/routes.ts → seeds/s.ts']);
      assert.deepEqual(byRule('views-to-server'), ['views/v.tsx → server/domain/m/index.ts']);
      assert.deepEqual(byRule('migrations-frozen'), ['migrations/001_first.ts → server/domain/m/index.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
