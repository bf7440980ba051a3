// Storage on the local disk, under DATA_DIR/uploads: the default, and what the tests use.
// Each file is written to a temporary name first and renamed, so a reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './port';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export function createLocalDiskStorage(dir: string): Storage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      const target = pathOf(key);
      await fs.mkdir(dir, { recursive: true });
      const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temporary, body, { mode: 0o640 });
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        const body = await fs.readFile(pathOf(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
