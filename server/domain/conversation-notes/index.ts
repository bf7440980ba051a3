// The conversation-notes module's public face: everything outside server/domain/conversation-notes/ imports from here.
export {
  addNote,
  checkNote,
  type ConversationNote,
  listNotes,
  NOTE_MAX_LENGTH,
  NOTE_TEXTS,
  type NotesPage,
  NOTES_PAGE_SIZE,
  type NoteThread,
} from './notes';
