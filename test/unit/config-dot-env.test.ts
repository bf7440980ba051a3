// The server and the worker read .env from their working folder when there is one; a variable set in
// the environment wins over it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CONFIG = path.resolve('server/config.ts');
/** tsx's loader, by its file: the child runs in a folder where the package cannot be found by name. */
const TSX = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;

function settingsIn(dir: string, env: Record<string, string>): { brandName: string; port: number } {
  const script = `import(${JSON.stringify(CONFIG)}).then((m) => { const c = m.loadConfigOrExit(); console.log(JSON.stringify({ brandName: c.brandName, port: c.port })); })`;
  const run = spawnSync(process.execPath, ['--import', TSX, '-e', script], {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

describe('settings from .env', function () {
  this.timeout(30_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dot-env-'));
    fs.writeFileSync(path.join(dir, '.env'), 'BRAND_NAME=Calm Waters Portal\nPORT=4321\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are read when the environment does not set them, and lose to it when it does', () => {
    const { BRAND_NAME: _brand, PORT: _port, ...rest } = process.env;
    const clean = Object.fromEntries(
      Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    assert.deepEqual(settingsIn(dir, clean), { brandName: 'Calm Waters Portal', port: 4321 });
    assert.deepEqual(settingsIn(dir, { ...clean, PORT: '5555' }), { brandName: 'Calm Waters Portal', port: 5555 });
  });
});
