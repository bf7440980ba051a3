// The facts of one provider that access rules and page headers read.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';

type Db = Knex | Knex.Transaction;

export interface ProviderFacts {
  id: number;
  accountId: number;
  type: 'individual' | 'practice';
  status: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  hasPaidPlan: boolean;
}

const FACT_COLUMNS = [
  'id',
  'account_id',
  'type',
  'status',
  'first_name',
  'last_name',
  'company_name',
  'has_paid_plan',
] as const;

const toFacts = (row: Pick<Row<'providers'>, (typeof FACT_COLUMNS)[number]>): ProviderFacts => ({
  id: row.id,
  accountId: row.account_id,
  type: row.type as ProviderFacts['type'],
  status: row.status,
  firstName: row.first_name,
  lastName: row.last_name,
  companyName: row.company_name,
  hasPaidPlan: row.has_paid_plan,
});

/** One provider with its paid flag (derived from the billing mirror); null when the id does not exist. */
export async function findProvider(db: Db, providerId: number): Promise<ProviderFacts | null> {
  if (!Number.isSafeInteger(providerId) || providerId <= 0) return null;
  const row = await db('providers')
    .where('id', providerId)
    .first(...FACT_COLUMNS);
  return row ? toFacts(row) : null;
}

/** Profiles of an account with the same first and last name (any case, spaces trimmed). */
export async function findSameNameProviders(
  db: Db,
  accountId: number,
  firstName: string,
  lastName: string,
): Promise<ProviderFacts[]> {
  const rows = await db('providers')
    .where('account_id', accountId)
    .whereRaw('lower(trim(first_name)) = lower(?) and lower(trim(last_name)) = lower(?)', [
      firstName.trim(),
      lastName.trim(),
    ])
    .orderBy('id')
    .select(...FACT_COLUMNS);
  return rows.map(toFacts);
}
