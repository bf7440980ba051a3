// Puts the signed-in user and the selected profile on res.locals.viewer for every request, and
// honours ?current_provider_id= (only for a profile the user may access).
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { loadViewer, rememberProvider } from '../features/profiles/repo';

export function viewerLoader(db: Knex): RequestHandler {
  return async (req, res, next) => {
    const userId = req.user?.id;
    if (!userId) return next();
    const viewer = await loadViewer(db, userId, req.session.providerId);
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
