// One conversation as the provider sees it (spec 3 §2 Messages, §4 Messaging): its messages, the mode
// that decides what replaces the composer, and the read marking that opening it does.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { NotFoundError } from '../../lib/errors';
import { hashConversationToken } from './clients';
import { renderMessages } from './render';
import * as repo from './repo';
import { type ConversationMode, type MessagingOwner, THREAD_PAGE_SIZE, type Thread, type ThreadMessage } from './types';

/** Locked first, then an inactive profile, then a client who deleted their data; otherwise sendable. */
export function modeOf(
  row: Pick<repo.ConversationRow, 'locked' | 'providerStatus' | 'clientRedacted'>,
): ConversationMode {
  if (row.locked) return 'locked';
  if (row.providerStatus !== 'active') return 'provider-inactive';
  if (row.clientRedacted) return 'client-redacted';
  return 'sendable';
}

/**
 * Opens the owner's conversation with a client (with `providerId`, else the most recent one), marks
 * the client's messages read and moves it to the top of the list. Null when the owner has no such conversation: the page shows the
 * missing-conversation text. The thread holds one page: the newest THREAD_PAGE_SIZE messages, or
 * those just before the message `before` (a cursor the page gave; an unknown one means the newest).
 */
export async function openThread(
  db: Knex,
  owner: MessagingOwner,
  clientUserId: number,
  options: { providerId?: number; now: Date; markRead?: boolean; logger?: Logger; before?: number | null },
): Promise<Thread | null> {
  const row = await repo.findConversation(db, owner, clientUserId, options.providerId);
  if (!row) return null;
  if (options.markRead ?? true) {
    // Opening marks it read and moves it to the top of the list, for good (spec 3 §4).
    if (row.unread) await repo.markClientMessagesRead(db, row.id, options.now);
    await repo.markOpened(db, row.id, options.now);
    row.unread = false;
  }
  const before = options.before && (await repo.hasMessage(db, row.id, options.before)) ? options.before : undefined;
  const [page, providerHasReplied] = await Promise.all([
    repo.messagesPage(db, row.id, { beforeId: before, limit: THREAD_PAGE_SIZE }),
    repo.providerHasReplied(db, row.id),
  ]);
  const messages = renderMessages(page.rows, {
    clientRedacted: row.clientRedacted,
    logger: options.logger,
    conversationId: row.id,
  });
  const { providerStatus: _status, accountId: _account, ...conversation } = row;
  return {
    conversation,
    mode: modeOf(row),
    messages,
    earlierCursor: page.more && page.rows[0] ? page.rows[0].id : null,
    latest: before === undefined,
    providerHasReplied,
  };
}

/**
 * The page of messages just before the message `beforeId` (the thread's "Show earlier messages"), oldest
 * first, with the cursor of the page before it (null at the start). Not found for another owner's conversation.
 */
export async function earlierMessages(
  db: Knex,
  owner: MessagingOwner,
  conversationId: number,
  beforeId: number,
  options: { logger?: Logger } = {},
): Promise<{ messages: ThreadMessage[]; earlierCursor: number | null }> {
  const row = await repo.findConversationById(db, owner, conversationId);
  if (!row) throw new NotFoundError();
  if (!(await repo.hasMessage(db, row.id, beforeId))) return { messages: [], earlierCursor: null };
  const page = await repo.messagesPage(db, row.id, { beforeId, limit: THREAD_PAGE_SIZE });
  return {
    messages: renderMessages(page.rows, {
      clientRedacted: row.clientRedacted,
      logger: options.logger,
      conversationId: row.id,
    }),
    earlierCursor: page.more && page.rows[0] ? page.rows[0].id : null,
  };
}

/**
 * The conversation's messages after one the page already shows (live updates), oldest first, at most
 * THREAD_PAGE_SIZE: a reader that gets a full page asks again from its last id. Not found for another
 * owner's conversation.
 */
export async function messagesAfter(
  db: Knex,
  owner: MessagingOwner,
  conversationId: number,
  afterMessageId: number,
  options: { logger?: Logger } = {},
): Promise<ThreadMessage[]> {
  const row = await repo.findConversationById(db, owner, conversationId);
  if (!row) throw new NotFoundError();
  const stored = await repo.messagesAfter(db, row.id, { afterId: afterMessageId, limit: THREAD_PAGE_SIZE });
  return renderMessages(stored, { clientRedacted: row.clientRedacted, logger: options.logger, conversationId: row.id });
}

/** One message of the owner's conversation as the thread shows it (a deletion to show again, a delete to check), or null. */
export async function threadMessage(
  db: Knex,
  owner: MessagingOwner,
  conversationId: number,
  messageId: number,
): Promise<ThreadMessage | null> {
  const row = await repo.findConversationById(db, owner, conversationId);
  if (!row) return null;
  const stored = await repo.messageById(db, row.id, messageId);
  if (!stored) return null;
  return renderMessages([stored], { clientRedacted: row.clientRedacted, conversationId: row.id })[0] ?? null;
}

/** Replies the directory reads per call: `limit` is at most this (docs/api.md). */
export const REPLIES_PAGE_MAX = 100;

/**
 * What the directory shows a client of their conversation with a provider: the provider's replies
 * (deleted ones as deleted), none once the client deleted their data, oldest first, a page at a time:
 * `after` is the id of the last reply of the previous page, and `nextAfter` is set when more follow.
 * The conversation token handed out when the conversation was made is required: without the right
 * one there is no such conversation.
 */
export async function repliesForClient(
  db: Knex,
  providerId: number,
  clientEmail: string,
  conversationToken: string,
  options: { logger?: Logger; after?: number; limit?: number } = {},
): Promise<{ messages: ThreadMessage[]; nextAfter: number | null }> {
  const conversation = await repo.conversationByClientToken(
    db,
    providerId,
    clientEmail,
    hashConversationToken(conversationToken),
  );
  if (!conversation) throw new NotFoundError();
  if (conversation.clientRedacted) return { messages: [], nextAfter: null };
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? REPLIES_PAGE_MAX), 1), REPLIES_PAGE_MAX);
  const stored = await repo.messagesAfter(db, conversation.id, {
    afterId: options.after ?? 0,
    limit: limit + 1,
    sender: 'provider',
  });
  const page = stored.slice(0, limit);
  const messages = renderMessages(page, {
    clientRedacted: false,
    logger: options.logger,
    conversationId: conversation.id,
  }).map((message) => ({ ...message, deletable: false }));
  return { messages, nextAfter: stored.length > limit ? page.at(-1)!.id : null };
}
