// A client's message from the directory (issue [12]): the client's user and conversation are found or
// made, the message stored, the out-of-office reply sent once per conversation per absence, and the
// provider's notification queued unless one went out for this conversation in the last few minutes.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { JobQueue } from '../../jobs/queue';
import { findLiveProvider } from '../providers';
import { outOfOfficeReplyFor } from '../vacation-responder';
import { clientUserFor, openConversation } from './clients';
import { MESSAGE_NOTIFICATION_JOB, NOTIFICATION_WINDOW_MINUTES, type ProviderNotificationData } from './notifications';
import { renderMessages } from './render';
import * as repo from './repo';
import { MESSAGE_TEXTS, type ThreadMessage } from './types';

export interface ClientMessageRequest {
  providerId: number;
  client: { email: string; firstName: string; lastName: string; phone?: string | null };
  content: string | null;
  type: 'message' | 'messaging_tool_intake';
  /** The directory's intake answers (state, session_type, insurance, source, source_type). */
  intakeForm?: Record<string, unknown> | null;
  /** A benefits check the directory ran for the client, stored and returned as given. */
  vobData?: Record<string, unknown> | null;
  vobInputInfo?: Record<string, unknown> | null;
  now: Date;
}

export interface ReceivedClientMessage {
  message: ThreadMessage;
  conversationId: number;
  clientUserId: number;
  autoReply: ThreadMessage | null;
  /** The conversation's token when this message made the conversation (else null): the key to read its replies. */
  conversationToken: string | null;
}

/**
 * Stores a client's message to a live profile (any other is not found). A plain message needs text; an
 * intake (a referral) may come without. All in one transaction.
 */
export async function receiveClientMessage(
  db: Knex,
  jobs: JobQueue,
  request: ClientMessageRequest,
): Promise<ReceivedClientMessage> {
  const content = request.content?.trim() || null;
  if (request.type === 'message' && !content) throw new ValidationError({ message: MESSAGE_TEXTS.required });
  return db.transaction(async (trx) => {
    const provider = await findLiveProvider(trx, request.providerId);
    if (!provider) throw new NotFoundError();
    const { email, firstName, lastName, phone } = request.client;
    const clientUserId = await clientUserFor(trx, { email, firstName, lastName, phoneNumber: phone ?? null });
    // The upsert locks the conversation row until commit: concurrent messages of one client queue up here.
    const conversation = await openConversation(
      trx,
      provider.id,
      clientUserId,
      { firstName, lastName, phoneNumber: phone ?? null },
      request.now,
    );
    const conversationId = conversation.id;
    const stored = await repo.insertMessage(trx, {
      conversationId,
      providerId: provider.id,
      clientUserId,
      type: request.type,
      sender: 'client',
      content,
      at: request.now,
      intakeForm: request.intakeForm ?? null,
      vobData: request.vobData ?? null,
      vobInputInfo: request.vobInputInfo ?? null,
    });
    const autoReply = await outOfOfficeReply(trx, provider.id, clientUserId, conversationId, request.now);
    const isReferral = request.type === 'messaging_tool_intake';
    if (
      await repo.claimNotification(
        trx,
        conversationId,
        'provider_notified_at',
        request.now,
        NOTIFICATION_WINDOW_MINUTES,
        isReferral,
      )
    ) {
      await jobs.enqueue(trx, MESSAGE_NOTIFICATION_JOB, {
        conversationId,
        kind: isReferral ? 'referral' : 'message',
      } satisfies ProviderNotificationData);
    }
    const render = (rows: repo.MessageSqlRow[]) => renderMessages(rows, { clientRedacted: false, conversationId });
    return {
      message: render([stored])[0]!,
      conversationId,
      clientUserId,
      autoReply: autoReply ? render([autoReply])[0]! : null,
      conversationToken: conversation.token,
    };
  });
}

/**
 * The vacation responder's reply, once per conversation per absence. The absence is the responder's
 * current window: an earlier reply whose time still falls inside it (the responder would answer at
 * that time too) belongs to the same absence, so none is sent again; new dates make a new absence.
 */
async function outOfOfficeReply(
  trx: Knex.Transaction,
  providerId: number,
  clientUserId: number,
  conversationId: number,
  now: Date,
): Promise<repo.MessageSqlRow | null> {
  const reply = await outOfOfficeReplyFor(trx, providerId, now);
  if (!reply) return null;
  const lastReplyAt = await repo.outOfOfficeRepliedAt(trx, conversationId);
  if (lastReplyAt && (await outOfOfficeReplyFor(trx, providerId, lastReplyAt))) return null;
  await repo.recordOutOfOfficeReply(trx, conversationId, now);
  return repo.insertMessage(trx, {
    conversationId,
    providerId,
    clientUserId,
    type: reply.type,
    sender: reply.sender,
    content: reply.message_content,
    at: now,
  });
}
