// The JSON shapes the messaging views and the MessageThread island are given (dates as ISO strings),
// and the texts they show, which come from the messaging domain through the page's props.
import type { VobCardView } from './VobCard';

export type MessageViewType =
  | 'message'
  | 'messaging_tool_intake'
  | 'booking_tool_intake'
  | 'reschedule_message'
  | 'cancel_message'
  | 'automated_message_out_of_office';

export interface MessageView {
  id: number;
  type: MessageViewType;
  sender: 'provider' | 'client';
  /** Null when deleted, unavailable, or a type without text. */
  content: string | null;
  shownAs: 'text' | 'deleted' | 'unavailable';
  /** ISO 8601. */
  sendDate: string;
  appointment?: { id: number; startTime: string };
  intakeForm?: Record<string, unknown>;
  /** The benefits check the message carries, ready to show. */
  vobCard?: VobCardView;
  deletable: boolean;
}

export type ThreadMode = 'locked' | 'provider-inactive' | 'client-redacted' | 'sendable';

export interface MessagingTexts {
  required: string;
  deleted: string;
  unavailable: string;
  sent: string;
  send: string;
  deleteConfirm: string;
  lockedNotice: string;
  providerInactiveNotice: string;
  clientRedactedNotice: string;
  onBehalfReminder: string;
}

export interface ThreadUrls {
  /** The reply form's action. */
  send: string;
  /** `${deleteBase}/${messageId}/delete` deletes one message. */
  deleteBase: string;
  /** Server-sent events of new and changed messages. */
  events: string;
  /** Polled with ?after={id} when the events cannot be had. */
  updates: string;
  /** The page before a message, as JSON (?before={id}): "Show earlier messages" in place. */
  earlier: string;
  /** Where one appointment's details are (`${appointment}{id}`). */
  appointment: string;
  /** Where the provider reactivates the profile. */
  reactivate: string;
  contact: string;
}

/**
 * A practice-inbox conversation's intake desk as the thread island shows it, live: the status's word and
 * label state, who has it (null: no one), and the day its snooze ends (null: not snoozed).
 */
export interface DeskLive {
  status: string;
  statusState: 'success' | 'attention' | 'danger' | 'neutral' | 'info';
  assignee: string | null;
  snoozedUntil: string | null;
}
