// The local-disk storage adapter the headshots go through (server/integrations/storage).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalDiskStorage } from '../../../../server/integrations/storage/local-disk';

describe('local-disk storage adapter', () => {
  const dir = path.join(os.tmpdir(), `storage-test-${process.pid}`);
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stores, reads back with a content type, and deletes (a missing file is null)', async () => {
    const storage = createLocalDiskStorage(dir);
    await storage.put('headshot-abc.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const file = await storage.get('headshot-abc.jpg');
    assert.equal(file?.body.toString(), 'jpeg bytes');
    assert.equal(file?.contentType, 'image/jpeg');
    assert.deepEqual(fs.readdirSync(dir), ['headshot-abc.jpg'], 'no temporary file left behind');
    await storage.delete('headshot-abc.jpg');
    assert.equal(await storage.get('headshot-abc.jpg'), null);
    await storage.delete('headshot-abc.jpg');
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = createLocalDiskStorage(dir);
    for (const key of ['../escape.jpg', 'a/b.jpg', '.hidden', '', 'x'.repeat(300)]) {
      await assert.rejects(storage.put(key, Buffer.from('x'), 'image/jpeg'), /invalid storage key/, key);
      await assert.rejects(storage.get(key), /invalid storage key/, key);
    }
  });
});
