// Query helpers for the modules whose lists show profiles (conversations, bookings, notices): the
// providers table's SQL stays here while the caller's list stays one query.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { providerDisplayName } from '../accounts';

type Db = Knex | Knex.Transaction;
export type ProviderColumn = keyof Row<'providers'>;

/**
 * Joins the profile that `providerColumn` names into the caller's query (an inner join: a row without its
 * profile is left out) and selects `columns` of it, each as `${prefix}${column}`.
 */
export function joinProviderColumns<Q extends Knex.QueryBuilder>(
  query: Q,
  providerColumn: string,
  columns: readonly ProviderColumn[],
  prefix = 'provider_',
): Q {
  return query
    .join('providers as joined_provider', 'joined_provider.id', providerColumn)
    .select(columns.map((column) => `joined_provider.${column} as ${prefix}${column}`)) as Q;
}

/**
 * The raw-SQL twin of joinProviderColumns, for a query written as text: an inner lateral join (a row
 * without its profile is left out) exposing `columns` of the profile that `providerIdColumn` names, each as
 * `${alias}.${prefix}${column}`.
 */
export function providerColumnsJoinSql(
  providerIdColumn: string,
  columns: readonly ProviderColumn[],
  alias: string,
  prefix = 'provider_',
): string {
  const selected = columns.map((column) => `jp.${column} AS ${prefix}${column}`).join(', ');
  return `CROSS JOIN LATERAL (SELECT ${selected} FROM providers jp WHERE jp.id = ${providerIdColumn}) ${alias}`;
}

/** A query of the ids of the account's profiles, for a caller's `whereIn`. */
export function providerIdsOfAccountQuery(db: Db, accountId: number): Knex.QueryBuilder {
  return db('providers').where('account_id', accountId).select('id');
}

/** A query of the ids of the accounts' profiles, for a caller's `whereIn` (no accounts: none). */
export function providerIdsOfAccountsQuery(db: Db, accountIds: readonly number[]): Knex.QueryBuilder {
  return db('providers').whereIn('account_id', accountIds).select('id');
}

/** The account's profiles, the practice's first, then by name (the practice inbox's provider filter). */
export async function accountProfiles(
  db: Db,
  accountId: number,
): Promise<{ id: number; name: string; type: string; status: string; slug: string | null }[]> {
  const rows = await db('providers')
    .where('account_id', accountId)
    .orderByRaw(`type = 'practice' desc, coalesce(company_name, concat_ws(' ', first_name, last_name)), id`)
    .select('id', 'type', 'status', 'first_name', 'last_name', 'company_name', 'slug');
  return rows.map((row) => ({
    id: row.id,
    name: providerDisplayName(row),
    type: row.type,
    status: row.status,
    slug: row.slug,
  }));
}

/** A query of the users told of the profile's messages and bookings (clinician access with notifications on). */
export function notifiedClinicianIds(db: Db, providerId: number): Knex.QueryBuilder {
  return db('provider_clinicians').where({ provider_id: providerId, receives_notifications: true }).select('user_id');
}

/** A query of the users with clinician access to any profile of the account, for a caller's `whereIn`. */
export function clinicianUserIdsOfAccountQuery(db: Db, accountId: number): Knex.QueryBuilder {
  return db('provider_clinicians as pc')
    .join('providers as p', 'p.id', 'pc.provider_id')
    .where('p.account_id', accountId)
    .select('pc.user_id');
}
