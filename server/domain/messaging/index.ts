// The messaging module's public face (issue [12]; spec 3 §2–§4): conversations, threads, the practice
// inbox, client messages from the directory and the provider's notifications. Everything outside
// server/domain/messaging/ imports from here.

export {
  type AppointmentMessage,
  addAppointmentMessage,
  conversationWith,
  type MessageFromClient,
  messagesFromClient,
} from './appointment-messages';
export {
  claimBenefitsCheckRerun,
  findBenefitsCheckMessage,
  releaseBenefitsCheckRerun,
  type StoredBenefitsCheck,
  storeBenefitsCheck,
} from './benefits-checks';
export {
  clientAsGivenJoin,
  clientUserFor,
  type MessagingClient,
  type OpenedConversation,
  openConversation,
} from './clients';
export {
  accountProfiles,
  findConversationFor,
  listConversations,
  listFirstConversations,
  unreadCount,
} from './conversations';
export {
  assigneeNames,
  assignToMe,
  conversationDesk,
  DESK_MESSAGES,
  type DeskActor,
  type DeskInput,
  deskPeople,
  SNOOZE_MAX_DAYS,
  snoozeDateOf,
  updateDesk,
} from './desk';
export {
  DESK_STATUS_LABELS,
  DESK_STATUSES,
  type DeskEvent,
  type DeskState,
  type DeskStatus,
  deskAfterMessage,
  isDeskStatus,
} from './desk-rules';
export {
  type ConversationFunnelMonth,
  clientWroteAfterSql,
  conversationFunnelCounts,
} from './funnel';
export { MESSAGE_NOTIFICATION_JOB, messageNotificationText, messagingJobs } from './notifications';
export { type ClientMessageRequest, type ReceivedClientMessage, receiveClientMessage } from './receive';
export { clientRedactedColumnSql, openedConversationsSql } from './referrals';
export { insertMessageRows, type MessageInsertRow, unreadClientMessageCountSql } from './repo';
export { deleteProviderMessage, type ProviderMessageRequest, sendProviderMessage } from './send';
export {
  earlierMessages,
  messagesAfter,
  openThread,
  REPLIES_PAGE_MAX,
  repliesForClient,
  threadMessage,
} from './thread';
export {
  CONVERSATION_PAGE_TEXTS,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationDesk,
  type ConversationFilter,
  type ConversationMode,
  type ConversationSummary,
  DESK_CHANNEL,
  type DeskView,
  MESSAGE_CHANNEL,
  MESSAGE_TEXTS,
  type MessagingOwner,
  RENDERED_MESSAGE_TYPES,
  type RenderedMessageType,
  THREAD_PAGE_SIZE,
  THREAD_TEXTS,
  type Thread,
  type ThreadMessage,
} from './types';
