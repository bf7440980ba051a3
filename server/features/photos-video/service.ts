// The rules of /profile/photos-video (spec 2 §2 Photo gallery, §4 Video status and Photo edits by
// support, §5 Photos, §9). Every function works on a profile the viewer has clinician access to and
// loads photos through that profile: another profile's photo id is not found (404).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import type { Storage } from '../../integrations/storage';
import type { JobQueue } from '../../jobs';
import {
  checkImage,
  imageInputOf,
  type UploadedPicture,
  makeHeadshotRenditions,
  makePhotoRenditions,
  deleteStoredImage,
  imageUrl,
  newImageKeys,
  smallKeyOf,
} from '../../domain/images';
import * as providers from '../../domain/providers';
import { submitSupportRequest, type SupportDeps } from '../../domain/support-requests';
import { photoRecords } from '../../domain/providers';
import { isChecked } from '../../lib/form';
import {
  GALLERY_IMAGE_MESSAGES,
  MESSAGES,
  moveSchema,
  photoEditSchema,
  videoStatusSchema,
  type VideoStatus,
} from './validation';
import { validate } from '../../lib/validation';
import type { CropFractions } from '../../domain/images';
import { mergeCustomContent } from '../../domain/profile-content';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';
import { editableProviderId } from '../../domain/accounts';

export interface PhotosVideoDeps {
  db: Knex;
  storage: Storage;
  jobs: JobQueue;
  support: Omit<SupportDeps, 'db'>;
}
export type PhotoKind = photoRecords.PhotoKind;

export class StorageFailure extends Error {}

