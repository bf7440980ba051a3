// Puts the signed-in user and the selected profile on res.locals.viewer for every request, and
// honours ?current_provider_id= (only for a profile the user may access).
import type { RequestHandler } from 'express';
import type { ReadCache } from '../db/read-cache';
import type { Viewer } from '../domain/accounts';

/** Where the signed-in user's facts come from: the accounts module, wired by createApp. */
export interface ViewerSource {
  /** The user's row as stored; cached and shared between requests, so never changed. */
  loadRow(userId: number): Promise<unknown>;
  /** A fresh Viewer built from that row, the wanted profile selected when the user may work on it (null: no such user). */
  fromRow(row: unknown, wantedProviderId?: number): Viewer | null;
  /** Remembers the chosen profile for the user's next sign-in. */
  rememberProvider(userId: number, providerId: number): Promise<void>;
}

/** A user's row is re-read at least this often even when no change was heard of. */
const VIEWER_CACHE_MS = 60_000;

export function viewerLoader(source: ViewerSource, reads: ReadCache): RequestHandler {
  return async (req, res, next) => {
    const userId = req.user?.id;
    if (!userId) return next();
    const row = await reads.read(`viewer:${userId}`, VIEWER_CACHE_MS, () => source.loadRow(userId));
    const viewer = source.fromRow(row, req.session.providerId);
    if (!viewer) {
      // The user was deleted while signed in.
      req.logout(() => next());
      return;
    }
    const asked = Number(req.query.current_provider_id);
    if (asked && viewer.provider?.id !== asked) {
      const wanted = viewer.providers.find((p) => p.id === asked);
      if (wanted) {
        viewer.provider = wanted;
        req.session.providerId = wanted.id;
        await source.rememberProvider(userId, wanted.id);
      }
    }
    res.locals.viewer = viewer;
    next();
  };
}
