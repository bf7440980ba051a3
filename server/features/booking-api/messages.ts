// The directory API's messaging endpoints (docs/api.md "Messages"; issue [12]): a client writes to a
// live provider (Idempotency-Key), and the directory reads the provider's replies to that client with
// the conversation token it was given when the conversation was made (an e-mail address is not enough).
import type { Knex } from 'knex';
import { ApiError, type ApiEndpoints } from '../../api';
import type { JobQueue } from '../../jobs';
import { NotFoundError, ValidationError } from '../../lib/errors';
import * as messaging from '../../domain/messaging';
import { isLiveProvider } from '../../domain/providers';
import {
  check,
  clientMessageSchema,
  MESSAGE_FIELD_MESSAGES,
  readRepliesCursor,
  repliesCursor,
  repliesQuerySchema,
} from './validation';

export interface MessagingApiDeps {
  db: Knex;
  jobs: JobQueue;
  now?: () => Date;
}

const isoTime = (instant: Date) => instant.toISOString().replace(/\.000Z$/, 'Z');
const idFrom = (raw: unknown) => (typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);

const STATUS_OF: Record<messaging.ThreadMessage['shownAs'], string> = {
  text: 'visible',
  deleted: 'deleted',
  unavailable: 'unavailable',
};

/** A message as the directory shows it: no read marks, nothing the provider alone should see. */
function messageJson(message: messaging.ThreadMessage, providerId: number) {
  return {
    id: String(message.id),
    provider_id: String(providerId),
    type: message.type,
    sender: message.sender,
    status: STATUS_OF[message.shownAs],
    message_content: message.content,
    send_date: isoTime(message.sendDate),
    ...(message.intakeForm ? { intake_form: message.intakeForm } : {}),
  };
}

const invalid = (details: Record<string, string>) =>
  new ApiError(422, 'validation_failed', 'Some fields are missing or not valid: see details.', details);
const noProvider = () => new ApiError(404, 'not_found', 'There is no live provider with this id.');
const noConversation = () =>
  new ApiError(404, 'not_found', 'There is no conversation of this provider with this client and conversation token.');
const CONVERSATION_TOKEN = /^cvt_[\w-]{43}$/;

export function messagingApi({ db, jobs, now = () => new Date() }: MessagingApiDeps): ApiEndpoints {
  return (router, { idempotent }) => {
    router.post('/providers/:providerId/messages', idempotent, async (req, res) => {
      const providerId = idFrom(req.params.providerId);
      if (!providerId) throw noProvider();
      const body = check(clientMessageSchema, req.body);
      if (body.errors) throw invalid(body.errors);
      const { client, type } = body.value;
      let received: messaging.ReceivedClientMessage;
      try {
        received = await messaging.receiveClientMessage(db, jobs, {
          providerId,
          client: {
            email: client.email,
            firstName: client.first_name,
            lastName: client.last_name,
            phone: client.phone_number,
          },
          type,
          content: body.value.message_content,
          intakeForm: body.value.intake_form,
          vobData: body.value.vob_data,
          vobInputInfo: body.value.vob_input_info,
          now: now(),
        });
      } catch (error) {
        if (error instanceof NotFoundError) throw noProvider();
        if (error instanceof ValidationError)
          throw invalid({ message_content: MESSAGE_FIELD_MESSAGES.contentRequired });
        throw error;
      }
      res.status(201).json({
        message: messageJson(received.message, providerId),
        auto_reply: received.autoReply ? messageJson(received.autoReply, providerId) : null,
        // Only when this message made the conversation; keep it with the client: reading replies needs it.
        conversation_token: received.conversationToken,
      });
    });

    router.get('/providers/:providerId/messages', async (req, res) => {
      const providerId = idFrom(req.params.providerId);
      if (!providerId) throw noProvider();
      const query = check(repliesQuerySchema, req.query);
      if (query.errors) throw invalid(query.errors);
      if (!(await isLiveProvider(db, providerId))) throw noProvider();
      const token = req.get('Conversation-Token')?.trim() ?? '';
      if (!token)
        throw new ApiError(
          403,
          'conversation_token_required',
          'Send the conversation_token returned when the conversation was made, as "Conversation-Token: <token>".',
        );
      if (!CONVERSATION_TOKEN.test(token)) throw noConversation();
      let replies: { messages: messaging.ThreadMessage[]; nextAfter: number | null };
      try {
        replies = await messaging.repliesForClient(db, providerId, query.value.client_email, token, {
          ...(req.log ? { logger: req.log } : {}),
          after: query.value.cursor ? (readRepliesCursor(query.value.cursor) ?? 0) : 0,
          limit: query.value.limit,
        });
      } catch (error) {
        if (error instanceof NotFoundError) throw noConversation();
        throw error;
      }
      res.json({
        provider_id: String(providerId),
        client_email: query.value.client_email,
        messages: replies.messages.map((m) => messageJson(m, providerId)),
        next_cursor: replies.nextAfter === null ? null : repliesCursor(replies.nextAfter),
      });
    });
  };
}
