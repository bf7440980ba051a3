// A thread's message as the views and the MessageThread island take it (dates as ISO strings): one
// mapping for the Messages page and the practice inbox. Its input is the messaging domain's message,
// described here by shape, since views import nothing from server/.
import type { MessageView, MessageViewType } from './types';
import type { VobCardView } from './VobCard';

export interface ThreadMessageInput {
  id: number;
  type: MessageViewType;
  sender: 'provider' | 'client';
  content: string | null;
  shownAs: MessageView['shownAs'];
  sendDate: Date;
  deletable: boolean;
  appointment?: { id: number; startTime: Date } | null;
  intakeForm?: Record<string, unknown> | null;
}

export function messageViewOf(message: ThreadMessageInput, vobCard?: VobCardView): MessageView {
  const view: MessageView = {
    id: message.id,
    type: message.type,
    sender: message.sender,
    content: message.content,
    shownAs: message.shownAs,
    sendDate: message.sendDate.toISOString(),
    deletable: message.deletable,
  };
  if (message.appointment)
    view.appointment = { id: message.appointment.id, startTime: message.appointment.startTime.toISOString() };
  if (message.intakeForm) view.intakeForm = message.intakeForm;
  if (vobCard) view.vobCard = vobCard;
  return view;
}
