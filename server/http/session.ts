// Sessions in PostgreSQL (connect-pg-simple), with an idle timeout (rolling cookie) and an absolute
// lifetime counted from sign-in. Values are documented in the README.
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';

export const SESSION_IDLE_MS = 60 * 60 * 1000; // 60 minutes without a request ends the session
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000; // 12 hours after sign-in, whatever the activity
export const SESSION_COOKIE = 'portal.sid';

declare module 'express-session' {
  interface SessionData {
    signedInAt?: number;
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
  });
  const middleware = session({
    name: SESSION_COOKIE,
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_IDLE_MS },
  });
  return {
    middleware,
    async close() {
      store.close();
      await pool.end();
    },
  };
}

/** Ends a signed-in session that has outlived its absolute lifetime. */
export const enforceAbsoluteLifetime: RequestHandler = (req, res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (signedInAt && Date.now() - signedInAt > SESSION_ABSOLUTE_MS) {
    req.session.regenerate((error) => next(error));
    return;
  }
  next();
};
