// The provider's side of a conversation (spec 3 §4 Messaging, §5 "Message reply"): replying and
// deleting their own messages. One transaction each; replies from the practice inbox carry the account.
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { JobQueue } from '../../jobs/queue';
import { CLIENT_NOTIFICATION_JOB, NOTIFICATION_WINDOW_MINUTES, type ClientNotificationData } from './notifications';
import { renderMessages } from './render';
import * as repo from './repo';
import { modeOf } from './thread';
import { type ConversationMode, MESSAGE_TEXTS, type MessagingOwner, type ThreadMessage } from './types';

export interface ProviderMessageRequest {
  owner: MessagingOwner;
  providerId: number;
  clientUserId: number;
  content: unknown;
  /** The practice inbox's account (taken from an account owner when left out). */
  accountId?: number;
  now: Date;
}

const REFUSALS: Record<Exclude<ConversationMode, 'sendable'>, string> = {
  locked: MESSAGE_TEXTS.lockedNotice,
  'provider-inactive': MESSAGE_TEXTS.providerInactiveNotice,
  'client-redacted': MESSAGE_TEXTS.clientRedactedNotice,
};

/**
 * Sends the provider's reply. Blank is a ValidationError on `message`; another owner's conversation is
 * not found; a conversation that is not sendable (locked, inactive profile, redacted client) is refused
 * with its notice. The client hears of it by e-mail, at most once per notification window.
 */
export async function sendProviderMessage(
  db: Knex,
  jobs: JobQueue,
  request: ProviderMessageRequest,
): Promise<ThreadMessage> {
  const content = typeof request.content === 'string' ? request.content.trim() : '';
  if (!content) throw new ValidationError({ message: MESSAGE_TEXTS.required });
  const accountId = 'accountId' in request.owner ? request.owner.accountId : (request.accountId ?? null);
  return db.transaction(async (trx) => {
    const found = await repo.findConversation(trx, request.owner, request.clientUserId, request.providerId);
    if (!found) throw new NotFoundError();
    await repo.lockConversation(trx, found.id);
    const conversation = (await repo.findConversationById(trx, request.owner, found.id))!;
    const mode = modeOf(conversation);
    if (mode !== 'sendable') throw new ForbiddenError(REFUSALS[mode]);
    if (accountId !== null && accountId !== conversation.accountId) throw new NotFoundError();
    const stored = await repo.insertMessage(trx, {
      conversationId: conversation.id,
      providerId: conversation.providerId,
      clientUserId: conversation.clientUserId,
      type: 'message',
      sender: 'provider',
      content,
      at: request.now,
      accountId,
    });
    if (
      await repo.claimNotification(trx, conversation.id, 'client_notified_at', request.now, NOTIFICATION_WINDOW_MINUTES)
    ) {
      await jobs.enqueue(trx, CLIENT_NOTIFICATION_JOB, {
        conversationId: conversation.id,
      } satisfies ClientNotificationData);
    }
    return renderMessages([stored], { clientRedacted: false, conversationId: conversation.id })[0]!;
  });
}

/** Deletes one of the provider's own messages for good; anything else (a client's, another owner's, already deleted) is not found. */
export async function deleteProviderMessage(
  db: Knex,
  owner: MessagingOwner,
  messageId: number,
  now: Date = new Date(),
): Promise<void> {
  if (!Number.isSafeInteger(messageId) || messageId <= 0) throw new NotFoundError();
  if (!(await repo.deleteProviderMessage(db, owner, messageId, now))) throw new NotFoundError();
}
