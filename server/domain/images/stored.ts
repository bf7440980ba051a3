// Keys of stored pictures, and serving them: only keys the portal made for a recorded image row
// (a guessed or foreign name is simply not found). Keys are flat, made here, never a user's file name.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Storage, StoredFile } from '../../integrations/storage';

export type ImageKind = 'headshot' | 'gallery' | 'practice';

/** headshot-{uuid}.jpg (+ -250), gallery-/practice-{uuid}.jpg (+ -thumb). */
const KEY =
  /^((?:headshot|gallery|practice)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-250|-thumb)?\.jpg$/;

export function newImageKeys(kind: ImageKind): { main: string; small: string } {
  const base = `${kind}-${crypto.randomUUID()}`;
  return { main: `${base}.jpg`, small: kind === 'headshot' ? `${base}-250.jpg` : `${base}-thumb.jpg` };
}

/** The small rendition's key of a recorded image key (250x250 for headshots, the thumbnail otherwise). */
export const smallKeyOf = (key: string) =>
  key.startsWith('headshot-') ? key.replace(/\.jpg$/, '-250.jpg') : key.replace(/\.jpg$/, '-thumb.jpg');

export const imageUrl = (key: string) => `/uploads/${key}`;

/** The stored file of a key that belongs to a recorded image (either rendition), else null. */
export async function storedImage(db: Knex, storage: Storage, key: string): Promise<StoredFile | null> {
  const match = KEY.exec(key);
  if (!match) return null;
  const recorded = await db('images')
    .where({ storage_key: `${match[1]}.jpg` })
    .first('id');
  return recorded ? storage.get(key) : null;
}

/** Removes both renditions; used after a delete is committed, and to undo a put that was not recorded. */
export async function deleteStoredImage(storage: Storage, key: string): Promise<void> {
  await Promise.allSettled([storage.delete(key), storage.delete(smallKeyOf(key))]);
}
