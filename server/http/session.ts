// Sessions in PostgreSQL (connect-pg-simple), with an idle timeout and an absolute lifetime counted
// from sign-in. Values are documented in the README. Activity is recorded at most once a minute, so
// an ordinary page view does not write the session row. Sessions read are kept in memory for a minute
// at most and forgotten the moment the change feed says one changed or ended anywhere. A session read
// from the table is only ever updated, never inserted again: once signed out (deleted), it stays so.
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Knex } from 'knex';
import pg from 'pg';
import type { ChangeFeed } from '../db/change-feed';
import type { JobDefinition } from '../jobs';

export const SESSION_IDLE_MS = 60 * 60 * 1000; // 60 minutes without a request ends the session
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000; // 12 hours after sign-in, whatever the activity
export const SESSION_COOKIE = 'portal.sid';
const ACTIVITY_RESOLUTION_MS = 60 * 1000;
const CACHED_SESSION_MS = 60 * 1000;
const CACHED_SESSIONS_MAX = 10_000;
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

export interface SessionStore {
  middleware: RequestHandler;
  store: session.Store;
  close(): Promise<void>;
}

type StoreCallback = (error?: unknown, value?: session.SessionData | null) => void;

/** Seconds since the epoch at which a session's row expires (its cookie's expiry, as connect-pg-simple computes it). */
const expireSeconds = (value: session.SessionData) =>
  Math.ceil(
    (value.cookie?.expires ? new Date(value.cookie.expires).getTime() : Date.now() + SESSION_ABSOLUTE_MS) / 1000,
  );

/**
 * connect-pg-simple with a read cache. Every write or end of a session, here or in another process
 * (change feed), forgets it; a read that overlapped any such event is not kept, so a cached session
 * is never older than the last change this process has heard of.
 *
 * connect-pg-simple saves with an upsert, so a request that loaded the session before a sign-out and
 * saved it afterwards (a refresh, a flash, activity) brought the deleted row back, still signed in.
 * Here a session that came from the table (or was already stored by this request) is saved with a
 * plain UPDATE: if its row is gone, it stays gone. Only a session generated on this request is inserted.
 */
function cachedStore(Base: ReturnType<typeof connectPgSimple>, feed: ChangeFeed, pool: pg.Pool) {
  const cached = new Map<string, { json: string; expiresAt: number }>();
  /** Session objects whose row exists (or existed): their saves never insert. */
  const stored = new WeakSet<object>();
  let epoch = 0;
  const forget = (sid: string) => {
    epoch++;
    if (sid === '*') cached.clear();
    else cached.delete(sid);
  };
  feed.onSessionChange(forget);

  return class CachedPgStore extends Base {
    override get(sid: string, callback: StoreCallback): void {
      const live = feed.snapshot() !== null;
      const hit = live ? cached.get(sid) : undefined;
      if (hit && hit.expiresAt > Date.now()) {
        callback(null, JSON.parse(hit.json) as session.SessionData);
        return;
      }
      const startedAt = epoch;
      super.get(sid, (error, value) => {
        if (!error && value && live && epoch === startedAt && feed.snapshot() !== null) {
          if (cached.size >= CACHED_SESSIONS_MAX) cached.clear();
          const cookieExpiry = value.cookie?.expires ? new Date(value.cookie.expires).getTime() : Infinity;
          cached.set(sid, {
            json: JSON.stringify(value),
            expiresAt: Math.min(cookieExpiry, Date.now() + CACHED_SESSION_MS),
          });
        }
        callback(error, value);
      });
    }

    override createSession(req: Parameters<session.Store['createSession']>[0], data: session.SessionData) {
      const loaded = super.createSession(req, data);
      stored.add(loaded);
      return loaded;
    }

    override set(sid: string, value: session.SessionData, callback?: (error?: unknown) => void): void {
      forget(sid);
      const done = (error?: unknown) => {
        forget(sid);
        callback?.(error);
      };
      if (stored.has(value)) {
        // No row (signed out, ended elsewhere, pruned): nothing is written, and the request carries on.
        pool
          .query('update sessions set sess = $1, expire = to_timestamp($2) where sid = $3', [
            JSON.stringify(value),
            expireSeconds(value),
            sid,
          ])
          .then(() => done(), done);
        return;
      }
      super.set(sid, value, (error) => {
        if (!error) stored.add(value);
        done(error);
      });
    }

    override destroy(sid: string, callback?: (error?: unknown) => void): void {
      forget(sid);
      super.destroy(sid, (error) => {
        forget(sid);
        callback?.(error);
      });
    }
  };
}

