// Puts the signed-in user and the selected profile on res.locals.viewer for every request, and
// honours ?current_provider_id= (only for a profile the user may access).
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { ReadCache } from '../db/read-cache';
import { loadViewerRow, rememberProvider, viewerFromRow } from '../domain/accounts';

/** A user's row is re-read at least this often even when no change was heard of. */
const VIEWER_CACHE_MS = 60_000;

export function viewerLoader(db: Knex, reads: ReadCache): RequestHandler {
  return async (req, res, next) => {
    const userId = req.user?.id;
    if (!userId) return next();
    const row = await reads.read(`viewer:${userId}`, VIEWER_CACHE_MS, () => loadViewerRow(db, userId));
    const viewer = viewerFromRow(row, req.session.providerId);
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
        await rememberProvider(db, userId, wanted.id);
      }
    }
    res.locals.viewer = viewer;
    next();
  };
}
