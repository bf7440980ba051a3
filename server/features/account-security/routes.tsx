// Account Settings' security pages (issue [25] items 1 and 4): the authenticator app (set up, new recovery
// codes, turn off) and the signed-in devices (sign one out, or every other one). Thin: parse, one service
// call, render or redirect; a failed form comes back with 422 and its messages. Recovery codes are shown in
// the answer to the post that made them (never stored readable, so never shown again).
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { requestMeta } from '../../http/sign-in';
import { isChecked, text } from '../../lib/form';
import { SAVE_FAILED } from '../../lib/save-failures';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import { AuthenticatorPage, type SecurityFormState } from '../../../views/pages/account-security/AuthenticatorPage';
import { AuthenticatorSetupPage } from '../../../views/pages/account-security/AuthenticatorSetupPage';
import { SECURITY_PATHS } from '../../../views/pages/account-security/paths';
import { RecoveryCodesPage } from '../../../views/pages/account-security/RecoveryCodesPage';
import { SessionsPage, SIGN_OUT_OTHERS_QUESTION } from '../../../views/pages/account-security/SessionsPage';
import type { AccountDeps } from '../../domain/accounts';
import type { FeatureDeps } from '../deps';
import * as service from './service';

const AUTHENTICATOR_TITLE = 'Authenticator App';
const SESSIONS_TITLE = 'Signed-in Devices';

export function accountSecurityRoutes({ db, integrations, config, throttles }: FeatureDeps): Router {
  const router = Router();
  const deps: AccountDeps = { db, outgoing: integrations.outgoing, config, throttles, jobs: integrations.jobs };
  const actorOf = (req: Request, res: Response): service.Actor => ({
    userId: res.locals.viewer!.user.id,
    sessionId: req.sessionID,
  });
  const proofOf = (req: Request): service.Proof => ({ password: text(req.body.password), code: text(req.body.code) });

  async function authenticatorPage(req: Request, res: Response, state?: SecurityFormState, status = 200) {
    const securityStatus = await service.securityStatus(deps, actorOf(req, res));
    render(req, res, {
      title: AUTHENTICATOR_TITLE,
      status,
      page: <AuthenticatorPage status={securityStatus} state={state} />,
    });
  }
  const reshowOn =
    (form: SecurityFormState['form']) =>
    (req: Request, res: Response, errors: Record<string, string>, status: number) =>
      authenticatorPage(req, res, { form, errors }, status);

  router.get(SECURITY_PATHS.authenticator, requireSignIn, (req, res) => authenticatorPage(req, res));

  router.post(
    SECURITY_PATHS.setup,
    requireSignIn,
    formPost(SAVE_FAILED, reshowOn('setup'), async (req, res) => {
      const started = await service.beginAuthenticatorSetup(
        deps,
        actorOf(req, res),
        { password: text(req.body.password) },
        requestMeta(req),
      );
      if (started === 'on') {
        flash(req, 'info', service.MESSAGES.alreadyOn);
        return res.redirect(303, SECURITY_PATHS.authenticator);
      }
      res.redirect(303, SECURITY_PATHS.setup);
    }),
  );

  async function setupPage(req: Request, res: Response, error?: string, status = 200) {
    const view = await service.setupView(deps, actorOf(req, res), res.locals.viewer!.user.email);
    if (!view) return res.redirect(303, SECURITY_PATHS.authenticator);
    render(req, res, {
      title: 'Set Up Authenticator App',
      status,
      page: <AuthenticatorSetupPage qrCode={view.qrCode} manualKey={view.key} error={error} />,
    });
  }

  router.get(SECURITY_PATHS.setup, requireSignIn, (req, res) => setupPage(req, res));

  router.post(
    SECURITY_PATHS.confirmation,
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, errors, status) => setupPage(req, res, errors.code, status),
      async (req, res) => {
        const codes = await service.confirmAuthenticator(
          deps,
          actorOf(req, res),
          { code: text(req.body.code) },
          requestMeta(req),
        );
        render(req, res, {
          title: 'Save Your Recovery Codes',
          page: <RecoveryCodesPage codes={codes} fresh="setup" />,
        });
      },
    ),
  );

  router.post(
    SECURITY_PATHS.recoveryCodes,
    requireSignIn,
    formPost(SAVE_FAILED, reshowOn('codes'), async (req, res) => {
      const codes = await service.regenerateRecoveryCodes(deps, actorOf(req, res), proofOf(req), requestMeta(req));
      render(req, res, { title: 'Save Your Recovery Codes', page: <RecoveryCodesPage codes={codes} fresh="new" /> });
    }),
  );

  router.post(
    SECURITY_PATHS.removal,
    requireSignIn,
    formPost(SAVE_FAILED, reshowOn('off'), async (req, res) => {
      await service.turnOffAuthenticator(deps, actorOf(req, res), proofOf(req), requestMeta(req));
      flash(req, 'success', service.MESSAGES.removed);
      res.redirect(303, SECURITY_PATHS.authenticator);
    }),
  );

  // ---- signed-in devices

  async function sessionsPage(req: Request, res: Response, status = 200) {
    const sessions = await service.listSessions(deps, actorOf(req, res));
    render(req, res, {
      title: SESSIONS_TITLE,
      status,
      page: <SessionsPage sessions={sessions} timeZone={res.locals.viewer!.provider?.timezone ?? 'America/New_York'} />,
    });
  }

  router.get(SECURITY_PATHS.sessions, requireSignIn, (req, res) => sessionsPage(req, res));

  router.post(
    '/account-preferences/sessions/:sessionId/sign-out',
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, _errors, status) => sessionsPage(req, res, status),
      async (req, res) => {
        await service.endSession(deps, actorOf(req, res), String(req.params.sessionId), requestMeta(req));
        flash(req, 'success', service.MESSAGES.sessionEnded);
        res.redirect(303, SECURITY_PATHS.sessions);
      },
    ),
  );

  router.post(
    SECURITY_PATHS.signOutOthers,
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, _errors, status) => sessionsPage(req, res, status),
      async (req, res) => {
        // Without JavaScript the question is a page of its own; with it, the browser asked (data-confirm).
        if (!isChecked(req.body?.confirmed)) {
          return render(req, res, {
            title: SESSIONS_TITLE,
            page: (
              <ConfirmStep
                question={SIGN_OUT_OTHERS_QUESTION}
                details="Every other browser and device signed in to your account is signed out, and its open pages stop updating. This device stays signed in."
                action={SECURITY_PATHS.signOutOthers}
                confirmLabel="Sign out everywhere else"
                cancelHref={SECURITY_PATHS.sessions}
              />
            ),
          });
        }
        const ended = await service.endOtherDeviceSessions(deps, actorOf(req, res), requestMeta(req));
        flash(req, 'success', service.MESSAGES.othersEnded(ended));
        res.redirect(303, SECURITY_PATHS.sessions);
      },
    ),
  );

  return router;
}
