// Route guards. A visitor on a signed-in route goes to /login, keeping ?email= and carrying the path to
// return to in the query (?next=): a signed-out visit stores nothing, so it writes no session row.
import type { RequestHandler } from 'express';

/** Longer return paths are dropped (a page's own URL is far shorter). */
const MAX_RETURN_PATH = 2000;

/** The /login address that returns to `path` after sign-in (the home page needs no return path). */
export function loginPathFor(path: string, email?: string | null): string {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  const next = localPath(path);
  if (next && new URL(next, 'http://portal.invalid').pathname !== '/') query.set('next', next);
  const search = query.toString();
  return search ? `/login?${search}` : '/login';
}

export const requireSignIn: RequestHandler = (req, res, next) => {
  if (res.locals.viewer) return next();
  if (req.accepts(['html', 'json']) === 'json') {
    res.status(401).json({ message: 'missing-authentication' });
    return;
  }
  const email = typeof req.query.email === 'string' ? req.query.email : null;
  res.redirect(303, loginPathFor(req.method === 'GET' ? req.originalUrl : '/', email));
};

/**
 * A path on this site, or null: one leading '/', not '//' or '/\' (another host), no backslash and no
 * control characters (browsers drop tabs and newlines, so '/\t/evil.example' would become '//evil.example').
 */
export function localPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a return path with a control character is refused
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/** Only same-site paths may be returned to after sign-in (no open redirect). */
export function safeReturnPath(value: unknown, fallback = '/profiles'): string {
  return localPath(value) ?? fallback;
}
