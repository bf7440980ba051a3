// The messaging module's public face (issue [12]; spec 3 §2–§4): conversations, threads, the practice
// inbox, client messages from the directory and the provider's notifications. Everything outside
// server/domain/messaging/ imports from here.
export {
  CONVERSATION_PAGE_TEXTS,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_CHANNEL,
  MESSAGE_TEXTS,
  THREAD_PAGE_SIZE,
  RENDERED_MESSAGE_TYPES,
  THREAD_TEXTS,
  type ConversationFilter,
  type ConversationMode,
  type ConversationSummary,
  type MessagingOwner,
  type RenderedMessageType,
  type Thread,
  type ThreadMessage,
} from './types';
export { accountProfiles, findConversationFor, listConversations, unreadCount } from './conversations';
export {
  earlierMessages,
  messagesAfter,
  openThread,
  REPLIES_PAGE_MAX,
  repliesForClient,
  threadMessage,
} from './thread';
export { deleteProviderMessage, sendProviderMessage, type ProviderMessageRequest } from './send';
export { receiveClientMessage, type ClientMessageRequest, type ReceivedClientMessage } from './receive';
export {
  clientAsGivenJoin,
  clientUserFor,
  openConversation,
  type MessagingClient,
  type OpenedConversation,
} from './clients';
export {
  addAppointmentMessage,
  type AppointmentMessage,
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
export { MESSAGE_NOTIFICATION_JOB, messageNotificationText, messagingJobs } from './notifications';