/** The profile, only when the viewer has clinician access to it. */
export async function loadForViewer(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  providerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<photoRecords.PhotosVideoRecord> {
  const record = await photoRecords.loadRecord(db, editableProviderId(viewer, providerId), options);
  if (!record) throw new NotFoundError();
  return record;
}

/** Video status (spec 2 §4): no videos → no-video; else visible or hidden by display_video_introduction. */
export const videoStatusOf = (
  record: Pick<photoRecords.PhotosVideoRecord, 'videos' | 'displayVideoIntroduction'>,
): VideoStatus => (record.videos.length === 0 ? 'no-video' : record.displayVideoIntroduction ? 'visible' : 'hidden');

/** Photo edits by support are one-time: offered only while the profile is active and the edit is unused. */
export function photoEditAvailability(
  record: Pick<photoRecords.PhotosVideoRecord, 'status' | 'photoEditUsed'>,
): { available: true } | { available: false; reason: string } {
  if (record.photoEditUsed) return { available: false, reason: MESSAGES.editUsed };
  if (record.status !== 'active') return { available: false, reason: MESSAGES.editNotActive };
  return { available: true };
}

export interface PhotoView {
  id: number;
  kind: PhotoKind;
  full: string;
  thumb: string;
  filename: string | null;
  width: number | null;
  height: number | null;
  rendering: boolean;
}

export interface PhotosVideoData {
  record: photoRecords.PhotosVideoRecord;
  profilePhoto: { url: string; smallUrl: string } | null;
  gallery: PhotoView[];
  practice: PhotoView[];
  videoStatus: VideoStatus;
  photoEdit: ReturnType<typeof photoEditAvailability>;
}

const photoView = (row: photoRecords.PhotoRow): PhotoView => ({
  id: row.id,
  kind: row.kind,
  full: imageUrl(row.storageKey),
  thumb: imageUrl(smallKeyOf(row.storageKey)),
  filename: row.filename,
  width: row.width,
  height: row.height,
  rendering: row.sourceKey !== null,
});

export async function pageData(db: Knex, viewer: Viewer, providerId: number): Promise<PhotosVideoData> {
  const record = await loadForViewer(db, viewer, providerId);
  const photos = await photoRecords.listPhotos(
    db,
    providerId,
    record.type === 'practice' ? ['gallery', 'practice'] : ['gallery'],
  );
  return {
    record,
    profilePhoto: record.imageKey
      ? { url: imageUrl(record.imageKey), smallUrl: imageUrl(smallKeyOf(record.imageKey)) }
      : null,
    gallery: photos.filter((p) => p.kind === 'gallery').map(photoView),
    practice: photos.filter((p) => p.kind === 'practice').map(photoView),
    videoStatus: videoStatusOf(record),
    photoEdit: photoEditAvailability(record),
  };
}

/** One photo of the viewer's profile, for the confirmation page. */
export async function findPhotoForViewer(
  db: Knex,
  viewer: Viewer,
  providerId: number,
  imageId: number,
): Promise<PhotoView> {
  await loadForViewer(db, viewer, providerId);
  const photo = await photoRecords.findPhoto(db, providerId, imageId);
  if (!photo) throw new NotFoundError();
  return photoView(photo);
}

// --- Profile photo ---------------------------------------------------------------------------------

/** An uploaded headshot: exactly the wizard's rules, renditions and storage (spec 2 §2 "as in the wizard"). */
export async function uploadProfilePhoto(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  upload: {
    file?: { buffer: Buffer; size: number; originalname?: string };
    uploadError?: string;
    crop: CropFractions | null;
  },
): Promise<void> {
  try {
    await providers.saveHeadshot({ db: deps.db, storage: deps.storage }, viewer, providerId, upload);
  } catch (error) {
    if (error instanceof providers.StorageFailure) throw new StorageFailure(error.message, { cause: error });
    throw error;
  }
}

/** The profile-photo picker: a new headshot (centred square, both renditions) made from one of the photos. */
export async function chooseProfilePhoto(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  imageId: number,
): Promise<void> {
  await loadForViewer(deps.db, viewer, providerId);
  const photo = await photoRecords.findPhoto(deps.db, providerId, imageId);
  if (!photo) throw new NotFoundError();
  if (photo.sourceKey) throw new ValidationError({ image_id: MESSAGES.stillRendering });
  const source = await deps.storage.get(photo.storageKey);
  if (!source) throw new StorageFailure(`the stored photo ${photo.storageKey} is missing`);
  const renditions = await makeHeadshotRenditions(source.body, null);
  const keys = newImageKeys('headshot');
  await putBoth(deps.storage, keys, renditions.large, renditions.small);
  try {
    await deps.db.transaction(async (trx) => {
      await loadForViewer(trx, viewer, providerId, { forUpdate: true });
      if (!(await photoRecords.findPhoto(trx, providerId, imageId))) throw new NotFoundError();
      await photoRecords.insertHeadshot(trx, providerId, {
        storageKey: keys.main,
        filename: photo.filename,
        size: renditions.large.length,
      });
    });
  } catch (error) {
    await deleteStoredImage(deps.storage, keys.main);
    throw error;
  }
}

// --- Gallery and practice photos -------------------------------------------------------------------

/** Gallery uploads arrive as temporary files (`path`); a buffer works as well. */
export interface UploadedFile extends UploadedPicture {
  originalname?: string;
}

const displayName = (file: UploadedFile, index: number) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips control characters from an uploaded file name
  (file.originalname ?? '').replace(/[\u0000-\u001f]/g, '').slice(0, 120) || `Photo ${index + 1}`;

/**
 * Batches of more pixels than this (two 12-MP phone pictures) are rendered by a job, so the post
 * answers at once and a gallery of 15 large pictures never holds a request or a process for long.
 */
export const LARGE_BATCH_PIXELS = 24_000_000;
export const RENDER_PHOTOS_JOB = 'photos.render';

/**
 * Uploads up to 15 photos at once. All or nothing: every file is checked first and a single refusal
 * refuses the batch with one line per refused file (the person then knows exactly what to leave out).
 * A small batch is then re-encoded, stored and recorded in one transaction; a large one is stored as
 * uploaded and recorded together with the job that renders it (see renderWaitingPhoto).
 */
export async function uploadPhotos(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  kind: PhotoKind,
  upload: { files: UploadedFile[]; uploadError?: string },
): Promise<{ count: number; rendering: boolean }> {
  const record = await loadForViewer(deps.db, viewer, providerId);
  if (kind === 'practice' && record.type !== 'practice') throw new NotFoundError();
  if (upload.uploadError) throw new ValidationError({ [PHOTO_FIELD_OF[kind]]: upload.uploadError });
  const files = upload.files.filter((file) => file.size > 0);
  if (files.length === 0) throw new ValidationError({ [PHOTO_FIELD_OF[kind]]: MESSAGES.none });
  const problems: string[] = [];
  let pixels = 0;
  for (const [index, file] of files.entries()) {
    const check = await checkImage(file, GALLERY_IMAGE_MESSAGES);
    if (check.ok) pixels += check.width * check.height;
    else problems.push(`${displayName(file, index)}: ${check.message}`);
  }
  if (problems.length)
    throw new ValidationError({ [PHOTO_FIELD_OF[kind]]: [...problems, MESSAGES.chooseAgain].join('\n') });
  const rendering = pixels > LARGE_BATCH_PIXELS;

  const storedKeys: string[] = [];
  try {
    const photos: photoRecords.NewPhoto[] = [];
    for (const [index, file] of files.entries()) {
      const keys = newImageKeys(kind);
      if (rendering) {
        const sourceKey = newSourceKey();
        await putOriginal(
          deps.storage,
          sourceKey,
          file.path ? await fs.readFile(file.path) : (file.buffer ?? Buffer.alloc(0)),
        );
        storedKeys.push(sourceKey);
        photos.push({
          storageKey: keys.main,
          sourceKey,
          filename: displayName(file, index),
          size: null,
          width: null,
          height: null,
        });
      } else {
        const renditions = await makePhotoRenditions(imageInputOf(file));
        await putBoth(deps.storage, keys, renditions.full, renditions.thumb);
        storedKeys.push(keys.main);
        photos.push({
          storageKey: keys.main,
          filename: displayName(file, index),
          size: renditions.full.length,
          width: renditions.width,
          height: renditions.height,
        });
      }
    }
    await deps.db.transaction(async (trx) => {
      await loadForViewer(trx, viewer, providerId, { forUpdate: true });
      const ids = await photoRecords.appendPhotos(trx, providerId, kind, photos);
      // One job per photo: each is retried on its own, and the queue's workers share a batch.
      if (rendering) for (const imageId of ids) await deps.jobs.enqueue(trx, RENDER_PHOTOS_JOB, { imageId });
    });
  } catch (error) {
    await Promise.all(
      storedKeys.map((key) =>
        rendering ? deps.storage.delete(key).catch(() => undefined) : deleteStoredImage(deps.storage, key),
      ),
    );
    throw error;
  }
  return { count: files.length, rendering };
}

/** Originals waiting for their job: a flat key the image route never serves (it is not a rendition's). */
const newSourceKey = () => `original-${crypto.randomUUID()}`;

async function putOriginal(storage: Storage, key: string, body: Buffer): Promise<void> {
  try {
    await storage.put(key, body, 'application/octet-stream');
  } catch (error) {
    throw new StorageFailure('the photo could not be stored', { cause: error });
  }
}

/**
 * The job of one photo of a large batch: renders it from the stored original, stores both
 * renditions, records them, then drops the original. A photo deleted meanwhile leaves nothing behind;
 * a run that fails is retried by the queue (the original stays until a run succeeds).
 */
export async function renderWaitingPhoto(deps: { db: Knex; storage: Storage }, imageId: number): Promise<void> {
  const waiting = await photoRecords.findUnrendered(deps.db, imageId);
  if (!waiting?.sourceKey) return;
  const original = await deps.storage.get(waiting.sourceKey);
  if (!original) throw new StorageFailure(`the original of photo ${imageId} is missing`);
  const renditions = await makePhotoRenditions(original.body);
  await putBoth(
    deps.storage,
    { main: waiting.storageKey, small: smallKeyOf(waiting.storageKey) },
    renditions.full,
    renditions.thumb,
  );
  const recorded = await deps.db.transaction(async (trx) => {
    if (!(await photoRecords.findUnrendered(trx, imageId, { forUpdate: true }))) return false;
    await photoRecords.markRendered(trx, imageId, {
      size: renditions.full.length,
      width: renditions.width,
      height: renditions.height,
    });
    return true;
  });
  if (!recorded) await deleteStoredImage(deps.storage, waiting.storageKey);
  await deps.storage.delete(waiting.sourceKey).catch(() => undefined);
}

/** The form field of each kind's upload (errors are shown beside it). */
export const PHOTO_FIELD_OF: Record<PhotoKind, string> = { gallery: 'photos', practice: 'practice_photos' };

/** Moves a photo one place up or down among the photos of its kind (no JavaScript needed). */
export async function movePhoto(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  imageId: number,
  body: unknown,
): Promise<void> {
  const checked = validate<{ direction: 'up' | 'down' }>(moveSchema, body);
  await deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId, { forUpdate: true });
    const photo = await photoRecords.findPhoto(trx, providerId, imageId);
    if (!photo) throw new NotFoundError();
    if (checked.errors) throw new HttpError(400, 'Please choose up or down.');
    const all = await photoRecords.listPhotos(trx, providerId, [photo.kind]);
    const ids = all.map((p) => p.id);
    const at = ids.indexOf(photo.id);
    // The neighbour the person sees: photos still being rendered are not shown yet, so they are passed over.
    const step = checked.value.direction === 'up' ? -1 : 1;
    let to = at + step;
    while (all[to]?.sourceKey) to += step;
    if (to < 0 || to >= ids.length) return; // already first or last: nothing to do
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await photoRecords.writeOrder(trx, ids);
  });
}

