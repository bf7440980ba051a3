// /practice-inbox/saved-replies (issue [22] item 2): the account's saved replies, for its owners and intake
// coordinators; anyone else gets "Oops! You are unable to access this resource..." as the inbox does. List
// (paged), add, edit, delete (asking first), all plain forms. Every id is looked up within the account (404).
import { Router, type Request, type Response } from 'express';
import * as policy from '../../domain/accounts';
import * as savedReplies from '../../domain/saved-replies';
import { requireRolePage, toId } from '../../http/access';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { isChecked, text } from '../../lib/form';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  NEW_SAVED_REPLY_PATH,
  SAVED_REPLIES_PATH,
  SavedRepliesPage,
  SavedReplyFormPage,
  savedReplyPath,
} from '../../../views/pages/practice-inbox/SavedRepliesPage';
import { INBOX_MESSAGES_PATH } from '../../../views/pages/practice-inbox/InboxTabs';
import type { FeatureDeps } from '../deps';
import { savedRepliesAccountOf } from './desk';
import { asPractice } from './service';
import { dateFormatIn } from '../../../views/components/format';

const TITLE = 'Saved Replies';
const FAILED = 'Your saved reply could not be saved. Please try again.';
const CONFIRM_DELETE = 'Delete this saved reply?';
const DEFAULT_ZONE = 'America/New_York';
const EXCERPT_LENGTH = 120;

const excerptOf = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
};

export function savedRepliesRoutes({ db, menu }: Pick<FeatureDeps, 'db' | 'menu'>): Router {
  const router = Router();
  menu.add({
    menu: 'referrals',
    order: 45,
    label: 'Saved Replies',
    href: SAVED_REPLIES_PATH,
    shown: (viewer) => policy.canManageSavedReplies(viewer),
  });
  const guard = [
    requireSignIn,
    requireRolePage((v) => policy.canManageSavedReplies(v), TITLE, policy.RESOURCE_DENIED),
    // A coordinator's pages show the practice, as the inbox's do.
    (_req: Request, res: Response, next: () => void) => {
      if (policy.canUsePracticeInbox(res.locals.viewer!)) res.locals.viewer = asPractice(res.locals.viewer!);
      next();
    },
  ];
  const actorOf = (res: Response) => ({
    accountId: savedRepliesAccountOf(res.locals.viewer!),
    userId: res.locals.viewer!.user.id,
  });
  const typed = (req: Request) => ({
    title: text(req.body?.title).slice(0, savedReplies.TITLE_MAX_LENGTH * 2),
    body: text(req.body?.body).slice(0, savedReplies.BODY_MAX_LENGTH * 2),
  });

  async function showList(req: Request, res: Response, _errors: Record<string, string> = {}, status = 200) {
    const viewer = res.locals.viewer!;
    const { replies, page, pageCount, total } = await savedReplies.listSavedReplies(
      db,
      savedRepliesAccountOf(viewer),
      toId(req.query.page) || 1,
    );
    const day = dateFormatIn(viewer.provider?.timezone ?? DEFAULT_ZONE, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <SavedRepliesPage
          replies={replies.map((r) => ({
            id: r.id,
            title: r.title,
            excerpt: excerptOf(r.body),
            updated: day.format(r.updatedAt),
          }))}
          page={page}
          pageCount={pageCount}
          total={total}
          pageHref={(n) => (n > 1 ? `${SAVED_REPLIES_PATH}?page=${n}` : SAVED_REPLIES_PATH)}
          inboxHref={policy.canUsePracticeInbox(viewer) ? INBOX_MESSAGES_PATH : null}
          confirmDelete={CONFIRM_DELETE}
        />
      ),
    });
  }

  function showForm(
    req: Request,
    res: Response,
    form: { action: string; heading: string; values: { title: string; body: string } },
    errors: Record<string, string> = {},
    status = 200,
  ) {
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <SavedReplyFormPage
          action={form.action}
          heading={form.heading}
          values={form.values}
          errors={errors}
          mergeFields={savedReplies.MERGE_FIELDS.map((f) => ({ name: f.name, description: f.description }))}
          limits={{ title: savedReplies.TITLE_MAX_LENGTH, body: savedReplies.BODY_MAX_LENGTH }}
        />
      ),
    });
  }

  const newForm = { action: SAVED_REPLIES_PATH, heading: 'Add a saved reply' };
  const editForm = (id: number) => ({ action: savedReplyPath(id), heading: 'Edit saved reply' });

  router.get(SAVED_REPLIES_PATH, ...guard, (req, res) => showList(req, res));

  router.get(NEW_SAVED_REPLY_PATH, ...guard, (req, res) =>
    showForm(req, res, { ...newForm, values: { title: '', body: '' } }),
  );

  router.post(
    SAVED_REPLIES_PATH,
    ...guard,
    formPost(
      FAILED,
      (req, res, errors, status) => showForm(req, res, { ...newForm, values: typed(req) }, errors, status),
      async (req, res) => {
        const saved = await savedReplies.createSavedReply(db, actorOf(res), {
          title: req.body?.title,
          body: req.body?.body,
        });
        flash(req, 'success', `The saved reply “${saved.title}” has been added.`);
        res.redirect(303, SAVED_REPLIES_PATH);
      },
    ),
  );

  router.get(`${SAVED_REPLIES_PATH}/:replyId`, ...guard, async (req, res) => {
    const reply = await savedReplies.findSavedReply(db, actorOf(res).accountId, toId(req.params.replyId));
    showForm(req, res, { ...editForm(reply.id), values: { title: reply.title, body: reply.body } });
  });

  router.post(
    `${SAVED_REPLIES_PATH}/:replyId`,
    ...guard,
    formPost(
      FAILED,
      (req, res, errors, status) =>
        showForm(req, res, { ...editForm(toId(req.params.replyId)), values: typed(req) }, errors, status),
      async (req, res) => {
        const saved = await savedReplies.updateSavedReply(db, actorOf(res), toId(req.params.replyId), {
          title: req.body?.title,
          body: req.body?.body,
        });
        flash(req, 'success', `The saved reply “${saved.title}” has been saved.`);
        res.redirect(303, SAVED_REPLIES_PATH);
      },
    ),
  );

  router.post(
    `${SAVED_REPLIES_PATH}/:replyId/delete`,
    ...guard,
    formPost(FAILED, showList, async (req, res) => {
      const { accountId } = actorOf(res);
      const reply = await savedReplies.findSavedReply(db, accountId, toId(req.params.replyId));
      if (!isChecked(req.body?.confirmed))
        return render(req, res, {
          title: 'Delete Saved Reply',
          page: (
            <ConfirmStep
              question={CONFIRM_DELETE}
              details={`“${reply.title}” is deleted for everyone on your team. Messages already sent with it stay as they are.`}
              action={`${savedReplyPath(reply.id)}/delete`}
              confirmLabel="Delete saved reply"
              cancelHref={SAVED_REPLIES_PATH}
            />
          ),
        });
      await savedReplies.deleteSavedReply(db, accountId, reply.id);
      flash(req, 'success', `The saved reply “${reply.title}” has been deleted.`);
      res.redirect(303, SAVED_REPLIES_PATH);
    }),
  );

  return router;
}
