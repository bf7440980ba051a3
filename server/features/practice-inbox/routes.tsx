// The practice inbox (spec 3 §2, §4 Messaging, §6, §7 "account ... conversations, clients"): for intake
// coordinators only, the conversations, appointments and clients of every profile of the account.
// Every id in a path is looked up through the account, so another account's is simply not found (404).
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { flash, takeFlash } from '../../http/flash';
import { formPost, type Reshow } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { requireRolePage, toId } from '../../http/access';
import { render } from '../../http/render';
import type { AccountPerson } from '../../domain/accounts';
import * as policy from '../../domain/accounts';
import * as appointments from '../../domain/appointments';
import { timeZoneLabel } from '../../domain/calendar';
import * as messaging from '../../domain/messaging';
import { MESSAGE_TEXTS, type ThreadMessage } from '../../domain/messaging';
import * as referrals from '../../domain/referrals';
import {
  InboxAppointmentsPage,
  inboxAppointmentsHref,
} from '../../../views/pages/practice-inbox/InboxAppointmentsPage';
import { InboxClientListPage } from '../../../views/pages/practice-inbox/InboxClientListPage';
import { InboxMessagesPage, type InboxThreadPane } from '../../../views/pages/practice-inbox/InboxMessagesPage';
import {
  INBOX_APPOINTMENTS_PATH,
  INBOX_CLIENT_LIST_PATH,
  INBOX_MESSAGES_PATH,
  INBOX_PATH,
} from '../../../views/pages/practice-inbox/InboxTabs';
import { clientListView, listAppointmentTab, loadAppointmentPanel } from '../../presenters';
import * as readAudit from '../../domain/read-audit';
import type { FeatureDeps } from '../deps';
import { threadDesk } from './desk';
import { registerNoteRoutes } from './notes-routes';
import { savedRepliesRoutes } from './saved-replies-routes';
import { loadDeskLive, mountDeskRoutes, type typedDesk } from './desk-routes';
import { deskFilters, deskPane, peopleNames } from './desk-view';
import { asPractice, COUNTED_UP_TO, inboxAccountOf, inboxConversations, inboxFilterOf } from './service';
import {
  carriedQuery,
  listItems,
  listQuery,
  messageView,
  PAGE_TEXTS,
  pairKey,
  threadPane,
  threadPath,
} from './view-model';

const TITLE = 'Practice Inbox';
const CLIENT_LIST_TITLE = 'Practice Inbox | Full Client List';
const APPOINTMENTS_PAGE_SIZE = 50;
const DEFAULT_ZONE = 'America/New_York';

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** A message notice of the messaging channel: {conversationId, messageId, event}; null when unreadable. */
function parseNotice(payload: string): { conversationId: number; messageId: number; event: string } | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const conversationId = Number(value.conversationId);
    const messageId = Number(value.messageId);
    return Number.isSafeInteger(conversationId) && Number.isSafeInteger(messageId)
      ? { conversationId, messageId, event: String(value.event) }
      : null;
  } catch {
    return null;
  }
}

/** The conversation a desk notice names ({conversationId, accountId}); null when unreadable. */
function deskNoticeOf(payload: string): number | null {
  try {
    const conversationId = Number((JSON.parse(payload) as Record<string, unknown>).conversationId);
    return Number.isSafeInteger(conversationId) ? conversationId : null;
  } catch {
    return null;
  }
}

