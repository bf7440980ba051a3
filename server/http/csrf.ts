// CSRF protection in two forms. A signed-in person's token lives in their session (csrf-sync, the
// synchronizer pattern). A visitor's forms (sign-in, sign-up, password reset) use a signed
// double-submit cookie (csrf-csrf) instead, so merely opening a signed-out page stores no session:
// a session row is written only when there is something to keep (a flash, a return path, a sign-in).
import cookieParser from 'cookie-parser';
import { csrfSync } from 'csrf-sync';
import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler } from 'express';

export const VISITOR_CSRF_COOKIE = 'portal.csrf';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const tokenOf = (req: Request) =>
  (req.body?._csrf as string | undefined) ?? (req.headers['x-csrf-token'] as string | undefined);

/** passport keeps the signed-in user in the session; anyone else is a visitor. */
const isSignedIn = (req: Request) =>
  Boolean((req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user);

const refused = () => Object.assign(new Error('invalid csrf token'), { code: 'EBADCSRFTOKEN', status: 403 });

export function csrfProtection(secret: string): RequestHandler[] {
  const session = csrfSync({ size: 32, getTokenFromRequest: tokenOf });
  const visitor = doubleCsrf({
    getSecret: () => secret,
    // A visitor has no session to bind to; the token is bound to the random value in its own signed cookie.
    getSessionIdentifier: () => 'visitor',
    cookieName: VISITOR_CSRF_COOKIE,
    cookieOptions: { sameSite: 'lax', path: '/', httpOnly: true },
    getCsrfTokenFromRequest: tokenOf,
    size: 32,
  });
  const protect: RequestHandler = (req, res, next) => {
    const signedIn = isSignedIn(req);
    req.csrfToken = signedIn
      ? () => session.generateToken(req)
      : () => visitor.generateCsrfToken(req, res, { cookieOptions: { secure: req.secure } });
    if (!STATE_CHANGING.has(req.method) || req.path.startsWith('/api/')) return next();
    const valid = signedIn ? session.isRequestValid(req) : visitor.validateRequest(req);
    next(valid ? undefined : refused());
  };
  return [cookieParser(), protect];
}
