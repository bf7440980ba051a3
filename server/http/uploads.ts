// Multipart uploads are parsed BEFORE the global CSRF check, which reads req.body._csrf: without this
// the token of a multipart form is invisible to it. Each parser handles only its own POST routes, only
// for a signed-in user, with size and count limits; the CSRF check still runs right after, and a
// request without a valid token is refused before any route sees the files (docs/decisions.md).
// Single pictures are parsed into memory; multi-file forms (up to 15 pictures of 15 MB) are written to
// temporary files, so a batch never sits in memory, and the files are removed when the response ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';

declare global {
  namespace Express {
    interface Request {
      uploadError?: string;
    }
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
function uploadParser(route: UploadRoute): RequestHandler {
  const limits = {
    fileSize: route.maxBytes,
    files: route.maxFiles,
    fields: 20,
    fieldSize: 4096,
    parts: route.maxFiles + 20,
    headerPairs: 200,
  };
  const onDisk = route.maxFiles > 1;
  const base = multer({
    storage: onDisk ? multer.diskStorage({ destination: uploadDirectory() }) : multer.memoryStorage(),
    limits,
  });
  const parse = route.maxFiles === 1 ? base.single(route.field) : base.array(route.field, route.maxFiles);
  const messages: Record<string, string> = {
    LIMIT_FILE_SIZE: route.messages.tooLarge,
    LIMIT_FILE_COUNT: route.messages.tooMany,
    LIMIT_UNEXPECTED_FILE: route.messages.tooMany,
    LIMIT_PART_COUNT: route.messages.tooMany,
  };
  return (req, res, next) => {
    if (req.method !== 'POST' || !req.user || !route.path.test(req.path) || !req.is('multipart/form-data'))
      return next();
    if (onDisk) res.once('close', () => removeTemporaryFiles(req));
    parse(req, res, (error?: unknown) => {
      if (error) {
        // The CSRF check still decides first; then the route shows this message beside the field.
        req.uploadError = (error instanceof multer.MulterError && messages[error.code]) || route.messages.unreadable;
        if (onDisk) removeTemporaryFiles(req);
        req.file = undefined;
        req.files = undefined;
        // multer leaves the fields it read so far; make sure _csrf is still readable when it came first.
        req.body ??= {};
      }
      next();
    });
  };
}

/** Where multi-file uploads wait while their request runs: a directory of this process's own. */
function uploadDirectory(): string {
  const directory = path.join(os.tmpdir(), `portal-uploads-${process.pid}`);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  return directory;
}

function removeTemporaryFiles(req: Parameters<RequestHandler>[0]): void {
  const files = [req.file, ...(Array.isArray(req.files) ? req.files : [])];
  for (const file of files) if (file?.path) fs.rm(file.path, { force: true }, () => undefined);
}

/**
 * The upload forms of every router, declared by the router that owns them (`uploads.accept(...)`) and
 * parsed by one middleware that createApp mounts just before the CSRF check: the forms' paths live
 * with their routes, and a multipart post that no router declared is never parsed.
 */
export class UploadForms {
  private readonly routes: UploadRoute[] = [];
  private readonly parsers: RequestHandler[] = [];

  accept(...routes: UploadRoute[]): void {
    for (const route of routes) {
      this.routes.push(route);
      this.parsers.push(uploadParser(route));
    }
  }

  middleware(): RequestHandler {
    return (req, res, next) => {
      const index = req.method === 'POST' ? this.routes.findIndex((r) => r.path.test(req.path)) : -1;
      if (index < 0) return next();
      this.parsers[index]!(req, res, next);
    };
  }
}
