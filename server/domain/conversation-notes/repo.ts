// The conversation_notes table: a thread's notes a page at a time, and one insert per note.
import type { Knex } from 'knex';

export interface NoteRow {
  id: number;
  authorUserId: number | null;
  body: string;
  createdAt: Date;
}

export async function insertNote(
  db: Knex,
  note: { conversationId: number; authorUserId: number; body: string; at: Date },
): Promise<NoteRow> {
  const [row] = await db('conversation_notes')
    .insert({
      conversation_id: note.conversationId,
      author_user_id: note.authorUserId,
      body: note.body,
      created_at: note.at,
    })
    .returning(['id', 'author_user_id', 'body', 'created_at']);
  return { id: row!.id, authorUserId: row!.author_user_id, body: row!.body, createdAt: row!.created_at };
}

export async function countNotes(db: Knex, conversationId: number): Promise<number> {
  const [{ count }] = (await db('conversation_notes')
    .where('conversation_id', conversationId)
    .count({ count: '*' })) as { count: string }[];
  return Number(count);
}

/** One page of a conversation's notes, newest first. */
export async function notesPage(
  db: Knex,
  conversationId: number,
  page: { limit: number; offset: number },
): Promise<NoteRow[]> {
  const rows = await db('conversation_notes')
    .where('conversation_id', conversationId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset)
    .select('id', 'author_user_id', 'body', 'created_at');
  return rows.map((row) => ({
    id: row.id,
    authorUserId: row.author_user_id,
    body: row.body,
    createdAt: row.created_at,
  }));
}
