// Multipart uploads are parsed BEFORE the global CSRF check, which reads req.body._csrf: without this
// the token of a multipart form is invisible to it. Each parser handles only its own POST routes, only
// for a signed-in user, in memory with size and count limits; the CSRF check still runs right after,
// and a request without a valid token is refused before any route sees the files (docs/decisions.md).
import type { RequestHandler } from 'express';
import multer from 'multer';

declare global {
  namespace Express {
    interface Request { uploadError?: string }
  }
}

export interface UploadRoute {
  /** The POST paths this parser handles (matched against req.path). */
  path: RegExp;
  /** Name of the file field. */
  field: string;
  /** 1 → req.file; more → req.files (an array). */
  maxFiles: number;
  maxBytes: number;
  messages: { tooLarge: string; tooMany: string; unreadable: string };
}

/** One parser for one upload form; failures become req.uploadError (the route re-renders with it). */
export function uploadParser(route: UploadRoute): RequestHandler {
  const limits = { fileSize: route.maxBytes, files: route.maxFiles, fields: 20, fieldSize: 4096, parts: route.maxFiles + 20, headerPairs: 200 };
  const base = multer({ storage: multer.memoryStorage(), limits });
  const parse = route.maxFiles === 1 ? base.single(route.field) : base.array(route.field, route.maxFiles);
  const messages: Record<string, string> = {
    LIMIT_FILE_SIZE: route.messages.tooLarge,
    LIMIT_FILE_COUNT: route.messages.tooMany,
    LIMIT_UNEXPECTED_FILE: route.messages.tooMany,
    LIMIT_PART_COUNT: route.messages.tooMany,
  };
  return (req, res, next) => {
    if (req.method !== 'POST' || !req.user || !route.path.test(req.path) || !req.is('multipart/form-data')) return next();
    parse(req, res, (error?: unknown) => {
      if (error) {
        // The CSRF check still decides first; then the route shows this message beside the field.
        req.uploadError = (error instanceof multer.MulterError && messages[error.code]) || route.messages.unreadable;
        req.file = undefined;
        req.files = undefined;
        // multer leaves the fields it read so far; make sure _csrf is still readable when it came first.
        req.body ??= {};
      }
      next();
    });
  };
}

/** Several upload forms as one middleware (app.ts mounts it just before the CSRF check). */
export function uploadParsers(routes: UploadRoute[]): RequestHandler {
  const parsers = routes.map(uploadParser);
  return (req, res, next) => {
    const index = routes.findIndex((r) => req.method === 'POST' && r.path.test(req.path));
    if (index < 0) return next();
    parsers[index]!(req, res, next);
  };
}
