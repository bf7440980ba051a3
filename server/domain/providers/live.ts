// Is a profile live (listed in the directory)? The directory API's first question.
import type { Knex } from 'knex';
import { providerDisplayName } from '../accounts';

export async function isLiveProvider(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(await db('providers').where({ id: providerId, status: 'active' }).first('id'));
}

/** A live profile (listed in the directory) with what a booking or a message to it needs; null: not live or unknown. */
export async function findLiveProvider(
  db: Knex | Knex.Transaction,
  providerId: number,
): Promise<{ id: number; accountId: number; timezone: string } | null> {
  const row = await db('providers').where({ id: providerId, status: 'active' }).first('id', 'account_id', 'timezone');
  return row ? { id: row.id, accountId: row.account_id, timezone: row.timezone } : null;
}

export interface ListedProvider {
  id: number;
  name: string;
  timeZone: string;
}

/**
 * Live profiles by name, at most 200 (the demo directory's lists): every one a client can write to, or with
 * `openCalendar` those whose call calendar is attached and open.
 */
export async function listLiveProviders(db: Knex, options: { openCalendar?: boolean } = {}): Promise<ListedProvider[]> {
  const query = db('providers').where({ status: 'active' });
  if (options.openCalendar) void query.where({ has_calendar: true, calendar_open: true });
  const rows = await query
    .orderBy(['last_name', 'company_name', 'id'])
    .limit(200)
    .select('id', 'type', 'first_name', 'last_name', 'company_name', 'timezone');
  return rows.map((row) => ({ id: row.id, name: providerDisplayName(row), timeZone: row.timezone }));
}
