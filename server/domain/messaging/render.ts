// How a stored message is shown (spec 3 §3 Message, §4 Messaging, §8 "Invalid message type"): unknown
// types are logged and left out; deleted ones read 'This message has been deleted.', redacted ones (or
// a client's words once the client deleted their data) 'This message is no longer available.'.
import type { Logger } from 'pino';
import { createLogger } from '../../logger';
import type { MessageSqlRow } from './repo';
import { RENDERED_MESSAGE_TYPES, type RenderedMessageType, type ThreadMessage } from './types';

let moduleLogger: Logger | null = null;
const fallbackLogger = () => (moduleLogger ??= createLogger(process.env.LOG_LEVEL ?? 'info'));

const isRendered = (type: string): type is RenderedMessageType =>
  (RENDERED_MESSAGE_TYPES as readonly string[]).includes(type);

export interface RenderContext {
  clientRedacted: boolean;
  logger?: Logger;
  conversationId: number;
}

export function renderMessages(rows: MessageSqlRow[], context: RenderContext): ThreadMessage[] {
  const shown: ThreadMessage[] = [];
  for (const row of rows) {
    if (!isRendered(row.type)) {
      // Only ids and the type: never the content.
      (context.logger ?? fallbackLogger()).warn(
        { messageId: row.id, conversationId: context.conversationId, type: row.type },
        'invalid message type not rendered',
      );
      continue;
    }
    shown.push(renderMessage(row, row.type, context.clientRedacted));
  }
  return shown;
}

function renderMessage(row: MessageSqlRow, type: RenderedMessageType, clientRedacted: boolean): ThreadMessage {
  const deleted = row.deleted_at !== null;
  const unavailable = !deleted && (row.redacted_at !== null || (clientRedacted && row.sender === 'client'));
  const shownAs: ThreadMessage['shownAs'] = deleted ? 'deleted' : unavailable ? 'unavailable' : 'text';
  const message: ThreadMessage = {
    id: row.id,
    type,
    sender: row.sender,
    content: shownAs === 'text' ? row.message_content : null,
    shownAs,
    sendDate: new Date(row.send_date),
    deletable: row.sender === 'provider' && shownAs === 'text',
  };
  if (row.appointment_id !== null && row.appointment_start_time) {
    message.appointment = { id: row.appointment_id, startTime: row.appointment_start_time };
  }
  if (shownAs === 'text') {
    if (row.intake_form) message.intakeForm = row.intake_form;
    if (row.vob_data) message.vobData = row.vob_data;
    if (row.vob_input_info) message.vobInputInfo = row.vob_input_info;
  }
  return message;
}
