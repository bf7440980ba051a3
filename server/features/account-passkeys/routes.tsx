// Account Settings' passkeys (issue [25] item 2): the list, the options for adding one (JSON for the
// Passkey island), adding it (a plain form post carrying the browser's answer), renaming one on its own page
// and removing one (asked first; without JavaScript on a page of its own). Thin: parse, one service call,
// render or redirect; every id is looked up among the user's own passkeys (404 else).
import { Router, type Request, type Response } from 'express';
import { describeUserAgent } from '../../http/device-sessions';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { keepPasskeyChallenge, takePasskeyChallenge } from '../../http/passkey-challenge';
import { render } from '../../http/render';
import { requestMeta } from '../../http/sign-in';
import { NotFoundError } from '../../lib/errors';
import { isChecked, text } from '../../lib/form';
import { SAVE_FAILED } from '../../lib/save-failures';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  PASSKEY_PATHS,
  PasskeysPage,
  RenamePasskeyPage,
  removeQuestion,
} from '../../../views/pages/account-security/PasskeysPage';
import type { FeatureDeps } from '../deps';
import * as service from './service';

const TITLE = 'Passkeys';

/** The browser's answer, posted as JSON text in a form field; null when it is not JSON. */
function parseJson(value: string): unknown {
  try {
    return value ? JSON.parse(value) : null;
  } catch {
    return null;
  }
}

/** A passkey id from the URL, or 404 (ids are positive integers). */
function passkeyId(req: Request): number {
  const raw = String(req.params.passkeyId ?? '');
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError();
  return Number(raw);
}

export function accountPasskeysRoutes({ db, config }: FeatureDeps): Router {
  const router = Router();
  const deps = { db, config };
  const userOf = (res: Response) => res.locals.viewer!.user.id as number;
  const timeZoneOf = (res: Response) => res.locals.viewer!.provider?.timezone ?? 'America/New_York';

  async function listPage(
    req: Request,
    res: Response,
    form?: { name: string; errors: Record<string, string> },
    status = 200,
  ) {
    const passkeys = await service.passkeysOf(deps, userOf(res));
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <PasskeysPage
          passkeys={passkeys}
          timeZone={timeZoneOf(res)}
          defaultName={describeUserAgent(req.get('user-agent'))}
          form={form}
        />
      ),
    });
  }

  router.get(PASSKEY_PATHS.list, requireSignIn, (req, res) => listPage(req, res));

  router.post(PASSKEY_PATHS.options, requireSignIn, async (req, res) => {
    const options = await service.registrationOptions(deps, userOf(res));
    keepPasskeyChallenge(req, 'register', options.challenge);
    res.json(options);
  });

  router.post(
    PASSKEY_PATHS.list,
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, errors, status) => listPage(req, res, { name: text(req.body?.name), errors }, status),
      async (req, res) => {
        const name = await service.addPasskey(
          deps,
          userOf(res),
          {
            response: parseJson(text(req.body.response)),
            challenge: takePasskeyChallenge(req, 'register'),
            name: text(req.body.name),
            defaultName: describeUserAgent(req.get('user-agent')),
          },
          requestMeta(req),
        );
        flash(req, 'success', service.MESSAGES.added(name));
        res.redirect(303, PASSKEY_PATHS.list);
      },
    ),
  );

  async function renamePage(req: Request, res: Response, value?: string, error?: string, status = 200) {
    const passkey = await service.passkeyToRemove(deps, userOf(res), passkeyId(req));
    render(req, res, {
      title: 'Rename Passkey',
      status,
      page: <RenamePasskeyPage passkey={passkey} value={value} error={error} />,
    });
  }

  router.get('/account-preferences/passkeys/:passkeyId', requireSignIn, (req, res) => renamePage(req, res));

  router.post(
    '/account-preferences/passkeys/:passkeyId',
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, errors, status) => renamePage(req, res, text(req.body?.name), Object.values(errors)[0], status),
      async (req, res) => {
        await service.renameUserPasskey(deps, userOf(res), passkeyId(req), text(req.body.name));
        flash(req, 'success', service.MESSAGES.renamed);
        res.redirect(303, PASSKEY_PATHS.list);
      },
    ),
  );

  router.post(
    '/account-preferences/passkeys/:passkeyId/removal',
    requireSignIn,
    formPost(
      SAVE_FAILED,
      (req, res, _errors, status) => listPage(req, res, undefined, status),
      async (req, res) => {
        const id = passkeyId(req);
        // Without JavaScript the question is a page of its own; with it, the browser asked (data-confirm).
        if (!isChecked(req.body?.confirmed)) {
          const passkey = await service.passkeyToRemove(deps, userOf(res), id);
          return render(req, res, {
            title: TITLE,
            page: (
              <ConfirmStep
                question={removeQuestion(passkey.name)}
                details="It will no longer sign you in. You can still sign in with your password and your second factor, or add the passkey again."
                action={PASSKEY_PATHS.removal(id)}
                confirmLabel="Remove passkey"
                cancelHref={PASSKEY_PATHS.list}
              />
            ),
          });
        }
        const name = await service.removeUserPasskey(deps, userOf(res), id, requestMeta(req));
        flash(req, 'success', service.MESSAGES.removed(name));
        res.redirect(303, PASSKEY_PATHS.list);
      },
    ),
  );

  return router;
}
