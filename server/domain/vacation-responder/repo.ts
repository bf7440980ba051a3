// The out_of_office_messages table (one row per provider): the only place that queries it.
import type { Knex } from 'knex';

export type Db = Knex | Knex.Transaction;

export interface OutOfOffice {
  status: 'active' | 'inactive';
  /** Calendar dates as YYYY-MM-DD (read as text: a DATE must not pass through the process's zone). */
  startDate: string | null;
  endDate: string | null;
  message: string | null;
}

export async function find(db: Db, providerId: number, options: { lock?: boolean } = {}): Promise<OutOfOffice | null> {
  const query = db('out_of_office_messages')
    .where({ provider_id: providerId })
    .first(
      'status',
      'message',
      db.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`),
      db.raw(`to_char(end_date, 'YYYY-MM-DD') as end_date`),
    );
  if (options.lock) void query.forUpdate();
  // The dates are selected as text, which knex's row type cannot know.
  const row = (await query) as
    | { status: string; message: string | null; start_date: string | null; end_date: string | null }
    | undefined;
  return row
    ? {
        // The column's check constraint allows only these two.
        status: row.status as OutOfOffice['status'],
        startDate: row.start_date,
        endDate: row.end_date,
        message: row.message,
      }
    : null;
}

export async function save(
  trx: Db,
  providerId: number,
  values: { start_date: string; end_date: string; message: string },
): Promise<void> {
  await trx('out_of_office_messages')
    .insert({ provider_id: providerId, status: 'inactive', ...values })
    .onConflict('provider_id')
    .merge(['start_date', 'end_date', 'message']);
}

export async function setStatus(trx: Db, providerId: number, status: 'active' | 'inactive'): Promise<void> {
  await trx('out_of_office_messages')
    .insert({ provider_id: providerId, status })
    .onConflict('provider_id')
    .merge(['status']);
}
