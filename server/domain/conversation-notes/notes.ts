// Internal notes (issue [22] item 2): what the practice's intake people write on a conversation for each
// other. Reached only through the account's conversation (another account's is not found), and kept
// apart from messages, so nothing the client, the directory API, a notification or an export reads holds one.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { userNames } from '../accounts';
import { findConversationFor } from '../messaging';
import * as repo from './repo';

export const NOTE_MAX_LENGTH = 5000;
export const NOTES_PAGE_SIZE = 10;

export const NOTE_TEXTS = {
  label: 'Internal note — not sent to the client',
  required: 'Enter the note.',
  tooLong: `The note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  added: 'Your internal note has been added. It is not sent to the client.',
  formerAuthor: 'A former team member',
} as const;

/** A conversation of the account, named as the inbox's paths name it: the client and the provider. */
export interface NoteThread {
  accountId: number;
  clientUserId: number;
  providerId: number;
}

export interface ConversationNote {
  id: number;
  authorName: string;
  body: string;
  createdAt: Date;
}

export interface NotesPage {
  notes: ConversationNote[];
  page: number;
  pageCount: number;
  total: number;
}

async function conversationIdOf(db: Knex, thread: NoteThread): Promise<number> {
  const conversation = await findConversationFor(
    db,
    { accountId: thread.accountId },
    thread.clientUserId,
    thread.providerId,
  );
  if (!conversation) throw new NotFoundError();
  return conversation.id;
}

/** The note as it will be kept (trimmed), or a ValidationError on `note`. */
export function checkNote(body: unknown): string {
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) throw new ValidationError({ note: NOTE_TEXTS.required });
  if (text.length > NOTE_MAX_LENGTH) throw new ValidationError({ note: NOTE_TEXTS.tooLong });
  return text;
}

/** Adds a note to the account's conversation, signed by its author. Another account's: not found; blank or too long: ValidationError. */
export async function addNote(
  db: Knex,
  thread: NoteThread,
  note: { authorUserId: number; body: unknown; now: Date },
): Promise<{ id: number }> {
  return db.transaction(async (trx) => {
    // Another account's conversation is not found, whatever the note says.
    const conversationId = await conversationIdOf(trx, thread);
    const body = checkNote(note.body);
    const stored = await repo.insertNote(trx, {
      conversationId,
      authorUserId: note.authorUserId,
      body,
      at: note.now,
    });
    return { id: stored.id };
  });
}

/** A page (1-based, clamped to the last) of the conversation's notes, newest first, with their authors' names. */
export async function listNotes(db: Knex, thread: NoteThread, requestedPage: number): Promise<NotesPage> {
  const conversationId = await conversationIdOf(db, thread);
  const total = await repo.countNotes(db, conversationId);
  const pageCount = Math.max(1, Math.ceil(total / NOTES_PAGE_SIZE));
  const page = Math.min(Math.max(Math.trunc(requestedPage) || 1, 1), pageCount);
  const rows = total
    ? await repo.notesPage(db, conversationId, { limit: NOTES_PAGE_SIZE, offset: (page - 1) * NOTES_PAGE_SIZE })
    : [];
  const names = await userNames(
    db,
    rows.flatMap((row) => (row.authorUserId === null ? [] : [row.authorUserId])),
  );
  return {
    notes: rows.map((row) => ({
      id: row.id,
      authorName: (row.authorUserId !== null && names.get(row.authorUserId)) || NOTE_TEXTS.formerAuthor,
      body: row.body,
      createdAt: row.createdAt,
    })),
    page,
    pageCount,
    total,
  };
}
