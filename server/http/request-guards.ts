// Two guards every dynamic response passes: the origin check behind the CSRF token, and the rule that
// nothing rendered for a person (a page with a token, a signed-in page) may be kept by a cache.
import type { RequestHandler } from 'express';
import { HttpError } from '../lib/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A second layer under the CSRF token: a state-changing request that says where it comes from (Origin, or
 * Referer when Origin is absent) must come from the portal itself. Requests with neither header stay
 * allowed (some privacy tools strip both); the token still guards them. The directory API under /api/
 * is token-authenticated and cookieless, so it is not a CSRF target and is left out.
 */
export function sameOriginPosts(portalUrl: string): RequestHandler {
  const portalOrigin = new URL(portalUrl).origin;
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || req.path.startsWith('/api/')) return next();
    const claimed = req.headers.origin ?? originOf(req.headers.referer);
    if (claimed === undefined) return next();
    const ownOrigin = req.headers.host ? `${req.protocol}://${req.headers.host}` : undefined;
    if (claimed === portalOrigin || claimed === ownOrigin) return next();
    next(Object.assign(new Error(`cross-origin ${req.method} refused (Origin ${claimed})`), { code: 'EBADCSRFTOKEN' }));
  };
}

/** The origin of a Referer, "null" when it is unreadable (so it never matches), undefined when absent. */
function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Every response after the static files is made for one person or carries a form token, so no shared
 * proxy or browser cache may keep it. Built assets (/build, served before this) keep their long,
 * immutable caching.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * A NUL byte in the address (%00 in the path or query string) is never meant: no page reads one and
 * PostgreSQL cannot store one, so it is refused with 400 before any page sees it.
 */
export const refuseNulInAddress: RequestHandler = (req, _res, next) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point of this guard
  if (/%00|\u0000/i.test(req.originalUrl))
    return next(
      new HttpError(400, 'The address contains an invisible control character. Check the link and try again.'),
    );
  next();
};

/** express.json's verify step: a body nested deeper than any form or island sends is refused with 400 before parsing. */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (nestsDeeperThan(body))
    throw new HttpError(400, `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`);
}
