// Parses the headshot upload (multipart) BEFORE the global CSRF check, which reads req.body._csrf:
// without this the token of a multipart form is invisible to it. Only the photo step's POST, only for
// a signed-in user, at most one file of 15 MB in memory; the CSRF check still runs right after, and a
// request without a valid token is refused before any route sees the file (docs/decisions.md).
import type { RequestHandler } from 'express';
import { uploadParser } from '../../http/uploads';
import { PHOTO_MESSAGES } from '../../features/onboarding/validation';

export const PHOTO_FIELD = 'headshot';
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const PHOTO_ROUTE = /^\/profiles\/photos-for\/\d+\/?$/;

export function photoUploadParser(): RequestHandler {
  return uploadParser({
    path: PHOTO_ROUTE, field: PHOTO_FIELD, maxFiles: 1, maxBytes: MAX_PHOTO_BYTES,
    messages: { tooLarge: PHOTO_MESSAGES.tooLarge, tooMany: PHOTO_MESSAGES.oneFile, unreadable: PHOTO_MESSAGES.unreadable },
  });
}
