// The one picture upload of a therapy group and of an unregistered practice provider. It reuses the
// portal's image pipeline (server/features/onboarding/headshot.ts: type read from the bytes, ≥ 100 KB,
// not grayscale, pixel limit, re-encoded without metadata) and, like the headshot step, parses the
// multipart body BEFORE the global CSRF check so the form's _csrf field is visible to it.
import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import multer from 'multer';
import type { Storage } from '../../integrations/storage/port';
import { checkHeadshot, makeRenditions } from '../onboarding/headshot';
import { MAX_PHOTO_BYTES } from '../onboarding/upload';
import { PHOTO_MESSAGES } from '../onboarding/validation';

export const IMAGE_FIELD = 'image';

/** The multipart forms of these features (create and update of a group or an unregistered provider). */
const IMAGE_ROUTES = [/^\/therapy-groups\/?$/, /^\/therapy-groups\/\d+\/?$/, /^\/practice\/providers\/unregistered(\/\d+)?\/?$/];

export const IMAGE_MESSAGES = {
  // The headshot wording says "of yourself"; these pictures show a group or a colleague.
  grayscale: 'This photo looks black-and-white or grayscale. Please upload a more colorful picture.',
  error: 'There was an error saving the image.',
} as const;

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 40, fieldSize: 20_000, parts: 42, headerPairs: 200 },
}).single(IMAGE_FIELD);

const MULTER_MESSAGES: Record<string, string> = {
  LIMIT_FILE_SIZE: PHOTO_MESSAGES.tooLarge,
  LIMIT_FILE_COUNT: PHOTO_MESSAGES.oneFile,
  LIMIT_UNEXPECTED_FILE: PHOTO_MESSAGES.oneFile,
};

/** Only POSTs of the routes above, only for a signed-in user; the CSRF check runs right after it. */
export function groupAndProviderImageParser(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !req.user || !req.is('multipart/form-data') || !IMAGE_ROUTES.some((route) => route.test(req.path))) return next();
    parser(req, res, (error?: unknown) => {
      if (error) {
        req.uploadError = (error instanceof multer.MulterError && MULTER_MESSAGES[error.code]) || PHOTO_MESSAGES.unreadable;
        req.file = undefined;
      }
      next();
    });
  };
}

export interface UploadedImage { buffer: Buffer; size: number; originalname?: string }

/** A chosen file, or null when none was chosen (an empty file part counts as none). */
export const chosenFile = (file: UploadedImage | undefined): UploadedImage | null => (file && file.size > 0 ? file : null);

/** Why the picture is refused, or null when it passes the portal's photo rules. */
export async function imageProblem(file: UploadedImage): Promise<string | null> {
  const check = await checkHeadshot(file);
  if (check.ok) return null;
  return check.message === PHOTO_MESSAGES.grayscale ? IMAGE_MESSAGES.grayscale : check.message;
}

/** Re-encodes (400x400 square, JPEG, no metadata) and stores it; returns the storage key. */
export async function storeImage(storage: Storage, prefix: 'group' | 'clinician', file: UploadedImage): Promise<string> {
  const { large } = await makeRenditions(file.buffer, null);
  const key = `${prefix}-${crypto.randomUUID()}.jpg`;
  try {
    await storage.put(key, large, 'image/jpeg');
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  return key;
}

/** Where a stored picture of these features is served (see the routes' image handlers). */
export const IMAGE_KEY = { group: /^group-[0-9a-f-]{36}\.jpg$/, clinician: /^clinician-[0-9a-f-]{36}\.jpg$/ } as const;
