// Route guards. A visitor on a signed-in route goes to /login, keeping ?email= and remembering the path.
import type { RequestHandler } from 'express';

export const requireSignIn: RequestHandler = (req, res, next) => {
  if (res.locals.viewer) return next();
  if (req.method === 'GET') req.session.returnTo = req.originalUrl;
  const email = typeof req.query.email === 'string' ? req.query.email : null;
  if (req.accepts(['html', 'json']) === 'json') {
    res.status(401).json({ message: 'missing-authentication' });
    return;
  }
  res.redirect(303, email ? `/login?email=${encodeURIComponent(email)}` : '/login');
};

/** Only same-site paths may be returned to after sign-in (no open redirect). */
export function safeReturnPath(value: unknown, fallback = '/profiles'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
