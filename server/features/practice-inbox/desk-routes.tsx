// The intake desk's routes in the practice inbox (issue [22] item 2): the thread's Desk form (assignee,
// status, snooze; one post, 303 with a flash, 422 with the typed values) and "Assign to me". Mounted by
// routes.tsx on its router, behind its guard; the conversation is looked up through the account (404).
import type { Knex } from 'knex';
import type { Request, RequestHandler, Response, Router } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { toId } from '../../http/access';
import { requestMeta } from '../../http/sign-in';
import * as messaging from '../../domain/messaging';
import { text } from '../../lib/form';
import { INBOX_MESSAGES_PATH } from '../../../views/pages/practice-inbox/InboxTabs';
import type { DeskLive } from '../../../views/components/messaging/types';
import { deskLive } from './desk-view';
import { carriedQuery, threadPath } from './view-model';

const FAILED = 'The desk could not be saved. Please try again.';

/** What the Desk form posted, as text, for a refused post's page. */
export const typedDesk = (body: Record<string, unknown> | undefined) => ({
  assignee: text(body?.assignee).slice(0, 20),
  status: text(body?.status).slice(0, 40),
  snoozeUntil: text(body?.snooze_until).slice(0, 20),
});

export interface DeskRouteContext {
  db: Knex;
  guard: RequestHandler[];
  accountOf: (res: Response) => number;
  zoneOf: (res: Response) => string;
  /** Renders the thread again with the Desk form's typed values and messages. */
  reshow: (
    req: Request,
    res: Response,
    desk: { typed?: ReturnType<typeof typedDesk>; errors: Record<string, string> },
    status: number,
  ) => Promise<void>;
}

/** The desk of one of the account's conversations as the thread island shows it (null: not the account's). */
export async function loadDeskLive(
  db: Knex,
  accountId: number,
  conversationId: number,
  timeZone: string,
): Promise<DeskLive | null> {
  const desk = await messaging.conversationDesk(db, { accountId }, conversationId);
  if (!desk) return null;
  const names = desk.assigneeUserId === null ? [] : await messaging.assigneeNames(db, [desk.assigneeUserId]);
  return deskLive(desk, new Map(names.map((p) => [p.userId, p.name])), { now: new Date(), timeZone });
}

export function mountDeskRoutes(router: Router, ctx: DeskRouteContext): void {
  const { db } = ctx;
  const ids = (req: Request) => ({
    clientUserId: toId(req.params.clientId),
    providerId: toId(req.params.providerId),
  });
  /** The account's conversation the path names, or 404. */
  async function conversationOf(req: Request, res: Response) {
    const { clientUserId, providerId } = ids(req);
    const conversation =
      clientUserId && providerId
        ? await messaging.findConversationFor(db, { accountId: ctx.accountOf(res) }, clientUserId, providerId)
        : null;
    if (!conversation) throw new NotFoundError();
    return conversation;
  }
  const actorOf = (req: Request, res: Response): messaging.DeskActor => ({
    userId: res.locals.viewer!.user.id,
    accountId: ctx.accountOf(res),
    meta: requestMeta(req),
    timeZone: ctx.zoneOf(res),
  });
  const back = (req: Request) => `${threadPath(ids(req))}${carriedQuery(req.query)}`;

  router.post(
    `${INBOX_MESSAGES_PATH}/:clientId/:providerId/desk`,
    ...ctx.guard,
    formPost(
      FAILED,
      (req, res, errors, status) => ctx.reshow(req, res, { typed: typedDesk(req.body), errors }, status),
      async (req, res) => {
        const conversation = await conversationOf(req, res);
        const typed = typedDesk(req.body);
        const changed = await messaging.updateDesk(db, actorOf(req, res), conversation.id, typed);
        if (changed.length) flash(req, 'success', 'The desk has been saved.');
        else flash(req, 'info', 'Nothing has changed: the desk already reads like this.');
        res.redirect(303, `${back(req)}#desk-heading`);
      },
    ),
  );

  router.post(
    `${INBOX_MESSAGES_PATH}/:clientId/:providerId/assignment`,
    ...ctx.guard,
    formPost(
      FAILED,
      (req, res, errors, status) => ctx.reshow(req, res, { errors }, status),
      async (req, res) => {
        const conversation = await conversationOf(req, res);
        await messaging.assignToMe(db, actorOf(req, res), conversation.id);
        flash(req, 'success', 'This conversation is assigned to you.');
        res.redirect(303, `${back(req)}#desk-heading`);
      },
    ),
  );
}
