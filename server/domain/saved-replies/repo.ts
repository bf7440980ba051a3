// The saved_replies table: an account's replies in title order, a page at a time or all (at most
// MAX_SAVED_REPLIES), one by id within the account, and the writes.
import type { Knex } from 'knex';

export interface SavedReplyRow {
  id: number;
  title: string;
  body: string;
  updatedAt: Date;
}

const toRow = (row: { id: number; title: string; body: string; updated_at: Date }): SavedReplyRow => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedAt: row.updated_at,
});

/** PostgreSQL's unique violation of one title per account (any case). */
export const isDuplicateTitle = (error: unknown): boolean =>
  (error as { code?: unknown; constraint?: unknown } | null)?.code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'saved_replies_account_title_unique';

export async function countReplies(db: Knex, accountId: number): Promise<number> {
  const [{ count }] = (await db('saved_replies').where('account_id', accountId).count({ count: '*' })) as {
    count: string;
  }[];
  return Number(count);
}

export async function repliesPage(
  db: Knex,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<SavedReplyRow[]> {
  const rows = await db('saved_replies')
    .where('account_id', accountId)
    .orderByRaw('lower(title), id')
    .limit(page.limit)
    .offset(page.offset)
    .select('id', 'title', 'body', 'updated_at');
  return rows.map(toRow);
}

export async function findReply(db: Knex, accountId: number, id: number): Promise<SavedReplyRow | null> {
  const row = await db('saved_replies').where({ account_id: accountId, id }).first('id', 'title', 'body', 'updated_at');
  return row ? toRow(row) : null;
}

/** Serializes the account's additions, so two at once cannot pass the limit together. */
export async function lockAccountReplies(trx: Knex.Transaction, accountId: number): Promise<void> {
  await trx.raw(`SELECT pg_advisory_xact_lock(hashtextextended('saved_replies:' || ?::text, 0))`, [accountId]);
}

export async function insertReply(
  db: Knex,
  reply: { accountId: number; userId: number; title: string; body: string },
): Promise<number> {
  const [row] = await db('saved_replies')
    .insert({
      account_id: reply.accountId,
      title: reply.title,
      body: reply.body,
      created_by: reply.userId,
      updated_by: reply.userId,
    })
    .returning('id');
  return row!.id;
}

export async function updateReply(
  db: Knex,
  reply: { accountId: number; id: number; userId: number; title: string; body: string },
): Promise<boolean> {
  const changed = await db('saved_replies')
    .where({ account_id: reply.accountId, id: reply.id })
    .update({ title: reply.title, body: reply.body, updated_by: reply.userId });
  return changed > 0;
}

export async function deleteReply(db: Knex, accountId: number, id: number): Promise<boolean> {
  return (await db('saved_replies').where({ account_id: accountId, id }).delete()) > 0;
}
