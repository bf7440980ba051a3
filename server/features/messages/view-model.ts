// What the Messages pages show, built from the messaging domain: list items, the island's JSON props
// (dates as ISO strings; a benefits check only as its ready card, never the client's insurance answers).
import type { ConversationSummary, Thread, ThreadMessage } from '../../domain/messaging';
import { CONVERSATION_PAGE_TEXTS, THREAD_TEXTS } from '../../domain/messaging';
import type { ConversationListItem } from '../../../views/components/messaging/ConversationList';
import type { VobCardView } from '../../../views/components/messaging/VobCard';
import type { MessageView, ThreadUrls } from '../../../views/components/messaging/types';
import { messageViewOf } from '../../../views/components/messaging/message-view';
import type { MessagesPageTexts } from '../../../views/pages/messages/MessagesPage';
import type MessageThread from '../../../islands/MessageThread';
import { dateFormatIn } from '../../../views/components/format';

export const MESSAGES_PATH = '/messages';
export const CONTACT_PATH = '/contact';
export const REACTIVATE_PATH = '/plan-management';

export const threadPath = (clientUserId: number) => `${MESSAGES_PATH}/${clientUserId}`;

export const PAGE_TEXTS: MessagesPageTexts = CONVERSATION_PAGE_TEXTS;

/** The list's items; `query` (a search) goes with each link so the list stays as it is on the thread's page. */
export function listItems(
  conversations: ConversationSummary[],
  current: number | null,
  timeZone: string,
  query = '',
): ConversationListItem[] {
  const day = dateFormatIn(timeZone, { dateStyle: 'medium' });
  return conversations.map((c) => ({
    key: String(c.id),
    clientName: c.clientName,
    href: `${threadPath(c.clientUserId)}${query}`,
    unread: c.unread,
    current: c.clientUserId === current,
    lastMessage: c.lastMessageAt ? day.format(c.lastMessageAt) : null,
    preview: c.lastMessagePreview,
  }));
}

export const messageView = (message: ThreadMessage, cards: Map<number, VobCardView>): MessageView =>
  messageViewOf(message, cards.get(message.id));

export function threadUrls(clientUserId: number): ThreadUrls {
  const base = threadPath(clientUserId);
  return {
    send: base,
    deleteBase: `${base}/messages`,
    events: `${base}/events`,
    updates: `${base}/updates`,
    earlier: `${base}/earlier`,
    appointment: '/calendar/appointments/',
    reactivate: REACTIVATE_PATH,
    contact: CONTACT_PATH,
  };
}

export function islandProps(
  thread: Thread,
  cards: Map<number, VobCardView>,
  page: { csrfToken: string; timeZone: string; draft?: string; error?: string | null; listQuery?: string },
): Parameters<typeof MessageThread>[0] {
  const { conversation } = thread;
  return {
    messages: thread.messages.map((m) => messageView(m, cards)),
    earlierCursor: thread.earlierCursor,
    latest: thread.latest,
    mode: thread.mode,
    clientName: conversation.clientName,
    clientEmail: conversation.clientEmail,
    clientPhone: conversation.clientPhone,
    timeZone: page.timeZone,
    csrfToken: page.csrfToken,
    texts: THREAD_TEXTS,
    urls: threadUrls(conversation.clientUserId),
    returnTo: threadPath(conversation.clientUserId),
    listQuery: page.listQuery ?? '',
    draft: page.draft ?? '',
    error: page.error ?? null,
    showReminder: !thread.providerHasReplied,
  };
}
