// Is a profile live (listed in the directory)? The directory API's first question.
import type { Knex } from 'knex';

export async function isLiveProvider(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(await db('providers').where({ id: providerId, status: 'active' }).first('id'));
}

/** A live profile (listed in the directory) with what a booking or a message to it needs; null: not live or unknown. */
export async function findLiveProvider(
  db: Knex | Knex.Transaction,
  providerId: number,
): Promise<{ id: number; accountId: number; timezone: string | null } | null> {
  const row = await db('providers').where({ id: providerId, status: 'active' }).first('id', 'account_id', 'timezone');
  return row ? { id: row.id, accountId: row.account_id, timezone: row.timezone } : null;
}
