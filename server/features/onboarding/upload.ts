// Parses the headshot upload (multipart) BEFORE the global CSRF check, which reads req.body._csrf:
// without this the token of a multipart form is invisible to it. Only the photo step's POST, only for
// a signed-in user, at most one file of 15 MB in memory; the CSRF check still runs right after, and a
// request without a valid token is refused before any route sees the file (docs/decisions.md).
import type { RequestHandler } from 'express';
import multer from 'multer';
import { PHOTO_MESSAGES } from './validation';

export const PHOTO_FIELD = 'headshot';
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
const PHOTO_ROUTE = /^\/profiles\/photos-for\/\d+\/?$/;

declare global {
  namespace Express {
    interface Request { uploadError?: string }
  }
}

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 200 },
}).single(PHOTO_FIELD);

const MESSAGES: Record<string, string> = {
  LIMIT_FILE_SIZE: PHOTO_MESSAGES.tooLarge,
  LIMIT_FILE_COUNT: PHOTO_MESSAGES.oneFile,
  LIMIT_UNEXPECTED_FILE: PHOTO_MESSAGES.oneFile,
};

export function photoUploadParser(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !req.user || !PHOTO_ROUTE.test(req.path) || !req.is('multipart/form-data')) return next();
    parser(req, res, (error?: unknown) => {
      if (error) {
        // The route re-renders the form with this message; the CSRF check still decides first.
        req.uploadError = (error instanceof multer.MulterError && MESSAGES[error.code]) || PHOTO_MESSAGES.unreadable;
        req.file = undefined;
      }
      next();
    });
  };
}
