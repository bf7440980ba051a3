// The selected profile's messages (spec 3 §2 Messages, §4 Messaging, §5 reply, §8):
//   GET  /messages                                         the conversation list and its placeholder
//   GET  /messages/:clientId                               the list and one conversation (read on opening)
//   POST /messages/:clientId                               a reply (JSON for the island, else 303 + flash)
//   POST /messages/:clientId/messages/:messageId/delete    deletes the provider's message, after a confirmation
//   GET  /messages/:clientId/events                        server-sent events of the conversation's messages
//   GET  /messages/:clientId/updates?after={id}            the same, polled, when events cannot be had
// A client id without a conversation of this profile (another provider's client) is not found.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { canManageAccountBilling, type ProviderSummary, type Viewer } from '../../domain/accounts';
import { benefitsCheckCards } from '../../presenters';
import {
  CONVERSATIONS_PAGE_SIZE,
  deleteProviderMessage,
  earlierMessages,
  findConversationFor,
  listConversations,
  MESSAGE_TEXTS,
  messagesAfter,
  openThread,
  sendProviderMessage,
  THREAD_PAGE_SIZE,
  threadMessage,
  unreadCount,
  type ConversationSummary,
  type Thread,
  type ThreadMessage,
} from '../../domain/messaging';
import { flash, takeFlash } from '../../http/flash';
import { formPost, type Reshow } from '../../http/form-post';
import { requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { isChecked, text } from '../../lib/form';
import { MessagesPage, type DeleteConfirmation } from '../../../views/pages/messages/MessagesPage';
import type { VobCardView } from '../../../views/components/messaging/VobCard';
import { recordRead } from '../../domain/read-audit';
import type { FeatureDeps } from '../deps';
import { ConversationFeed, type MessageNotice } from './live';
import { CONTACT_PATH, islandProps, listItems, MESSAGES_PATH, messageView, PAGE_TEXTS, threadPath } from './view-model';

const TITLE = 'Messages';
/** Load More shows up to this many conversations on the page (ten pages). */
const MAX_SHOWN = CONVERSATIONS_PAGE_SIZE * 10;

const idParam = (req: Request, name: string): number | null => {
  const raw = String(req.params[name] ?? '');
  const id = Number(raw);
  return /^\d{1,15}$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** A message id given as ?before= (the thread's earlier page), or null. */
const cursorOf = (value: unknown): number | null => {
  const id = Number(value);
  return typeof value === 'string' && /^\d{1,15}$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** ?q=: a client-name search, trimmed and at most 100 characters ('' for none). */
const searchOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').slice(0, 100) : '';

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** The live endpoints answer in JSON: no sign-in page, and no return path remembered for them. */
const requireProfileForData: RequestHandler = (_req, res, next) => {
  if (!res.locals.viewer) return void res.status(401).json({ message: 'missing-authentication' });
  if (!res.locals.viewer.provider) return void res.status(404).json({ message: 'Page Not Found' });
  next();
};

export function messagesRoutes({ db, integrations, channels, menu, streams }: FeatureDeps): Router {
  const router = Router();
  const feed = new ConversationFeed(channels);
  const ownerOf = (provider: ProviderSummary) => ({ providerId: provider.id });

  menu.add({ menu: 'referrals', order: 30, label: 'Messages', href: MESSAGES_PATH });

  /** The cards of the messages that carry a benefits check. */
  function cardsFor(
    viewer: Viewer,
    conversation: ConversationSummary,
    messages: ThreadMessage[],
  ): Promise<Map<number, VobCardView>> {
    const provider = viewer.provider!;
    return benefitsCheckCards(
      db,
      {
        providerId: provider.id,
        accountId: provider.accountId,
        clientUserId: conversation.clientUserId,
        clientName: conversation.clientName,
        clientFirstName: conversation.clientFirstName,
        messages,
      },
      { canUpgrade: canManageAccountBilling(viewer, provider.accountId) },
    );
  }

  /**
   * The profile's conversations, ?shown= of them (Load More adds a page), in the list's stored order
   * (opening one moved it to the top); with ?q=, only the clients whose name holds it.
   */
  async function conversationsOf(req: Request, provider: ProviderSummary, open: ConversationSummary | null) {
    const wanted = Math.min(
      Math.max(Math.ceil(Number(req.query.shown) / CONVERSATIONS_PAGE_SIZE) || 1, 1),
      MAX_SHOWN / CONVERSATIONS_PAGE_SIZE,
    );
    const search = searchOf(req.query.q);
    const pages = await Promise.all(
      Array.from({ length: wanted }, (_, page) =>
        listConversations(
          db,
          ownerOf(provider),
          { limit: CONVERSATIONS_PAGE_SIZE, offset: page * CONVERSATIONS_PAGE_SIZE },
          { search },
        ),
      ),
    );
    const total = pages[0]?.total ?? 0;
    const listed = pages.flatMap((p) => p.conversations);
    const shown = listed.length;
    const base = open ? threadPath(open.clientUserId) : MESSAGES_PATH;
    const query = (extra: Record<string, string>) => {
      const params = new URLSearchParams({ ...(search ? { q: search } : {}), ...extra }).toString();
      return params ? `?${params}` : '';
    };
    return {
      conversations: listItems(listed, open?.clientUserId ?? null, provider.timezone, query({})),
      total,
      search,
      loadMoreHref:
        shown < total && shown < MAX_SHOWN
          ? `${base}${query({ shown: String(shown + CONVERSATIONS_PAGE_SIZE) })}`
          : null,
    };
  }

  async function showThread(
    req: Request,
    res: Response,
    options: {
      markRead: boolean;
      status?: number;
      draft?: string;
      error?: string | null;
      confirmDelete?: DeleteConfirmation;
    },
  ) {
    const viewer = res.locals.viewer as Viewer;
    const provider = selectedProfile(res);
    const clientUserId = idParam(req, 'clientId');
    const thread: Thread | null = clientUserId
      ? await openThread(db, ownerOf(provider), clientUserId, {
          providerId: provider.id,
          now: new Date(),
          markRead: options.markRead,
          logger: req.log,
          // "Show earlier messages" without JavaScript: the page before this message.
          before: req.method === 'GET' ? cursorOf(req.query.before) : null,
        })
      : null;
    const list = await conversationsOf(req, provider, thread?.conversation ?? null);
    if (!thread) {
      return render(req, res, {
        title: TITLE,
        status: 404,
        page: <MessagesPage {...list} texts={PAGE_TEXTS} contactHref={CONTACT_PATH} thread="missing" />,
      });
    }
    // Who read what: the record is written before the thread is shown (a failed write fails the page).
    const [cards] = await Promise.all([
      cardsFor(viewer, thread.conversation, thread.messages),
      recordRead(db, {
        accountId: provider.accountId,
        userId: viewer.user.id,
        action: 'thread',
        clientUserId: thread.conversation.clientUserId,
        detail: { providerId: provider.id },
      }),
    ]);
    // The top bar's unread dot as it is now that this conversation is read.
    if (options.markRead)
      res.locals.viewer = {
        ...viewer,
        provider: { ...provider, unreadMessageCount: await unreadCount(db, ownerOf(provider)) },
      };
    const search = searchOf(req.query.q);
    const island = islandProps(thread, cards, {
      listQuery: search ? `?${new URLSearchParams({ q: search })}` : '',
      csrfToken: req.csrfToken?.() ?? '',
      timeZone: provider.timezone,
      draft: options.draft,
      error: options.error,
    });
    render(req, res, {
      title: TITLE,
      status: options.status ?? 200,
      page: (
        <MessagesPage
          {...list}
          texts={PAGE_TEXTS}
          contactHref={CONTACT_PATH}
          thread={{ clientName: thread.conversation.clientName, island }}
          confirmDelete={options.confirmDelete ?? null}
        />
      ),
    });
  }

  router.get(MESSAGES_PATH, ...requireSelectedProfile, async (req, res) => {
    const list = await conversationsOf(req, selectedProfile(res), null);
    render(req, res, {
      title: TITLE,
      page: <MessagesPage {...list} texts={PAGE_TEXTS} contactHref={CONTACT_PATH} thread="none" />,
    });
  });

  router.get(`${MESSAGES_PATH}/:clientId`, ...requireSelectedProfile, (req, res) =>
    showThread(req, res, { markRead: true }),
  );

  // The reply's round trip: 'Message is required' beside the composer (422); an unexpected failure keeps the
  // typed reply and says so (500). The island asks for JSON and shows the same message above its composer.
  const reshowReply: Reshow = (req, res, errors, status) => {
    const message = errors.message ?? (status === 422 ? MESSAGE_TEXTS.required : MESSAGE_TEXTS.sendFailed);
    if (wantsJson(req)) {
      takeFlash(req); // the island shows the message itself
      return void res.status(status).json({ message, errors });
    }
    return showThread(req, res, {
      markRead: false,
      status,
      draft: text(req.body?.message),
      error: status === 422 ? message : null,
    });
  };

  router.post(
    `${MESSAGES_PATH}/:clientId`,
    ...requireSelectedProfile,
    formPost(MESSAGE_TEXTS.sendFailed, reshowReply, async (req, res) => {
      const provider = selectedProfile(res);
      const clientUserId = idParam(req, 'clientId');
      if (!clientUserId) throw new NotFoundError();
      let sent: ThreadMessage;
      try {
        sent = await sendProviderMessage(db, integrations.jobs, {
          owner: ownerOf(provider),
          providerId: provider.id,
          clientUserId,
          content: text(req.body?.message),
          now: new Date(),
        });
      } catch (error) {
        // A conversation that cannot take a reply (locked, inactive profile, client left): its notice.
        if (error instanceof ForbiddenError && !wantsJson(req)) {
          flash(req, 'error', error.message);
          return res.redirect(303, threadPath(clientUserId));
        }
        throw error;
      }
      if (wantsJson(req)) return void res.json({ message: messageView(sent, new Map()) });
      flash(req, 'success', MESSAGE_TEXTS.sent);
      res.redirect(303, `${threadPath(clientUserId)}#message-${sent.id}`);
    }),
  );

  router.post(`${MESSAGES_PATH}/:clientId/messages/:messageId/delete`, ...requireSelectedProfile, async (req, res) => {
    const provider = selectedProfile(res);
    const clientUserId = idParam(req, 'clientId');
    const messageId = idParam(req, 'messageId');
    if (!clientUserId || !messageId) throw new NotFoundError();
    // Only a message of this conversation that the provider may delete.
    const conversation = await findConversationFor(db, ownerOf(provider), clientUserId, provider.id);
    const message = conversation && (await threadMessage(db, ownerOf(provider), conversation.id, messageId));
    if (!message?.deletable) throw new NotFoundError();
    if (!isChecked(req.body?.confirmed)) {
      return showThread(req, res, {
        markRead: false,
        confirmDelete: {
          question: MESSAGE_TEXTS.deleteConfirm,
          action: req.originalUrl.split('?')[0]!,
          cancelHref: `${threadPath(clientUserId)}#message-${messageId}`,
        },
      });
    }
    await deleteProviderMessage(db, ownerOf(provider), messageId);
    flash(req, 'success', 'Your message has been deleted.');
    res.redirect(303, threadPath(clientUserId));
  });

  /** The conversation of a data request, or a 404 answer. */
  async function conversationFor(req: Request, res: Response): Promise<ConversationSummary | null> {
    const clientUserId = idParam(req, 'clientId');
    const conversation = clientUserId
      ? await findConversationFor(db, ownerOf(selectedProfile(res)), clientUserId, selectedProfile(res).id)
      : null;
    if (!conversation) res.status(404).json({ message: 'Page Not Found' });
    return conversation;
  }

  const afterOf = (value: unknown): number => {
    const id = Number(value);
    return typeof value === 'string' && /^\d{1,15}$/.test(value) && Number.isSafeInteger(id) ? id : 0;
  };

  router.get(`${MESSAGES_PATH}/:clientId/updates`, requireProfileForData, async (req, res) => {
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    const messages = await messagesAfter(db, ownerOf(selectedProfile(res)), conversation.id, afterOf(req.query.after), {
      logger: req.log,
    });
    const cards = await cardsFor(res.locals.viewer as Viewer, conversation, messages);
    res.json({ messages: messages.map((m) => messageView(m, cards)), more: messages.length === THREAD_PAGE_SIZE });
  });

  // "Show earlier messages" in place: the page before a message the island shows, and the cursor before that.
  router.get(`${MESSAGES_PATH}/:clientId/earlier`, requireProfileForData, async (req, res) => {
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    const before = cursorOf(req.query.before);
    if (!before) return void res.status(422).json({ message: 'before is the id of a message of this conversation.' });
    const page = await earlierMessages(db, ownerOf(selectedProfile(res)), conversation.id, before, { logger: req.log });
    const cards = await cardsFor(res.locals.viewer as Viewer, conversation, page.messages);
    res.json({ messages: page.messages.map((m) => messageView(m, cards)), earlierCursor: page.earlierCursor });
  });

  router.get(`${MESSAGES_PATH}/:clientId/events`, requireProfileForData, async (req, res) => {
    const viewer = res.locals.viewer as Viewer;
    const owner = ownerOf(selectedProfile(res));
    const conversation = await conversationFor(req, res);
    if (!conversation) return;
    // Without notifications (a pooling proxy, the connection down) the island polls instead.
    if (!feed.isLive())
      return void res
        .status(503)
        .set('Retry-After', '10')
        .json({ message: 'Live updates are not available right now.' });
    // A reconnecting browser says what it had (Last-Event-ID); the first connection, what the page showed.
    let lastSent = Math.max(afterOf(req.get('Last-Event-ID')), afterOf(req.query.after));
    let unsubscribe = () => {};
    const stream = await streams.open(req, res, viewer.user.id, () => unsubscribe());
    if (!stream) return;

    // One check at a time, in order, so no message is sent twice or out of order.
    let queue = Promise.resolve();
    const check = (notice?: MessageNotice) => {
      queue = queue
        .then(async () => {
          if (stream.closed) return;
          // A deletion changes a message the page already shows: send it again as it reads now.
          if (notice?.event === 'deleted' && notice.messageId <= lastSent) {
            const changed = await threadMessage(db, owner, conversation.id, notice.messageId);
            if (changed) stream.send('message', messageView(changed, new Map()));
          }
          // New messages a page at a time, so a stream that fell far behind never reads them all at once.
          for (;;) {
            const fresh = await messagesAfter(db, owner, conversation.id, lastSent, { logger: req.log });
            if (stream.closed) return;
            const cards = await cardsFor(viewer, conversation, fresh);
            for (const message of fresh) {
              stream.send('message', messageView(message, cards), message.id);
              lastSent = Math.max(lastSent, message.id);
            }
            if (fresh.length < THREAD_PAGE_SIZE) break;
          }
        })
        .catch((error: unknown) => {
          req.log?.warn(
            { err: error, conversationId: conversation.id },
            'live thread update failed; the stream ends and the browser reconnects',
          );
          stream.close();
        });
    };
    unsubscribe = feed.subscribe(conversation.id, (notice) => (notice ? check(notice) : stream.close()));
    check();
  });

  return router;
}