/** Deletes a photo (the page asked first); the files go once the row is gone. */
export async function deletePhoto(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  imageId: number,
): Promise<void> {
  const deleted = await deps.db.transaction(async (trx) => {
    await loadForViewer(trx, viewer, providerId, { forUpdate: true });
    const photo = await photoRecords.findPhoto(trx, providerId, imageId);
    if (!photo) throw new NotFoundError();
    await photoRecords.deletePhoto(trx, photo.id);
    await photoRecords.writeOrder(
      trx,
      (await photoRecords.listPhotos(trx, providerId, [photo.kind])).map((p) => p.id),
    );
    return photo;
  });
  await deleteStoredImage(deps.storage, deleted.storageKey);
  if (deleted.sourceKey) await deps.storage.delete(deleted.sourceKey).catch(() => undefined);
}

// --- Video introduction ------------------------------------------------------------------------------

export type VideoResult = { kind: 'changed'; status: VideoStatus } | { kind: 'unchanged' } | ConfirmationNeeded;

/**
 * visible / hidden switch display_video_introduction; no-video (after confirmation) empties the list
 * and files a photo-video-edit support request to delete the video from the hosts — in one transaction.
 */
export async function setVideoStatus(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  body: Record<string, unknown>,
): Promise<VideoResult> {
  const record = await loadForViewer(deps.db, viewer, providerId);
  const checked = validate<{ status: VideoStatus }>(videoStatusSchema, body);
  if (checked.errors) throw new ValidationError({ status: checked.errors.status ?? MESSAGES.videoStatus });
  const wanted = checked.value.status;
  if (wanted === videoStatusOf(record)) return { kind: 'unchanged' };
  if (wanted !== 'no-video' && record.videos.length === 0) throw new ValidationError({ status: MESSAGES.videoNone });
  if (wanted === 'no-video' && !isChecked(body.confirmed)) return askFirst(MESSAGES.confirmNoVideo);
  await deps.db.transaction(async (trx) => {
    const current = await loadForViewer(trx, viewer, providerId, { forUpdate: true });
    if (wanted === 'no-video') {
      await mergeCustomContent(trx, providerId, { videos: [], display_video_introduction: false });
      // Filed inside the transaction: the list is emptied only together with the request to delete it.
      await submitSupportRequest({ ...deps.support, db: trx }, viewer, {
        providerId,
        template: 'photo-video-edit',
        locals: {
          edits: '',
          requestedVideoEdits: current.videos.map((video) => ({ action: 'delete-from-hosts', video })),
        },
      });
    } else {
      await mergeCustomContent(trx, providerId, { display_video_introduction: wanted === 'visible' });
    }
  });
  return { kind: 'changed', status: wanted };
}

