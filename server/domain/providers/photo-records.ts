// The profile's photos and videos (/profile/photos-video): its photo and video fields, its gallery and
// practice photos (images rows), and their order.
import type { Knex } from 'knex';
import { recordHeadshot } from '../images';
import { contentOf } from '../profile-content';
import { PROVIDER_BASIC_COLUMNS, type ProviderBasics, providerBasicsOf } from './basics';

export type Db = Knex | Knex.Transaction;
// The gallery and practice photos are rows of the images module's table.
export {
  appendPhotos,
  deletePhoto,
  findPhoto,
  findUnrendered,
  listPhotos,
  markRendered,
  type NewPhoto,
  type PhotoKind,
  type PhotoRow,
  writeOrder,
} from '../images';

export interface PhotosVideoRecord extends ProviderBasics {
  videos: unknown[];
  displayVideoIntroduction: boolean;
  photoEditUsed: boolean;
}

export async function loadRecord(
  db: Db,
  providerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<PhotosVideoRecord | null> {
  const row = await db('providers')
    .where({ id: providerId })
    .modify((q) => {
      if (options.forUpdate) q.forUpdate();
    })
    .first(...PROVIDER_BASIC_COLUMNS, 'custom_content');
  if (!row) return null;
  const content = contentOf(row.custom_content);
  return {
    ...providerBasicsOf(row),
    videos: Array.isArray(content.videos) ? content.videos : [],
    displayVideoIntroduction: content.display_video_introduction === true,
    photoEditUsed: content.photo_edit_used === true,
  };
}

/** Records a new headshot made from a photo and makes it the profile photo (as the wizard does). */
export async function insertHeadshot(
  trx: Db,
  providerId: number,
  image: { storageKey: string; filename: string | null; size: number },
): Promise<void> {
  await recordHeadshot(trx, providerId, { ...image, width: 400, height: 400 });
  await trx('providers').where({ id: providerId }).update({ image_key: image.storageKey });
}
