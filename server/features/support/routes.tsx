// POST /support-requests: the portal's contact-{product}/{id} call (provider_id, template, locals).
// Answers with the spec's flash and a 303 back to a same-site return path (or JSON for islands).
import { Router } from 'express';
import { ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { requireSignIn, safeReturnPath } from '../../http/guards';
import { toId } from '../../http/access';
import { reachableProvider } from '../../domain/providers';
import { localsFromForm, submitSupportRequest, supportDeps, SUPPORT_SUBMITTED } from '../../domain/support-requests';
import type { FeatureDeps } from '../deps';

export function supportRoutes({ db, config, integrations }: FeatureDeps): Router {
  const router = Router();

  router.post('/support-requests', requireSignIn, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const back = safeReturnPath(body.return_to, '/');
    const wantsJson = req.accepts(['html', 'json']) === 'json';
    const template = typeof body.template === 'string' ? body.template : '';
    const providerId = toId(body.provider_id);
    await reachableProvider(db, res.locals.viewer!, providerId); // someone else's provider: 404 before anything else
    let locals: Record<string, string>;
    try {
      locals = localsFromForm(template, body);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // No page of its own to re-render: the message goes back with the person (or to the island).
      if (wantsJson) return void res.status(422).json({ errors: error.fields });
      flash(req, 'error', Object.values(error.fields)[0]!);
      return res.redirect(303, back);
    }
    const { id } = await submitSupportRequest(supportDeps(db, config, integrations), res.locals.viewer!, {
      providerId,
      template,
      locals,
    });
    if (wantsJson) return void res.status(201).json({ id, message: SUPPORT_SUBMITTED });
    flash(req, 'success', SUPPORT_SUBMITTED);
    res.redirect(303, back);
  });

  return router;
}
