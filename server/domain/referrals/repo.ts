// The referrals of a profile or of an account, as one SQL source: every appointment booked (a phone
// consultation or a contact request) and every conversation a client started with a message. The module
// owns no table: the union's branches and joins are the SQL text of the tables' owners, put together and
// paged here in one query; every read is scoped by provider_id or account_id.
import type { Knex } from 'knex';
import { type SqlText, sqlTextOf } from '../../db/sql-text';
import { bookingReferralsSql } from '../appointments';
import { decryptJsons } from '../data-protection';
import { clientAsGivenJoin, clientRedactedColumnSql, openedConversationsSql } from '../messaging';
import { providerColumnsJoinSql, providerIdsOfAccountQuery } from '../providers';
import type { ReferralOwner } from './types';

export type Db = Knex | Knex.Transaction;

/** What a conversation's first message must be for the conversation to count as a referral (a booking's intake is counted as its appointment). */
const CLIENT_OPENINGS = ['message', 'messaging_tool_intake'];

/** One referral with its provider and client, as the client list and the export read it. */
export interface ReferralSqlRow {
  contact_date: Date;
  type: 'acuity_appointment' | 'provider_contact' | 'conversation';
  record_id: number;
  provider_id: number;
  client_user_id: number | null;
  start_time: Date | null;
  end_time: Date | null;
  canceled: boolean | null;
  intake_form: Record<string, unknown> | null;
  provider_type: string;
  provider_first_name: string | null;
  provider_last_name: string | null;
  provider_company_name: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
  phone_number: string | null;
  /** The client deleted their data in the conversation with this provider: no name or contact. */
  client_redacted: boolean;
}

/** The union of the owner's referrals (columns of ReferralSqlRow's first nine). */
function referralSource(db: Db, owner: ReferralOwner): SqlText {
  const profileIds =
    'providerId' in owner
      ? { sql: '?', bindings: [owner.providerId] }
      : sqlTextOf(providerIdsOfAccountQuery(db, owner.accountId));
  const bookings = bookingReferralsSql(profileIds);
  const conversations = openedConversationsSql(owner, CLIENT_OPENINGS);
  return {
    sql: `${bookings.sql}\n    UNION ALL\n    ${conversations.sql}`,
    bindings: [...bookings.bindings, ...conversations.bindings],
  };
}

/** The referrals with provider and client, in the given order (`order` is one of two fixed strings, never input). */
function referralRows(db: Db, owner: ReferralOwner, order: 'newest' | 'oldest'): SqlText {
  const source = referralSource(db, owner);
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  const sql = `
    SELECT r.*, p.provider_type, p.provider_first_name, p.provider_last_name, p.provider_company_name,
           u.first_name, u.last_name, u.full_name, u.email, u.phone_number,
           ${clientRedactedColumnSql('r.provider_id', 'r.client_user_id', 'client_redacted')}
      FROM (${source.sql}) r
      ${providerColumnsJoinSql('r.provider_id', ['type', 'first_name', 'last_name', 'company_name'], 'p')}
      ${clientAsGivenJoin('u', 'r.provider_id', 'r.client_user_id')}
     ORDER BY r.contact_date ${direction}, r.type ${direction}, r.record_id ${direction}`;
  return { sql, bindings: source.bindings };
}

export async function countReferrals(db: Db, owner: ReferralOwner): Promise<number> {
  const source = referralSource(db, owner);
  const result = await db.raw<{ rows: { count: number }[] }>(
    `SELECT count(*) AS count FROM (${source.sql}) r`,
    source.bindings,
  );
  return result.rows[0]?.count ?? 0;
}

export async function listReferrals(
  db: Db,
  owner: ReferralOwner,
  page: { limit: number; offset: number },
): Promise<ReferralSqlRow[]> {
  const rows = referralRows(db, owner, 'newest');
  const result = await db.raw<{ rows: ReferralSqlRow[] }>(`${rows.sql} LIMIT ? OFFSET ?`, [
    ...rows.bindings,
    page.limit,
    page.offset,
  ]);
  return readable(db, result.rows);
}

/** The rows with their intake answers decrypted (stored encrypted; the export and the list show them). */
async function readable(db: Db, rows: ReferralSqlRow[]): Promise<ReferralSqlRow[]> {
  const intakes = await decryptJsons(
    db,
    rows.map((row) => row.intake_form),
  );
  return rows.map((row, i) => ({ ...row, intake_form: intakes[i] ?? null }));
}

/** Referrals per calendar month (UTC) of every year that has any. */
export async function countReferralsByMonth(
  db: Db,
  owner: ReferralOwner,
): Promise<{ year: number; month: number; count: number }[]> {
  const source = referralSource(db, owner);
  const result = await db.raw<{ rows: { year: number; month: number; count: number }[] }>(
    `
    SELECT date_part('year', r.contact_date AT TIME ZONE 'UTC')::int AS year,
           date_part('month', r.contact_date AT TIME ZONE 'UTC')::int AS month,
           count(*) AS count
      FROM (${source.sql}) r
     GROUP BY 1, 2 ORDER BY 1, 2`,
    source.bindings,
  );
  return result.rows;
}

/**
 * Every referral of the owner, oldest first, read through a server-side cursor `batchSize` rows at a
 * time: memory stays flat however many there are. The read runs in one read-only snapshot, ended when
 * the consumer stops (also when it stops early: the `finally` runs on return()).
 */
export async function* streamReferrals(
  db: Knex,
  owner: ReferralOwner,
  batchSize: number,
): AsyncGenerator<ReferralSqlRow> {
  const rows = referralRows(db, owner, 'oldest');
  const trx = await db.transaction({ isolationLevel: 'repeatable read', readOnly: true });
  try {
    await trx.raw(`DECLARE referral_export NO SCROLL CURSOR FOR ${rows.sql}`, rows.bindings);
    for (;;) {
      const batch = await trx.raw<{ rows: ReferralSqlRow[] }>(`FETCH ${Math.trunc(batchSize)} FROM referral_export`);
      if (batch.rows.length === 0) break;
      // Decrypted a batch at a time, with the data keys in memory after the first.
      yield* await readable(db, batch.rows);
    }
  } finally {
    // Read-only: committing only closes the cursor and returns the connection to the pool.
    await trx.commit().catch(() => undefined);
  }
}
