// The API's contract: openapi.json beside this file (OpenAPI 3.1) describes every /api/v1 endpoint, and is
// the one source of truth for it. It is served at /api/v1/openapi.json (no token), naming the portal's own
// address, and the tests hold every request the API accepts and every answer it gives to it (contract-check.ts).
import type { RequestHandler } from 'express';
// Imported, not read from disk: the production build bundles it (dist/ has no server/api folder).
import description from './openapi.json' with { type: 'json' };

/** Where the API is mounted; the description's paths are relative to it. */
export const API_BASE_PATH = '/api/v1';

/** An OpenAPI document, as far as the portal reads it. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The description as the repository holds it. */
export function apiDescription(): OpenApiDocument {
  return description as unknown as OpenApiDocument;
}

/** The description may be cached this long: it changes only with a release. */
const CACHE_SECONDS = 3600;

/** GET /openapi.json: the description, with the portal's own address under `servers` (a relative one without it). */
export function serveApiDescription(portalUrl?: string): RequestHandler {
  const url = portalUrl ? `${portalUrl.replace(/\/+$/, '')}${API_BASE_PATH}` : API_BASE_PATH;
  const served = { ...apiDescription(), servers: [{ url, description: 'This portal.' }] };
  return (_req, res) => {
    // The portal answers no-store by default; this answer is public and the same for everyone.
    res.set('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
    res.json(served);
  };
}
