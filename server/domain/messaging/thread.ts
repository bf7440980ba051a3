// One conversation as the provider sees it (spec 3 §2 Messages, §4 Messaging): its messages, the mode
// that decides what replaces the composer, and the read marking that opening it does.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { NotFoundError } from '../../lib/errors';
import { hashConversationToken } from './clients';
import { renderMessages } from './render';
import * as repo from './repo';
import type { ConversationMode, MessagingOwner, Thread, ThreadMessage } from './types';

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
 * Opens the owner's conversation with a client (with `providerId`, else the most recent one) and marks
 * the client's messages read. Null when the owner has no such conversation: the page shows the
 * missing-conversation text.
 */
export async function openThread(
  db: Knex,
  owner: MessagingOwner,
  clientUserId: number,
  options: { providerId?: number; now: Date; markRead?: boolean; logger?: Logger },
): Promise<Thread | null> {
  const row = await repo.findConversation(db, owner, clientUserId, options.providerId);
  if (!row) return null;
  if ((options.markRead ?? true) && row.unread) {
    await repo.markClientMessagesRead(db, row.id, options.now);
    row.unread = false;
  }
  const stored = await repo.conversationMessages(db, row.id);
  const messages = renderMessages(stored, {
    clientRedacted: row.clientRedacted,
    logger: options.logger,
    conversationId: row.id,
  });
  const { providerStatus: _status, accountId: _account, ...conversation } = row;
  return {
    conversation,
    mode: modeOf(row),
    messages,
    providerHasReplied: stored.some((m) => m.sender === 'provider' && m.type === 'message'),
  };
}

/** The conversation's messages after one the page already shows (live updates). Not found for another owner's conversation. */
export async function messagesAfter(
  db: Knex,
  owner: MessagingOwner,
  conversationId: number,
  afterMessageId: number,
  options: { logger?: Logger } = {},
): Promise<ThreadMessage[]> {
  const row = await repo.findConversationById(db, owner, conversationId);
  if (!row) throw new NotFoundError();
  const stored = await repo.conversationMessages(db, row.id, { afterId: afterMessageId });
  return renderMessages(stored, { clientRedacted: row.clientRedacted, logger: options.logger, conversationId: row.id });
}

/**
 * What the directory shows a client of their conversation with a provider: the provider's replies
 * (deleted ones as deleted), none once the client deleted their data. The conversation token handed
 * out when the conversation was made is required: without the right one there is no such conversation.
 */
export async function repliesForClient(
  db: Knex,
  providerId: number,
  clientEmail: string,
  conversationToken: string,
  options: { logger?: Logger } = {},
): Promise<ThreadMessage[]> {
  const conversation = await repo.conversationByClientToken(
    db,
    providerId,
    clientEmail,
    hashConversationToken(conversationToken),
  );
  if (!conversation) throw new NotFoundError();
  if (conversation.clientRedacted) return [];
  const stored = await repo.conversationMessages(db, conversation.id, { sender: 'provider' });
  return renderMessages(stored, { clientRedacted: false, logger: options.logger, conversationId: conversation.id }).map(
    (message) => ({ ...message, deletable: false }),
  );
}
