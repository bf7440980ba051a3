// Sessions in PostgreSQL (connect-pg-simple), with an idle timeout and an absolute lifetime counted
// from sign-in. Values are documented in the README. Activity is recorded at most once a minute, so
// an ordinary page view does not write the session row.
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';

export const SESSION_IDLE_MS = 60 * 60 * 1000; // 60 minutes without a request ends the session
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000; // 12 hours after sign-in, whatever the activity
export const SESSION_COOKIE = 'portal.sid';
const ACTIVITY_RESOLUTION_MS = 60 * 1000;
export const SESSION_CHECK_PATH = '/auth/session';

declare module 'express-session' {
  interface SessionData {
    signedInAt?: number;
    lastSeenAt?: number;
    returnTo?: string;
    providerId?: number;
    sideMenuCollapsed?: boolean;
  }
}

export interface SessionStore { middleware: RequestHandler; close(): Promise<void> }

export function createSessionMiddleware(options: { databaseUrl: string; secret: string; prune: boolean; onIdleError?: (error: Error) => void }): SessionStore {
  const PgStore = connectPgSimple(session);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
  // An idle connection dropped by the database (restart, failover) must not crash the process;
  // the pool simply opens a new one on the next request.
  pool.on('error', (error) => options.onIdleError?.(error));
  const store = new PgStore({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: options.prune ? 15 * 60 : false,
    // express-session would "touch" (UPDATE) the row on every request; idleness is tracked in the
    // session itself (lastSeenAt), so an ordinary page view reads the row and writes nothing.
    disableTouch: true,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_ABSOLUTE_MS },
  });
  return {
    middleware,
    async close() {
      store.close();
      await pool.end();
    },
  };
}

/** Ends a signed-in session that was idle too long or has outlived its absolute lifetime. */
export const enforceSessionLifetime: RequestHandler = (req, _res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (!signedInAt) return next();
  const now = Date.now();
  const lastSeenAt = req.session.lastSeenAt ?? signedInAt;
  if (now - signedInAt > SESSION_ABSOLUTE_MS || now - lastSeenAt > SESSION_IDLE_MS) {
    req.session.regenerate((error) => next(error));
    return;
  }
  // The session loop's background check is not activity: it must not keep an idle session alive.
  if (now - lastSeenAt > ACTIVITY_RESOLUTION_MS && req.path !== SESSION_CHECK_PATH) recordActivity(req.session);
  next();
};

/** Marks the session active now (a request, or the session loop's refresh). */
export function recordActivity(session: { lastSeenAt?: number }): void {
  session.lastSeenAt = Date.now();
}

/**
 * After a form post, the redirect goes out only once the session (and so its flash) is stored.
 * express-session writes the response headers before its own save finishes, so a fast browser could
 * follow the 303 and render the next page without the flash. GETs are left alone: they rarely change
 * the session, and saving would create rows for visitors.
 */
export const saveSessionBeforeRedirect: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const redirect = res.redirect.bind(res) as (...args: unknown[]) => void;
  res.redirect = ((...args: unknown[]) => {
    if (!req.session) return redirect(...args);
    req.session.save((error) => (error ? next(error) : redirect(...args)));
  }) as typeof res.redirect;
  next();
};
