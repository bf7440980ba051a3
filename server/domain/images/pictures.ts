// The one picture of a therapy group and of an unregistered practice provider, through the portal's
// shared picture rules (content type from the bytes, pixel limit, ≥ 100 KB, not grayscale, re-encoded
// as JPEG without metadata). The routers that own their forms declare the uploads (http/uploads.ts).
import crypto from 'node:crypto';
import type { Storage } from '../../integrations/storage';
import { checkImage, IMAGE_MESSAGES as SHARED_IMAGE_MESSAGES } from './checks';
import { makeHeadshotRenditions, makePhotoRenditions } from './renditions';
import { PHOTO_MESSAGES } from './headshot-rules';

export const IMAGE_FIELD = 'image';

/** What the upload parser says of a group's or an unregistered provider's picture. */
export const PICTURE_UPLOAD_MESSAGES = {
  tooLarge: PHOTO_MESSAGES.tooLarge,
  tooMany: PHOTO_MESSAGES.oneFile,
  unreadable: PHOTO_MESSAGES.unreadable,
};

export interface UploadedImage {
  buffer: Buffer;
  size: number;
  originalname?: string;
}

/** A chosen file, or null when none was chosen (an empty file part counts as none). */
export const chosenFile = (file: UploadedImage | undefined): UploadedImage | null =>
  file && file.size > 0 ? file : null;

/** Why the picture is refused, or null when it passes the portal's photo rules. */
export async function imageProblem(file: UploadedImage): Promise<string | null> {
  const check = await checkImage(file, SHARED_IMAGE_MESSAGES);
  return check.ok ? null : check.message;
}

/**
 * Re-encodes and stores the picture; returns its storage key. A group picture keeps its shape (at most
 * 1600 px on its longest side); a provider's picture is a centred 400x400 headshot.
 */
export async function storeImage(
  storage: Storage,
  prefix: 'group' | 'clinician',
  file: UploadedImage,
): Promise<string> {
  const body =
    prefix === 'group'
      ? (await makePhotoRenditions(file.buffer)).full
      : (await makeHeadshotRenditions(file.buffer, null)).large;
  const key = `${prefix}-${crypto.randomUUID()}.jpg`;
  try {
    await storage.put(key, body, 'image/jpeg');
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  return key;
}

/** The keys these features make (served only when recorded, see the routes' image handlers). */
export const IMAGE_KEY = { group: /^group-[0-9a-f-]{36}\.jpg$/, clinician: /^clinician-[0-9a-f-]{36}\.jpg$/ } as const;

/**
 * The picture lifecycle of a group or an unregistered provider: the new picture (if any) is stored
 * first, then `work` records it; if that fails the stored file is removed again. Answers what `work` answered.
 */
export async function withStoredPicture<T>(
  storage: Storage,
  prefix: 'group' | 'clinician',
  file: UploadedImage | null,
  work: (key: string | null) => Promise<T>,
): Promise<T> {
  const key = file ? await storeImage(storage, prefix, file) : null;
  try {
    return await work(key);
  } catch (error) {
    if (key) await storage.delete(key).catch(() => {});
    throw error;
  }
}

/** Removes a picture that a committed change replaced or deleted; a failure leaves an orphan file, never an error. */
export async function discardPicture(storage: Storage, key: string | null | undefined): Promise<void> {
  if (key) await storage.delete(key).catch(() => {});
}
