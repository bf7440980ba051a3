// The read_records table: one insert per read, the audit page's filtered pages, and the retention cut.
import type { Knex } from 'knex';

export type ReadAction = 'thread' | 'client_list' | 'referral_export' | 'appointment_file';

export interface ReadDetail {
  /** The profile whose conversation or list was read (the practice inbox reads across profiles). */
  providerId?: number;
  /** A client list's page number. */
  page?: number;
  /** Which list: a profile's Full Client List or the practice inbox's. */
  list?: 'profile' | 'practice-inbox';
  /** An export's file name. */
  file?: string;
  /** The appointment a calendar file was downloaded of. */
  appointmentId?: number;
}

export interface ReadEvent {
  accountId: number;
  userId: number;
  action: ReadAction;
  clientUserId?: number | null;
  detail?: ReadDetail;
}

export interface ReadRecord {
  id: number;
  userId: number;
  action: ReadAction;
  clientUserId: number | null;
  detail: ReadDetail;
  at: Date;
}

export interface ReadFilter {
  userId?: number;
  /** The client users whose name matched the search (accounts' SQL), or none. */
  clientUserIds?: Knex.QueryBuilder;
}

export const READS_PAGE_SIZE = 10;

/** One insert, in the request that read: no transaction of its own, nothing per message. */
export async function recordRead(db: Knex, event: ReadEvent): Promise<void> {
  await db('read_records').insert({
    account_id: event.accountId,
    user_id: event.userId,
    action: event.action,
    client_user_id: event.clientUserId ?? null,
    detail: JSON.stringify(event.detail ?? {}),
  });
}

/** A page (1-based, clamped to the last) of the account's records, newest first. */
export async function listReads(
  db: Knex,
  accountId: number,
  filter: ReadFilter,
  requestedPage: number,
): Promise<{ records: ReadRecord[]; page: number; pageCount: number; total: number }> {
  const scope = () => {
    const query = db('read_records').where('account_id', accountId);
    if (filter.userId !== undefined) query.where('user_id', filter.userId);
    if (filter.clientUserIds) query.whereIn('client_user_id', filter.clientUserIds);
    return query;
  };
  const [{ count }] = (await scope().count({ count: '*' })) as { count: string }[];
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / READS_PAGE_SIZE));
  const page = Math.min(Math.max(requestedPage, 1), pageCount);
  const rows = await scope()
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(READS_PAGE_SIZE)
    .offset((page - 1) * READS_PAGE_SIZE)
    .select('id', 'user_id', 'action', 'client_user_id', 'detail', 'created_at');
  return {
    records: rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      action: r.action as ReadAction,
      clientUserId: r.client_user_id === null ? null : Number(r.client_user_id),
      detail: r.detail as ReadDetail,
      at: r.created_at,
    })),
    page,
    pageCount,
    total,
  };
}

/**
 * Deletes the records older than `years`: the only deletion the table's trigger lets through, because this
 * transaction names the cut (read_records.delete_before) and every row deleted is older than it.
 */
export async function deleteExpiredReads(db: Knex, years: number, now = new Date()): Promise<number> {
  const cut = new Date(now);
  cut.setUTCFullYear(cut.getUTCFullYear() - years);
  return db.transaction(async (trx): Promise<number> => {
    await trx.raw(`select set_config('read_records.delete_before', ?, true)`, [cut.toISOString()]);
    return trx('read_records').where('created_at', '<', cut).delete();
  });
}
