// The saved-replies module's public face: everything outside server/domain/saved-replies/ imports from here.
export {
  FIRST_NAME_FALLBACK,
  MERGE_FIELDS,
  type MergeFieldName,
  type MergeValues,
  mergeReply,
  unknownMergeFields,
} from './merge';
export {
  allSavedReplies,
  BODY_MAX_LENGTH,
  checkSavedReply,
  createSavedReply,
  deleteSavedReply,
  findSavedReply,
  listSavedReplies,
  MAX_SAVED_REPLIES,
  SAVED_REPLIES_PAGE_SIZE,
  SAVED_REPLY_TEXTS,
  type SavedReply,
  type SavedReplyInput,
  TITLE_MAX_LENGTH,
  updateSavedReply,
} from './replies';
