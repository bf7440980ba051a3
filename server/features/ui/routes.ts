// Small interface preferences: the side menu's collapsed state, remembered for the session.
import { Router } from 'express';
import { requireSignIn, safeReturnPath } from '../../http/guards';
import type { FeatureDeps } from '../deps';

export function uiRoutes(_deps: FeatureDeps): Router {
  const router = Router();
  router.post('/ui/side-menu', requireSignIn, (req, res) => {
    req.session.sideMenuCollapsed = req.body.collapsed === '1';
    if (req.accepts(['html', 'json']) === 'json') return res.json({ collapsed: req.session.sideMenuCollapsed });
    res.redirect(303, safeReturnPath(req.body.return_to, '/'));
  });
  return router;
}