// --- Photo edits by support ----------------------------------------------------------------------------

/** One-time photo (and video) edits by the support team; marks photo_edit_used with the request. */
export async function requestPhotoEdits(
  deps: PhotosVideoDeps,
  viewer: Viewer,
  providerId: number,
  body: unknown,
): Promise<void> {
  const record = await loadForViewer(deps.db, viewer, providerId);
  const availability = photoEditAvailability(record);
  if (!availability.available) throw new ValidationError({ edits: availability.reason });
  const checked = validate<{ edits: string; requestedVideoEdits: string }>(photoEditSchema, body);
  if (checked.errors) throw new ValidationError(checked.errors);
  await deps.db.transaction(async (trx) => {
    const current = await loadForViewer(trx, viewer, providerId, { forUpdate: true });
    const again = photoEditAvailability(current);
    if (!again.available) throw new ValidationError({ edits: again.reason });
    await mergeCustomContent(trx, providerId, { photo_edit_used: true });
    await submitSupportRequest({ ...deps.support, db: trx }, viewer, {
      providerId,
      template: 'photo-video-edit',
      locals: { edits: checked.value.edits, requestedVideoEdits: checked.value.requestedVideoEdits },
    });
  });
}

// --- storage helpers -------------------------------------------------------------------------------------

async function putBoth(
  storage: Storage,
  keys: { main: string; small: string },
  main: Buffer,
  small: Buffer,
): Promise<void> {
  try {
    await storage.put(keys.main, main, 'image/jpeg');
    await storage.put(keys.small, small, 'image/jpeg');
  } catch (error) {
    await deleteStoredImage(storage, keys.main);
    throw new StorageFailure('the photo could not be stored', { cause: error });
  }
}
