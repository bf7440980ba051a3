// The practice inbox's messages page as the views need it: list items with the provider's name and
// picture, and the MessageThread island's JSON props (dates as ISO strings) with the inbox's URLs.
import * as images from '../../domain/images';
import type { ConversationFilter, ConversationSummary, Thread, ThreadMessage } from '../../domain/messaging';
import { CONVERSATION_PAGE_TEXTS, THREAD_TEXTS } from '../../domain/messaging';
import type { ConversationListItem } from '../../../views/components/messaging/ConversationList';
import type { MessageView, ThreadUrls } from '../../../views/components/messaging/types';
import { messageViewOf } from '../../../views/components/messaging/message-view';
import type { InboxThreadPane } from '../../../views/pages/practice-inbox/InboxMessagesPage';
import { deskListView, type PeopleNames } from './desk-view';
import { assigneeParamOf, deskViewOf } from './service';
import { INBOX_APPOINTMENTS_PATH, INBOX_MESSAGES_PATH } from '../../../views/pages/practice-inbox/InboxTabs';
import { dateFormatIn } from '../../../views/components/format';

type Pair = { clientUserId: number; providerId: number };

export const threadPath = (c: Pair) => `${INBOX_MESSAGES_PATH}/${c.clientUserId}/${c.providerId}`;
export const pairKey = (c: Pair) => `${c.clientUserId}-${c.providerId}`;

export const pictureOf = (key: string | null) => (key ? images.imageUrl(images.smallKeyOf(key)) : null);

export const PAGE_TEXTS = CONVERSATION_PAGE_TEXTS;

/** The list's state in a query string's order; every part optional. */
interface ListParams {
  provider?: string;
  unread?: boolean;
  q?: string;
  /** 'me', 'none' or a user id. */
  assignee?: string;
  /** A desk view other than the default (open). */
  status?: string;
  loads?: number;
}

function writeQuery(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.provider) query.set('provider', params.provider);
  if (params.unread) query.set('unread', '1');
  if (params.q) query.set('q', params.q);
  if (params.assignee) query.set('assignee', params.assignee);
  if (params.status && params.status !== 'open') query.set('status', params.status);
  if (params.loads && params.loads > 1) query.set('loads', String(params.loads));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The list's state as a query string ('' or '?provider=…&unread=1&q=…&assignee=…&status=…&loads=…'): links into a thread and back keep it. */
export function listQuery(filter: ConversationFilter, loads = 1): string {
  return writeQuery({
    ...(filter.providerId !== undefined && { provider: String(filter.providerId) }),
    unread: Boolean(filter.unread),
    ...(filter.search && { q: filter.search }),
    ...(filter.assigneeUserId !== undefined && {
      assignee: filter.assigneeUserId === null ? 'none' : String(filter.assigneeUserId),
    }),
    ...(filter.desk && { status: filter.desk }),
    loads,
  });
}

/** ?q=: a client-name search, trimmed and at most 100 characters ('' for none). */
export const searchOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').slice(0, 100) : '';

export function listItems(
  conversations: ConversationSummary[],
  options: {
    timeZone: string;
    current: string | null;
    loads: number;
    filter: ConversationFilter;
    /** Assignees' names by user id, and the moment snoozes are read at. */
    names: PeopleNames;
    now: Date;
  },
): ConversationListItem[] {
  const day = dateFormatIn(options.timeZone, { dateStyle: 'medium' });
  // Every row's link carries the same list state.
  const query = listQuery(options.filter, options.loads);
  return conversations.map((c) => ({
    key: pairKey(c),
    clientName: c.clientName,
    href: `${threadPath(c)}${query}`,
    unread: c.unread,
    current: pairKey(c) === options.current,
    lastMessage: c.lastMessageAt ? day.format(c.lastMessageAt) : null,
    preview: c.lastMessagePreview,
    provider: { name: c.providerName, imageUrl: pictureOf(c.providerImageKey) },
    desk: deskListView(c.desk, options.names, options),
  }));
}

export const messageView = (message: ThreadMessage): MessageView => messageViewOf(message);

/** The list's state as a thread's page carries it (its reply posts with it, so the way back keeps it). */
export function carriedQuery(query: Record<string, unknown>): string {
  const providerId = Number(query.provider);
  const loads = Number(query.loads);
  const desk = deskViewOf(query.status);
  return writeQuery({
    ...(typeof query.provider === 'string' &&
      Number.isSafeInteger(providerId) &&
      providerId > 0 && { provider: String(providerId) }),
    unread: query.unread === '1',
    q: searchOf(query.q),
    assignee: assigneeParamOf(query.assignee),
    status: desk,
    loads: Number.isSafeInteger(loads) && loads > 1 ? loads : 1,
  });
}

export function threadUrls(pair: Pair, query = ''): ThreadUrls {
  const base = threadPath(pair);
  return {
    send: `${base}${query}`,
    deleteBase: `${base}/messages`,
    events: `${base}/events`,
    updates: `${base}/updates`,
    earlier: `${base}/earlier`,
    appointment: `${INBOX_APPOINTMENTS_PATH}?id=`,
    reactivate: '/plan-management',
    contact: '/contact',
  };
}

export function threadPane(
  thread: Thread,
  page: { csrfToken: string; timeZone: string; draft?: string; error?: string | null; query?: string },
): InboxThreadPane {
  const { conversation } = thread;
  return {
    clientName: conversation.clientName,
    providerName: conversation.providerName,
    providerImageUrl: pictureOf(conversation.providerImageKey),
    island: {
      messages: thread.messages.map(messageView),
      earlierCursor: thread.earlierCursor,
      latest: thread.latest,
      mode: thread.mode,
      clientName: conversation.clientName,
      clientEmail: conversation.clientEmail,
      clientPhone: conversation.clientPhone,
      timeZone: page.timeZone,
      csrfToken: page.csrfToken,
      texts: THREAD_TEXTS,
      urls: threadUrls(conversation, page.query),
      returnTo: threadPath(conversation),
      listQuery: page.query ?? '',
      draft: page.draft ?? '',
      error: page.error ?? null,
      showReminder: !thread.providerHasReplied,
    },
  };
}
