// Private Pay Booster sign-in (SSO, spec 1 §6, spec 3 §4, §7, §8): the Log in to Private Pay Booster
// button posts here (in a new window); we ask the tool for a one-use token and hand it over in a form
// POST to the tool's sign-in address, so it never appears in an address, a log line or a Referer.
// /private-pay-booster is the selected profile's page with the button.
import { Router } from 'express';
import * as policy from '../../domain/accounts';
import { privatePayBoosterAccountOf } from '../../domain/private-pay-booster';
import { reachableProvider } from '../../domain/providers';
import { toId } from '../../http/access';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { extendPolicy } from '../../http/security';
import { ForbiddenError } from '../../lib/errors';
import type { SsoHandOff } from '../../integrations/benefits-tool';
import { OUTSIDE_SERVICE_FAILED } from '../../integrations/outside-api';
import {
  PrivatePayBoosterPage,
  type PrivatePayBoosterView,
} from '../../../views/pages/private-pay-booster/PrivatePayBoosterPage';
import { HAND_OFF_SCRIPT, SignInHandOffPage } from '../../../views/pages/private-pay-booster/SignInHandOffPage';
import type { FeatureDeps } from '../deps';

/** Sends the hand-off form as soon as the page loads; the page's button does it without JavaScript. */
const HAND_OFF_JS = "document.querySelector('form[data-auto-submit]')?.submit();\n";

export function privatePayBoosterRoutes({ db, integrations }: FeatureDeps): Router {
  const router = Router();

  router.get('/private-pay-booster', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    let view: PrivatePayBoosterView | null = null;
    if (viewer.provider) {
      const provider = viewer.provider;
      const account = await privatePayBoosterAccountOf(db, provider.accountId);
      view = {
        providerId: provider.id,
        providerName: provider.displayName,
        canSignIn: Boolean(account && policy.canSeePrivatePayBoosterLogin(viewer, account)),
        upgradeHref: policy.canManageAccountBilling(viewer, provider.accountId)
          ? `/reimbursify/upgrade/${provider.accountId}`
          : null,
      };
    }
    render(req, res, { title: 'Private Pay Booster', page: <PrivatePayBoosterPage view={view} /> });
  });

  router.post('/private-pay-booster/sign-in', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    // Another account's provider (or no such provider): not found. Seen but not allowed: 403.
    const provider = await reachableProvider(db, viewer, toId(req.body?.provider_id));
    const account = await privatePayBoosterAccountOf(db, provider.accountId);
    if (!account || !policy.canSeePrivatePayBoosterLogin(viewer, account))
      throw new ForbiddenError(policy.ACCESS_DENIED);

    // Whatever comes back, this page is for this person, now: never cached, never a Referer.
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    let handOff: SsoHandOff;
    try {
      handOff = await integrations.benefitsTool.generateSsoToken(
        { providerId: provider.id, userId: viewer.user.id, email: viewer.user.email },
        req.id,
      );
    } catch (error) {
      // The error names the call, never the token (there is none on failure, and the port never puts one in a message).
      req.log.error({ err: error, requestId: req.id, providerId: provider.id }, 'Private Pay Booster sign-in failed');
      return render(req, res, {
        title: 'Private Pay Booster',
        layout: 'plain',
        status: 502,
        page: <SignInHandOffPage failure={OUTSIDE_SERVICE_FAILED} />,
      });
    }
    // The portal's pages may post only to the portal; this one also to the tool's sign-in address.
    extendPolicy(res, { 'form-action': [new URL(handOff.signInUrl).origin] });
    render(req, res, {
      title: 'Opening Private Pay Booster',
      layout: 'plain',
      page: <SignInHandOffPage handOff={handOff} />,
    });
  });

  router.get(HAND_OFF_SCRIPT, (_req, res) => {
    res.type('text/javascript').send(HAND_OFF_JS);
  });

  return router;
}