export function practiceInboxRoutes({ db, integrations, menu, config, channels, streams }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 70,
    label: 'Practice Inbox',
    href: INBOX_PATH,
    shown: (viewer) => policy.canUsePracticeInbox(viewer),
    alsoIn: { menu: 'referrals', order: 40 },
  });
  const guard: RequestHandler[] = [
    requireSignIn,
    requireRolePage(policy.canUsePracticeInbox, TITLE, policy.RESOURCE_DENIED),
    // The inbox is the practice's: its pages show the practice profile, whichever profile is selected.
    (_req, res, next) => {
      res.locals.viewer = asPractice(res.locals.viewer!);
      next();
    },
  ];
  // The island's data requests answer in JSON: no sign-in page, no denial page.
  const dataGuard: RequestHandler[] = [
    (_req, res, next) => {
      if (!res.locals.viewer) return void res.status(401).json({ message: 'missing-authentication' });
      if (!policy.canUsePracticeInbox(res.locals.viewer))
        return void res.status(403).json({ message: policy.RESOURCE_DENIED });
      next();
    },
  ];
  const accountOf = (res: Response) => inboxAccountOf(res.locals.viewer!);
  const deskDeps = { db, config, benefitsTool: integrations.benefitsTool };
  // Days and times are read in the viewer's zone: the practice profile's (asPractice), the same on every
  // page of the inbox and for every profile's conversations (the calendar's default without one).
  const zoneOf = (res: Response) => res.locals.viewer!.provider?.timezone ?? DEFAULT_ZONE;

  /** The names of the people and of any other assignee shown (one who has left the team keeps theirs). */
  async function namesOfAssignees(people: AccountPerson[], assignees: (number | null)[]) {
    const names = peopleNames(people);
    const missing = assignees.filter((id): id is number => id !== null && !names.has(id));
    for (const person of await messaging.assigneeNames(db, missing)) names.set(person.userId, person.name);
    return names;
  }

  /** The thread a path names: the account's conversation of that client with that provider, or null. */
  const pathIds = (req: Request) => ({
    clientUserId: toId(req.params.clientId),
    providerId: toId(req.params.providerId),
  });

  async function showMessages(
    req: Request,
    res: Response,
    options: {
      thread?: { clientUserId: number; providerId: number };
      draft?: string;
      error?: string | null;
      status?: number;
      confirmDelete?: { question: string; action: string; cancelHref: string };
      /** A refused internal note, shown again under the thread. */
      note?: { draft: string; error: string | null };
      /** The Desk form after a refused post: what was typed and the messages. */
      desk?: { typed?: ReturnType<typeof typedDesk>; errors: Record<string, string> };
    } = {},
  ) {
    const accountId = accountOf(res);
    const timeZone = zoneOf(res);
    const viewerUserId = res.locals.viewer!.user.id;
    const now = new Date();
    let thread: InboxThreadPane | 'none' | 'missing' = 'none';
    let openedDesk: messaging.ConversationDesk | null = null;
    let status = options.status ?? 200;
    if (options.thread) {
      const { clientUserId, providerId } = options.thread;
      const opened =
        clientUserId && providerId
          ? await messaging.openThread(db, { accountId }, clientUserId, {
              providerId,
              now: new Date(),
              markRead: req.method === 'GET' && !options.confirmDelete,
              logger: req.log,
              // "Show earlier messages" without JavaScript: the page before this message.
              before: req.method === 'GET' ? toId(req.query.before) || null : null,
            })
          : null;
      if (opened) {
        // Who read what: recorded before the thread is shown (a failed write fails the page).
        await readAudit.recordRead(db, {
          accountId,
          userId: res.locals.viewer!.user.id,
          action: 'thread',
          clientUserId,
          detail: { providerId },
        });
        // The internal notes and the saved-reply picker; a chosen reply (?reply=) fills the composer.
        const desk = await threadDesk(deskDeps, req, { accountId, thread: opened, timeZone, note: options.note });
        thread = {
          ...threadPane(opened, {
            query: carriedQuery(req.query),
            csrfToken: req.csrfToken?.() ?? '',
            timeZone,
            draft: options.draft ?? desk.draft,
            error: options.error,
          }),
          desk: desk.view,
        };
        openedDesk = opened.conversation.desk;
      } else {
        thread = 'missing';
        status = 404;
      }
    }
    // After the read marking, so the opened conversation shows as read.
    const [profiles, people] = await Promise.all([
      messaging.accountProfiles(db, accountId),
      messaging.deskPeople(db, accountId),
    ]);
    const filter = inboxFilterOf(req.query, profiles, viewerUserId, now);
    const list = await inboxConversations(db, accountId, toId(req.query.loads) || 1, filter);
    const names = await namesOfAssignees(people, [
      ...list.conversations.map((c) => c.desk.assigneeUserId),
      openedDesk?.assigneeUserId ?? null,
    ]);
    if (openedDesk && typeof thread === 'object') {
      const desk = deskPane(openedDesk, {
        people,
        names,
        viewerUserId,
        now,
        timeZone,
        threadPath: threadPath(options.thread!),
        query: carriedQuery(req.query),
        typed: options.desk?.typed,
        errors: options.desk?.errors,
      });
      thread = { ...thread, deskState: desk, island: { ...thread.island, desk: desk.live } };
    }
    const current = options.thread && thread !== 'missing' ? pairKey(options.thread) : null;
    const base = current ? threadPath(options.thread!) : INBOX_MESSAGES_PATH;
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <InboxMessagesPage
          conversations={listItems(list.conversations, { timeZone, current, loads: list.loads, filter, names, now })}
          total={list.totalIsLowerBound ? COUNTED_UP_TO : list.total}
          totalIsLowerBound={list.totalIsLowerBound}
          loadMoreHref={list.canLoadMore ? `${base}${listQuery(filter, list.loads + 1)}` : null}
          filters={{
            providers: profiles.map((p) => ({ value: String(p.id), label: p.name })),
            provider: filter.providerId === undefined ? '' : String(filter.providerId),
            unread: Boolean(filter.unread),
            search: filter.search ?? '',
            ...deskFilters(filter, people, viewerUserId),
          }}
          listHref={`${INBOX_MESSAGES_PATH}${listQuery(filter, list.loads)}`}
          timeZoneLabel={timeZoneLabel(timeZone)}
          texts={PAGE_TEXTS}
          thread={thread}
          confirmDelete={options.confirmDelete ?? null}
        />
      ),
    });
  }

  router.get(INBOX_PATH, ...guard, (req, res) => showMessages(req, res));
  router.get(INBOX_MESSAGES_PATH, ...guard, (req, res) => showMessages(req, res));
  router.get(`${INBOX_MESSAGES_PATH}/:clientId/:providerId`, ...guard, (req, res) =>
    showMessages(req, res, { thread: pathIds(req) }),
  );

  // The reply (spec 3 §5 'Message is required'): sent on behalf of the conversation's provider, carrying the
  // account. A refused reply comes back beside the composer (422); an unexpected failure keeps the typed
  // reply and says so (500). The island asks for JSON and shows the same message above its composer.
  const reshowReply: Reshow = (req, res, errors, status) => {
    const message = errors.message ?? (status === 422 ? MESSAGE_TEXTS.required : MESSAGE_TEXTS.sendFailed);
    if (wantsJson(req)) {
      takeFlash(req); // the island shows the message itself
      return void res.status(status).json({ message, errors });
    }
    const draft = typeof req.body?.message === 'string' ? req.body.message : '';
    return showMessages(req, res, { thread: pathIds(req), draft, error: status === 422 ? message : null, status });
  };

  router.post(
    `${INBOX_MESSAGES_PATH}/:clientId/:providerId`,
    ...guard,
    formPost(MESSAGE_TEXTS.sendFailed, reshowReply, async (req, res) => {
      const ids = pathIds(req);
      if (!ids.clientUserId || !ids.providerId) throw new NotFoundError();
      const accountId = accountOf(res);
      const draft = typeof req.body?.message === 'string' ? req.body.message : '';
      let sent: ThreadMessage;
      try {
        sent = await messaging.sendProviderMessage(db, integrations.jobs, {
          owner: { accountId },
          providerId: ids.providerId,
          clientUserId: ids.clientUserId,
          content: draft,
          accountId,
          now: new Date(),
        });
      } catch (error) {
        // A conversation that cannot take a reply (locked, inactive profile, client left): its notice.
        if (error instanceof ForbiddenError && !wantsJson(req)) {
          flash(req, 'error', error.message);
          return res.redirect(303, threadPath(ids));
        }
        throw error;
      }
      if (wantsJson(req)) return void res.json({ message: messageView(sent) });
      flash(req, 'success', MESSAGE_TEXTS.sent);
      res.redirect(303, `${threadPath(ids)}${carriedQuery(req.query)}#message-${sent.id}`);
    }),
  );

  // Deleting one of the provider's messages (spec 3 §7: the practice inbox's delete carries the account).
  router.post(`${INBOX_MESSAGES_PATH}/:clientId/:providerId/messages/:messageId/delete`, ...guard, async (req, res) => {
    const ids = pathIds(req);
    const messageId = toId(req.params.messageId);
    const accountId = accountOf(res);
    const conversation =
      ids.clientUserId && ids.providerId && messageId
        ? await messaging.findConversationFor(db, { accountId }, ids.clientUserId, ids.providerId)
        : null;
    const message = conversation && (await messaging.threadMessage(db, { accountId }, conversation.id, messageId));
    if (!message?.deletable) throw new NotFoundError();
    if (req.body?.confirmed !== '1' && req.body?.confirmed !== 'on') {
      return showMessages(req, res, {
        thread: ids,
        confirmDelete: {
          question: MESSAGE_TEXTS.deleteConfirm,
          action: req.originalUrl.split('?')[0]!,
          cancelHref: `${threadPath(ids)}#message-${messageId}`,
        },
      });
    }
    await messaging.deleteProviderMessage(db, { accountId }, messageId);
    flash(req, 'success', 'Your message has been deleted.');
    res.redirect(303, threadPath(ids));
  });

  // Internal notes on a conversation (issue [22] item 2): their own file, posting back to this thread.
  registerNoteRoutes(router, {
    db,
    guard,
    accountOf,
    showThread: (req, res, ids, note, status) => showMessages(req, res, { thread: ids, note, status }),
  });

  mountDeskRoutes(router, {
    db,
    guard,
    accountOf,
    zoneOf,
    reshow: (req, res, desk, status) => showMessages(req, res, { thread: pathIds(req), desk, status }),
  });

  /** The account's conversation a data request names, or a 404 answer. */
  async function conversationFor(req: Request, res: Response) {
    const { clientUserId, providerId } = pathIds(req);
    const conversation =
      clientUserId && providerId
        ? await messaging.findConversationFor(db, { accountId: accountOf(res) }, clientUserId, providerId)
        : null;
    if (!conversation) res.status(404).json({ message: 'Page Not Found' });
    return conversation;
  }

  // New messages for the island, polled with ?after={id}.
  router.get(`${INBOX_MESSAGES_PATH}/:clientId/:providerId/updates`, ...dataGuard, async (req, res) => {
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    const messages = await messaging.messagesAfter(
      db,
      { accountId: accountOf(res) },
      conversation.id,
      toId(req.query.after),
      { logger: req.log },
    );
    // The desk too: a browser that polls shows its changes as well.
    const desk = await loadDeskLive(db, accountOf(res), conversation.id, zoneOf(res));
    res.json({ messages: messages.map(messageView), more: messages.length === messaging.THREAD_PAGE_SIZE, desk });
  });

  // "Show earlier messages" in place: the page before a message the island shows, and the cursor before that.
  router.get(`${INBOX_MESSAGES_PATH}/:clientId/:providerId/earlier`, ...dataGuard, async (req, res) => {
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    const before = toId(req.query.before);
    if (!before) return void res.status(422).json({ message: 'before is the id of a message of this conversation.' });
    const page = await messaging.earlierMessages(db, { accountId: accountOf(res) }, conversation.id, before, {
      logger: req.log,
    });
    res.json({ messages: page.messages.map(messageView), earlierCursor: page.earlierCursor });
  });

  // Server-sent events of the conversation's new (and deleted) messages; without notifications the island polls.
  router.get(`${INBOX_MESSAGES_PATH}/:clientId/:providerId/events`, ...dataGuard, async (req, res) => {
    const owner = { accountId: accountOf(res) };
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    if (!channels.isLive())
      return void res
        .status(503)
        .set('Retry-After', '10')
        .json({ message: 'Live updates are not available right now.' });
    let lastSent = Math.max(toId(req.get('Last-Event-ID')), toId(req.query.after));
    let stopListening = () => {};
    const stream = await streams.open(req, res, res.locals.viewer!.user.id, () => stopListening());
    if (!stream) return;
    // One check at a time, in order, so no message is sent twice or out of order.
    let queue = Promise.resolve();
    const check = (deletedId?: number) => {
      queue = queue
        .then(async () => {
          if (stream.closed) return;
          if (deletedId !== undefined && deletedId <= lastSent) {
            const changed = await messaging.threadMessage(db, owner, conversation.id, deletedId);
            if (changed) stream.send('message', messageView(changed));
          }
          // New messages a page at a time, so a stream that fell far behind never reads them all at once.
          for (;;) {
            const fresh = await messaging.messagesAfter(db, owner, conversation.id, lastSent, { logger: req.log });
            if (stream.closed) return;
            for (const message of fresh) {
              stream.send('message', messageView(message), message.id);
              lastSent = Math.max(lastSent, message.id);
            }
            if (fresh.length < messaging.THREAD_PAGE_SIZE) break;
          }
        })
        .catch((error: unknown) => {
          req.log?.warn(
            { err: error, conversationId: conversation.id },
            'live inbox thread update failed; the browser reconnects',
          );
          stream.close();
        });
    };
    // The desk (status, assignee, snooze) as it is now, then at each change: whoever made it, by hand or by a message.
    const sendDesk = () => {
      queue = queue
        .then(async () => {
          if (stream.closed) return;
          const desk = await loadDeskLive(db, owner.accountId, conversation.id, zoneOf(res));
          if (desk && !stream.closed) stream.send('desk', desk);
        })
        .catch((error: unknown) => {
          req.log?.warn(
            { err: error, conversationId: conversation.id },
            'live inbox desk update failed; the browser reconnects',
          );
          stream.close();
        });
    };
    const stopMessages = channels.listen(messaging.MESSAGE_CHANNEL, (payload) => {
      // Null: notifications were lost; the browser reconnects and catches up from its last id.
      if (payload === null) return stream.close();
      const notice = parseNotice(payload);
      if (notice?.conversationId === conversation.id) check(notice.event === 'deleted' ? notice.messageId : undefined);
    });
    const stopDesk = channels.listen(messaging.DESK_CHANNEL, (payload) => {
      if (payload === null) return stream.close();
      if (deskNoticeOf(payload) === conversation.id) sendDesk();
    });
    stopListening = () => {
      stopMessages();
      stopDesk();
    };
    check();
    sendDesk();
  });

  router.get(INBOX_APPOINTMENTS_PATH, ...guard, async (req, res) => {
    const accountId = accountOf(res);
    const now = new Date();
    const tab = appointments.isAppointmentTab(req.query.tab) ? req.query.tab : 'upcoming';
    const search = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 200) : '';
    const list = await listAppointmentTab(db, { accountId }, tab, {
      page: toId(req.query.page) || 1,
      pageSize: APPOINTMENTS_PAGE_SIZE,
      now,
      timeZone: zoneOf(res),
      search,
      detailsHref: (id) => `${inboxAppointmentsHref(tab, { search, id })}#appointment`,
    });
    const id = toId(req.query.id);
    const panel = id ? await loadAppointmentPanel(db, { accountId }, id, now, config.portalUrl) : null;
    // Read-only here: cancel and reschedule belong to the provider's own calendar pages.
    const appointment = panel && {
      ...panel,
      changeable: false,
      links: { ...panel.links, ics: `${INBOX_APPOINTMENTS_PATH}/${panel.id}/ics` },
    };
    render(req, res, {
      title: TITLE,
      page: <InboxAppointmentsPage list={list} search={search} appointment={appointment} returnTo={req.originalUrl} />,
    });
  });

  router.get(`${INBOX_APPOINTMENTS_PATH}/:appointmentId/ics`, ...guard, async (req, res) => {
    const record = await appointments.findAppointment(
      db,
      { accountId: accountOf(res) },
      toId(req.params.appointmentId),
    );
    if (!record) throw new NotFoundError();
    await readAudit.recordRead(db, {
      accountId: accountOf(res),
      userId: res.locals.viewer!.user.id,
      action: 'appointment_file',
      clientUserId: record.clientUserId,
      detail: { providerId: record.providerId, appointmentId: record.id, file: appointments.icsFileName(record) },
    });
    res.set('Cache-Control', 'private, no-store');
    res.attachment(appointments.icsFileName(record));
    res.type('text/calendar; charset=utf-8').send(
      appointments.appointmentIcs(
        record,
        new Date(),
        // The link back opens the consultation where this download came from: the practice inbox.
        `${config.portalUrl.replace(/\/+$/, '')}${INBOX_APPOINTMENTS_PATH}?id=${record.id}#appointment`,
      ),
    );
  });

  router.get(INBOX_CLIENT_LIST_PATH, ...guard, async (req, res) => {
    const accountId = accountOf(res);
    const page = await referrals.listClients(db, { accountId }, toId(req.query.page) || 1);
    await readAudit.recordRead(db, {
      accountId,
      userId: res.locals.viewer!.user.id,
      action: 'client_list',
      detail: { list: 'practice-inbox', page: page.page },
    });
    const list = clientListView(page, {
      timeZone: zoneOf(res),
      messageHref: (item) => threadPath({ clientUserId: item.clientId, providerId: item.providerId }),
    });
    render(req, res, { title: CLIENT_LIST_TITLE, page: <InboxClientListPage list={list} /> });
  });

  router.use(savedRepliesRoutes({ db, menu }));

  return router;
}