export function createSessionMiddleware(options: {
  databaseUrl: string;
  secret: string;
  feed: ChangeFeed;
  onIdleError?: (error: Error) => void;
}): SessionStore {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
  const PgStore = cachedStore(connectPgSimple(session), options.feed, pool);
  // An idle connection dropped by the database (restart, failover) must not crash the process;
  // the pool simply opens a new one on the next request.
  pool.on('error', (error) => options.onIdleError?.(error));
  const store = new PgStore({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: false, // a scheduled job prunes (sessionJobs below), once for all processes
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
    store,
    async close() {
      store.close();
      await pool.end();
    },
  };
}

/** Whether a signed-in session was idle too long or has outlived its absolute lifetime. */
function outlived(signedInAt: number, lastSeenAt: number | undefined, now: number): boolean {
  return now - signedInAt > SESSION_ABSOLUTE_MS || now - (lastSeenAt ?? signedInAt) > SESSION_IDLE_MS;
}

/** Whether a stored session still signs `userId` in: theirs (passport's user), and within its lifetime. */
export function sessionSignsIn(
  stored: { passport?: { user?: unknown }; signedInAt?: number; lastSeenAt?: number },
  userId: number,
  now = Date.now(),
): boolean {
  const user = stored.passport?.user;
  const storedUserId = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : user;
  return Number(storedUserId) === userId && !(stored.signedInAt && outlived(stored.signedInAt, stored.lastSeenAt, now));
}

/** Ends a signed-in session that was idle too long or has outlived its absolute lifetime. */
export const enforceSessionLifetime: RequestHandler = (req, _res, next) => {
  const signedInAt = req.session?.signedInAt;
  if (!signedInAt) return next();
  const now = Date.now();
  const lastSeenAt = req.session.lastSeenAt ?? signedInAt;
  if (outlived(signedInAt, lastSeenAt, now)) {
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
 * follow the 303 and render the next page without the flash. A GET waits only when it left a flash
 * (a return from Stripe, an OAuth callback): saving every GET would create rows for visitors.
 */
export const saveSessionBeforeRedirect: RequestHandler = (req, res, next) => {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  const redirect = res.redirect.bind(res) as (...args: unknown[]) => void;
  res.redirect = ((...args: unknown[]) => {
    if (!req.session || (isRead && !req.session.flash?.length)) return redirect(...args);
    req.session.save((error) => (error ? next(error) : redirect(...args)));
  }) as typeof res.redirect;
  next();
};

/** Signs the user out everywhere except the given session (after a password change). */
export async function endOtherSessions(db: Knex, userId: number, keepSid: string | null): Promise<number> {
  const query = db('sessions').where({ user_id: userId });
  if (keepSid) query.whereNot({ sid: keepSid });
  return query.del();
}

export const sessionJobs: JobDefinition<never>[] = [
  {
    // Sessions past their expiry (idle or absolute lifetime) are deleted every 15 minutes.
    name: 'sessions.prune',
    cron: '*/15 * * * *',
    retryLimit: 0,
    handle: async (_data, { db, logger }) => {
      const deleted = await db('sessions').where('expire', '<', db.fn.now()).delete();
      if (deleted) logger.info({ deleted }, 'expired sessions pruned');
    },
  },
] as JobDefinition<never>[];
