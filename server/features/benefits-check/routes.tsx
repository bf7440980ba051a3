// The benefits check (VOB) of Private Pay Booster leads in messages (spec 3 §4, §7 rerun-vob, §8):
//   POST /messages/:clientId/benefits-check/:messageId/rerun   runs a pending check again
//   POST /messages/:clientId/benefits-check-link               sends the client the benefits-check link
// Both go back to the conversation with a flash. The cards themselves are rendered by the thread
// (views/components/messaging/VobCard, built by the benefits-check domain).
import { Router, type Request, type Response } from 'express';
import {
  BENEFITS_CHECK_PATHS,
  BENEFITS_CHECK_TEXTS,
  type BenefitsCheckScope,
  fill,
  rerunBenefitsCheck,
} from '../../domain/benefits-check';
import { canUsePracticeInbox, type Viewer } from '../../domain/accounts';
import { sendProviderMessage } from '../../domain/messaging';
import { flash } from '../../http/flash';
import { requireSignIn, safeReturnPath } from '../../http/guards';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { BenefitsToolError } from '../../integrations/benefits-tool';
import { ForbiddenError, HttpError, NotFoundError } from '../../lib/errors';
import { isChecked } from '../../lib/form';
import { DRAFT_ERASE_WARNING } from '../../../views/components/messaging/VobCard';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import type { FeatureDeps } from '../deps';

const idParam = (req: Request, name: string): number => {
  const raw = String(req.params[name] ?? '');
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
};

/** The selected profile's messages, and those of every account whose practice inbox the viewer works. */
export function scopeOf(viewer: Viewer): BenefitsCheckScope {
  const accountIds = [...new Set(viewer.roles.map((r) => r.accountId))].filter((accountId) =>
    canUsePracticeInbox(viewer, accountId),
  );
  return { providerId: viewer.provider?.id ?? null, accountIds };
}

/** Back to the conversation the form was on (a local path only), else the profile's conversation. */
const backTo = (req: Request, clientUserId: number) => safeReturnPath(req.body?.return_to, `/messages/${clientUserId}`);

export function benefitsCheckRoutes({ db, integrations }: FeatureDeps): Router {
  const router = Router();
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;

  router.post('/messages/:clientId/benefits-check/:messageId/rerun', requireSignIn, async (req, res) => {
    const clientUserId = idParam(req, 'clientId');
    const messageId = idParam(req, 'messageId');
    try {
      const outcome = await rerunBenefitsCheck(db, integrations.benefitsTool, {
        scope: scopeOf(viewerOf(res)),
        clientUserId,
        messageId,
      });
      flash(
        req,
        outcome === 'ran' ? 'success' : 'info',
        outcome === 'ran' ? BENEFITS_CHECK_TEXTS.rerunDone : BENEFITS_CHECK_TEXTS.alreadyRun,
      );
    } catch (error) {
      // Not found (another provider's message) is an answer; anything else is the tool's failure.
      if (error instanceof HttpError) throw error;
      req.log?.error(
        { err: error, messageId, toolFailure: error instanceof BenefitsToolError },
        'benefits check rerun failed',
      );
      flash(req, 'error', BENEFITS_CHECK_TEXTS.toolError);
    }
    res.redirect(303, backTo(req, clientUserId));
  });

  router.post('/messages/:clientId/benefits-check-link', ...requireSelectedProfile, async (req, res) => {
    const clientUserId = idParam(req, 'clientId');
    const provider = viewerOf(res).provider!;
    const back = backTo(req, clientUserId);
    // The composer posts its text as `message`; a form of its own may name it `draft`.
    const draft = [req.body?.draft, req.body?.message].find((v) => typeof v === 'string' && v.trim());
    if (draft && !isChecked(req.body?.confirmed)) {
      return render(req, res, {
        title: 'Send benefits check link',
        page: (
          <ConfirmStep
            question={DRAFT_ERASE_WARNING}
            details="The link to check their out-of-network benefits is sent as a message of its own."
            action={BENEFITS_CHECK_PATHS.link(clientUserId)}
            fields={{ return_to: back }}
            confirmLabel={BENEFITS_CHECK_TEXTS.draftConfirm}
            cancelHref={back}
          />
        ),
      });
    }
    const link = integrations.benefitsTool.benefitsCheckLink({ providerId: provider.id });
    try {
      await sendProviderMessage(db, integrations.jobs, {
        owner: { providerId: provider.id },
        providerId: provider.id,
        clientUserId,
        content: fill(BENEFITS_CHECK_TEXTS.linkMessage, { link }),
        now: new Date(),
      });
    } catch (error) {
      // A locked conversation, an inactive profile or a client who left: their notice, back on the thread.
      if (!(error instanceof ForbiddenError)) throw error;
      flash(req, 'error', error.message);
      return res.redirect(303, back);
    }
    flash(req, 'success', BENEFITS_CHECK_TEXTS.linkSent);
    res.redirect(303, back);
  });

  return router;
}
