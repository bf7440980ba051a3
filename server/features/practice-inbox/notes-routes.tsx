// Internal notes in the practice inbox (issue [22] item 2): POST a note on the account's conversation of a
// client with a provider. Added: 303 back to the thread with a flash; blank or too long: the thread again
// (422) with the typed text and the message beside the field. Another account's conversation: 404.
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Knex } from 'knex';
import * as notes from '../../domain/conversation-notes';
import { flash } from '../../http/flash';
import { formPost, type Reshow } from '../../http/form-post';
import { toId } from '../../http/access';
import { INBOX_MESSAGES_PATH } from '../../../views/pages/practice-inbox/InboxTabs';
import { carriedQuery, threadPath } from './view-model';

const FAILED = 'Your note could not be saved. Please try again.';

export interface NoteRouteDeps {
  db: Knex;
  guard: RequestHandler[];
  accountOf: (res: Response) => number;
  /** Shows the inbox with this thread open, the note's text and message under it. */
  showThread: (
    req: Request,
    res: Response,
    thread: { clientUserId: number; providerId: number },
    note: { draft: string; error: string | null },
    status: number,
  ) => Promise<void>;
}

export function registerNoteRoutes(router: Router, { db, guard, accountOf, showThread }: NoteRouteDeps): void {
  const pathIds = (req: Request) => ({
    clientUserId: toId(req.params.clientId),
    providerId: toId(req.params.providerId),
  });
  const typed = (req: Request) => (typeof req.body?.note === 'string' ? req.body.note : '');

  const reshow: Reshow = (req, res, errors, status) =>
    showThread(req, res, pathIds(req), { draft: typed(req), error: errors.note ?? errors.form ?? null }, status);

  router.post(
    `${INBOX_MESSAGES_PATH}/:clientId/:providerId/notes`,
    ...guard,
    formPost(FAILED, reshow, async (req, res) => {
      const ids = pathIds(req);
      const added = await notes.addNote(
        db,
        { accountId: accountOf(res), ...ids },
        { authorUserId: res.locals.viewer!.user.id, body: req.body?.note, now: new Date() },
      );
      flash(req, 'success', notes.NOTE_TEXTS.added);
      res.redirect(303, `${threadPath(ids)}${carriedQuery(req.query)}#note-${added.id}`);
    }),
  );
}
