// The shapes and texts of messaging (spec 3 §2 Messages, §3 Conversation and Message, §4 Messaging).
import type { DeskStatus } from './desk-rules';

/** The conversations of one profile, or of every profile of an account (the practice inbox). */
export type MessagingOwner = { providerId: number } | { accountId: number };

/** What a conversation list may be narrowed to (the practice inbox's filters): one profile, unread ones. */
export interface ConversationFilter {
  providerId?: number;
  unread?: boolean;
  /** Only clients whose name (as given in the conversation) holds this. */
  search?: string;
  /** The search reads the client's e-mail and the conversation's messages as well (the practice inbox). */
  searchEverything?: boolean;
  /** The intake desk's view (the practice inbox): open (the default: not closed, not snoozed), one status, snoozed, or all. */
  desk?: DeskView;
  /** Assigned to this user, or to no one (null). */
  assigneeUserId?: number | null;
  /** The moment "snoozed" is measured at (the desk views read it; now by default). */
  now?: Date;
}

/** The desk's views of the list: 'open' hides closed and snoozed conversations; a status hides snoozed ones. */
export type DeskView = 'open' | DeskStatus | 'snoozed' | 'all';

/** A conversation's intake-desk state (the practice inbox): who has it, where it stands, until when it sleeps. */
export interface ConversationDesk {
  status: DeskStatus;
  assigneeUserId: number | null;
  /** Hidden from the open list until then (null: not snoozed). */
  snoozedUntil: Date | null;
}

/** The message types a thread shows; any other type is logged as invalid and left out. */
export const RENDERED_MESSAGE_TYPES = [
  'message',
  'messaging_tool_intake',
  'booking_tool_intake',
  'reschedule_message',
  'cancel_message',
  'automated_message_out_of_office',
] as const;
export type RenderedMessageType = (typeof RENDERED_MESSAGE_TYPES)[number];

/** Conversations fetched per page; Load More asks for the next 100 (spec 3 §9). */
export const CONVERSATIONS_PAGE_SIZE = 100;

/** Messages a thread shows at a time ("Show earlier messages" adds the page before), and the most any read of messages returns. */
export const THREAD_PAGE_SIZE = 50;

/** Every message insert or deletion is announced on this channel in its own transaction (payload: JSON). */
export const MESSAGE_CHANNEL = 'conversation_messages';

/** Every change of a conversation's assignee, desk status or snooze is announced here ({conversationId, accountId}). */
export const DESK_CHANNEL = 'conversation_desk';

export const MESSAGE_TEXTS = {
  required: 'Message is required',
  /** A reply that failed unexpectedly (the spec leaves its wording to the server). */
  sendFailed: 'Sorry, your message could not be sent. Please try again.',
  deleted: 'This message has been deleted.',
  unavailable: 'This message is no longer available.',
  selectConversation: 'Select a conversation to view message history.',
  missingConversation:
    "Oops, this conversation doesn't exist! This may be because this message was removed due to inappropriate content or use of the website.",
  missingConversationContact: 'Contact us',
  noConversations:
    "You don't have any conversations yet. Messages from clients who contact you through your profile will appear here.",
  sent: 'Message sent!',
  send: 'Send',
  deleteConfirm: 'Delete this message? This cannot be undone.',
  lockedNotice:
    'This conversation has been locked by our team, so new messages cannot be sent. Please contact us if you have questions.',
  providerInactiveNotice:
    'Your profile is not active, so you cannot send messages. Reactivate your profile to reply here, or contact the client directly by email or phone.',
  clientRedactedNotice:
    'This client has deleted their data. The conversation is kept as a reminder, but new messages cannot be sent.',
  onBehalfReminder: 'Your reply is sent on behalf of the provider this conversation belongs to.',
} as const;

/** The texts of a conversation page's list and placeholders (the Messages page and the practice inbox). */
export const CONVERSATION_PAGE_TEXTS = {
  noConversations: MESSAGE_TEXTS.noConversations,
  selectConversation: MESSAGE_TEXTS.selectConversation,
  missingConversation: MESSAGE_TEXTS.missingConversation,
  missingConversationContact: MESSAGE_TEXTS.missingConversationContact,
};

/** The texts a thread shows (the thread island's props, on both pages). */
export const THREAD_TEXTS = {
  required: MESSAGE_TEXTS.required,
  deleted: MESSAGE_TEXTS.deleted,
  unavailable: MESSAGE_TEXTS.unavailable,
  sent: MESSAGE_TEXTS.sent,
  send: MESSAGE_TEXTS.send,
  deleteConfirm: MESSAGE_TEXTS.deleteConfirm,
  lockedNotice: MESSAGE_TEXTS.lockedNotice,
  providerInactiveNotice: MESSAGE_TEXTS.providerInactiveNotice,
  clientRedactedNotice: MESSAGE_TEXTS.clientRedactedNotice,
  onBehalfReminder: MESSAGE_TEXTS.onBehalfReminder,
};

export type ConversationMode = 'locked' | 'provider-inactive' | 'client-redacted' | 'sendable';

export interface ConversationSummary {
  id: number;
  providerId: number;
  providerName: string;
  /** Storage key of the provider's headshot (null when there is none). */
  providerImageKey: string | null;
  clientUserId: number;
  clientName: string;
  clientFirstName: string;
  /** A client message the provider has not read yet. */
  unread: boolean;
  lastMessageAt: Date | null;
  /** The last message's first line (or what stands for it: "This message has been deleted.", "New referral"). */
  lastMessagePreview: string | null;
  locked: boolean;
  clientRedacted: boolean;
  /** The intake desk's state (shown in the practice inbox only; never given to the directory). */
  desk: ConversationDesk;
}

export interface ThreadMessage {
  id: number;
  type: RenderedMessageType;
  sender: 'provider' | 'client';
  /** The text to show; null when it is deleted or unavailable, or the type has no text. */
  content: string | null;
  shownAs: 'text' | 'deleted' | 'unavailable';
  sendDate: Date;
  appointment?: { id: number; startTime: Date };
  intakeForm?: Record<string, unknown>;
  vobData?: Record<string, unknown>;
  vobInputInfo?: Record<string, unknown>;
  /** The provider may delete it (their own, not deleted yet). */
  deletable: boolean;
}

export interface Thread {
  conversation: ConversationSummary & {
    /** The client's contact details (null once the client deleted their data). */
    clientEmail: string | null;
    clientPhone: string | null;
  };
  mode: ConversationMode;
  /** One page, oldest first: the newest messages, or those before a cursor. */
  messages: ThreadMessage[];
  /** The cursor of the page before this one (the id of its first message), null when this page starts the conversation. */
  earlierCursor: number | null;
  /** This page ends with the conversation's newest message (no cursor was given). */
  latest: boolean;
  /** The provider (not the out-of-office responder) has written in this conversation. */
  providerHasReplied: boolean;
}
