// The images table: the profile's headshots and its gallery and practice photos (their order, and the
// photos still waiting for their renditions). The profile pages and the wizard record their pictures here.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import type { ImageKind } from './stored';

export type Db = Knex | Knex.Transaction;
export type PhotoKind = Extract<ImageKind, 'gallery' | 'practice'>;

/** `sourceKey` is set while the photo waits for its rendering job (large batches; see images.source_key). */
export interface PhotoRow {
  id: number;
  kind: PhotoKind;
  storageKey: string;
  sourceKey: string | null;
  filename: string | null;
  width: number | null;
  height: number | null;
  sortOrder: number;
}

const PHOTO_COLUMNS = ['id', 'kind', 'storage_key', 'source_key', 'filename', 'width', 'height', 'sort_order'] as const;

// The queries below ask only for gallery and practice photos.
const toPhoto = (r: Pick<Row<'images'>, (typeof PHOTO_COLUMNS)[number]>): PhotoRow => ({
  id: r.id,
  kind: r.kind as PhotoKind,
  storageKey: r.storage_key,
  sourceKey: r.source_key,
  filename: r.filename,
  width: r.width,
  height: r.height,
  sortOrder: r.sort_order,
});

/** The provider's photos of these kinds, in their order. */
export async function listPhotos(db: Db, providerId: number, kinds: PhotoKind[]): Promise<PhotoRow[]> {
  const rows = await db('images')
    .where({ provider_id: providerId })
    .whereIn('kind', kinds)
    .orderBy([{ column: 'sort_order' }, { column: 'id' }])
    .select(...PHOTO_COLUMNS);
  return rows.map(toPhoto);
}

/** One photo of the provider (gallery or practice); another provider's id is simply not there. */
export async function findPhoto(db: Db, providerId: number, imageId: number): Promise<PhotoRow | null> {
  const row = await db('images')
    .where({ id: imageId, provider_id: providerId })
    .whereIn('kind', ['gallery', 'practice'])
    .first(...PHOTO_COLUMNS);
  return row ? toPhoto(row) : null;
}

/** A rendered photo, or (with `sourceKey`) one whose renditions a job will make from the stored original. */
export interface NewPhoto {
  storageKey: string;
  sourceKey?: string;
  filename: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
}

/** Appends the photos after the existing ones of that kind, in the order given; answers their ids. */
export async function appendPhotos(
  trx: Db,
  providerId: number,
  kind: PhotoKind,
  photos: NewPhoto[],
): Promise<number[]> {
  const last = await trx('images')
    .where({ provider_id: providerId, kind })
    .max<{ max: number | null }>('sort_order as max')
    .first();
  const start = (last?.max ?? -1) + 1;
  const rows = await trx('images')
    .insert(
      photos.map((photo, index) => ({
        provider_id: providerId,
        kind,
        storage_key: photo.storageKey,
        source_key: photo.sourceKey ?? null,
        filename: photo.filename,
        mimetype: 'image/jpeg',
        size: photo.size,
        width: photo.width,
        height: photo.height,
        sort_order: start + index,
      })),
    )
    .returning('id');
  return rows.map((row) => row.id);
}

/** A photo still waiting for its renditions (null once rendered or deleted). */
export async function findUnrendered(
  db: Db,
  imageId: number,
  options: { forUpdate?: boolean } = {},
): Promise<PhotoRow | null> {
  const row = await db('images')
    .where({ id: imageId })
    .whereNotNull('source_key')
    .modify((q) => {
      if (options.forUpdate) q.forUpdate();
    })
    .first(...PHOTO_COLUMNS);
  return row ? toPhoto(row) : null;
}

/** Records the renditions of a waiting photo: it is then an ordinary photo. */
export async function markRendered(
  trx: Db,
  imageId: number,
  rendered: { size: number; width: number; height: number },
): Promise<void> {
  await trx('images')
    .where({ id: imageId })
    .update({ source_key: null, ...rendered });
}

/** Writes sort_order 0..n-1 in the order of the ids given. */
export async function writeOrder(trx: Db, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries()) await trx('images').where({ id }).update({ sort_order: index });
}

export async function deletePhoto(trx: Db, imageId: number): Promise<void> {
  await trx('images').where({ id: imageId }).delete();
}

/** How many gallery photos the provider has, as a column `alias` of a query whose `providerColumn` names the profile. */
export function galleryCountColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw(`(select count(*)::int from images i where i.provider_id = ?? and i.kind = 'gallery') as ??`, [
    providerColumn,
    alias,
  ]);
}

/** Records a new headshot of the provider (the caller makes it the profile photo). */
export async function recordHeadshot(
  trx: Db,
  providerId: number,
  image: { storageKey: string; filename: string | null; size: number; width: number; height: number },
): Promise<void> {
  await trx('images').insert({
    provider_id: providerId,
    kind: 'headshot',
    storage_key: image.storageKey,
    filename: image.filename,
    mimetype: 'image/jpeg',
    size: image.size,
    width: image.width,
    height: image.height,
    profile_ar: true,
  });
}
