// The referrals of a profile or of an account, as one SQL source: every appointment booked (a phone
// consultation or a contact request) and every conversation a client started with a message. The module
// owns no table: the union's branches and joins are the SQL text of the tables' owners, put together and
// paged here in one query; every read is scoped by provider_id or account_id.
import type { Knex } from 'knex';
import { type SqlText, sqlTextOf } from '../../db/sql-text';
import { bookingReferralsSql, newestBookingReferralsSql } from '../appointments';
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

/** The owner's profiles, as SQL text of a subquery of ids. */
function profileIdsOf(db: Db, owner: ReferralOwner): SqlText {
  return 'providerId' in owner
    ? { sql: 'SELECT ?::bigint', bindings: [owner.providerId] }
    : sqlTextOf(providerIdsOfAccountQuery(db, owner.accountId));
}

/** The owner's referrals, as two branches: bookings and conversations (columns of ReferralSqlRow's first nine). */
function referralBranches(db: Db, owner: ReferralOwner): [SqlText, SqlText] {
  return [bookingReferralsSql(profileIdsOf(db, owner)), openedConversationsSql(owner, CLIENT_OPENINGS)];
}

/** The union of the owner's referrals. */
function referralSource(db: Db, owner: ReferralOwner): SqlText {
  const [bookings, conversations] = referralBranches(db, owner);
  return {
    sql: `${bookings.sql}\n    UNION ALL\n    ${conversations.sql}`,
    bindings: [...bookings.bindings, ...conversations.bindings],
  };
}

/** The branches' columns (in their union the second branch's are named, and its NULLs typed, by the first's). */
const SOURCE_COLUMNS =
  '(contact_date, type, record_id, provider_id, client_user_id, start_time, end_time, canceled, intake_form)';

/** The sort of the lists (`direction` is one of two fixed strings, never input). */
const orderBy = (alias: string, direction: 'DESC' | 'ASC') =>
  `ORDER BY ${alias}.contact_date ${direction}, ${alias}.type ${direction}, ${alias}.record_id ${direction}`;

/**
 * One page of the newest referrals: the first `offset + limit` of each branch in the list's order (the
 * bookings' from each profile's newest), then the page of their union. A practice's thousands of
 * referrals are never read whole to be sorted, nor joined.
 */
function newestPageSource(db: Db, owner: ReferralOwner, page: { limit: number; offset: number }): SqlText {
  const first = page.offset + page.limit;
  const bookings = newestBookingReferralsSql(profileIdsOf(db, owner), first);
  const conversations = openedConversationsSql(owner, CLIENT_OPENINGS);
  return {
    sql: `SELECT * FROM (
        (SELECT * FROM (${bookings.sql}) booked${SOURCE_COLUMNS} ${orderBy('booked', 'DESC')} LIMIT ${first})
        UNION ALL
        (SELECT contact_date, type, record_id, provider_id, client_user_id, start_time::timestamptz,
                end_time::timestamptz, canceled::boolean, intake_form
           FROM (${conversations.sql}) opened${SOURCE_COLUMNS} ${orderBy('opened', 'DESC')} LIMIT ${first})
      ) s ${orderBy('s', 'DESC')} LIMIT ${page.limit} OFFSET ${page.offset}`,
    bindings: [...bookings.bindings, ...conversations.bindings],
  };
}

/** The referrals with provider and client, in the given order (`order` is one of two fixed strings, never input). */
function referralRows(
  db: Db,
  owner: ReferralOwner,
  order: 'newest' | 'oldest',
  source = referralSource(db, owner),
): SqlText {
  const direction = order === 'newest' ? 'DESC' : 'ASC';
  const sql = `
    SELECT r.*, p.provider_type, p.provider_first_name, p.provider_last_name, p.provider_company_name,
           u.first_name, u.last_name, u.full_name, u.email, u.phone_number,
           ${clientRedactedColumnSql('r.provider_id', 'r.client_user_id', 'client_redacted')}
      FROM (${source.sql}) r
      ${providerColumnsJoinSql('r.provider_id', ['type', 'first_name', 'last_name', 'company_name'], 'p')}
      ${clientAsGivenJoin('u', 'r.provider_id', 'r.client_user_id')}
     ${orderBy('r', direction)}`;
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
  const limit = Math.max(1, Math.trunc(page.limit));
  const offset = Math.max(0, Math.trunc(page.offset));
  const rows = referralRows(db, owner, 'newest', newestPageSource(db, owner, { limit, offset }));
  const result = await db.raw<{ rows: ReferralSqlRow[] }>(rows.sql, rows.bindings);
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
