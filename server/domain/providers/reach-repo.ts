// The facts of one provider that access rules and page headers read.
import type { Knex } from 'knex';

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

const toFacts = (row: Record<string, unknown>): ProviderFacts => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  type: row.type as ProviderFacts['type'],
  status: String(row.status),
  firstName: (row.first_name as string | null) ?? null,
  lastName: (row.last_name as string | null) ?? null,
  companyName: (row.company_name as string | null) ?? null,
  hasPaidPlan: Boolean(row.has_paid_plan),
});

/** One provider with its paid flag (derived from the billing mirror); null when the id does not exist. */
export async function findProvider(db: Db, providerId: number): Promise<ProviderFacts | null> {
  if (!Number.isSafeInteger(providerId) || providerId <= 0) return null;
  const row = await db('providers as p')
    .where('p.id', providerId)
    .first(
      'p.id',
      'p.account_id',
      'p.type',
      'p.status',
      'p.first_name',
      'p.last_name',
      'p.company_name',
      'p.has_paid_plan',
    );
  return row ? toFacts(row) : null;
}

/** Profiles of an account with the same first and last name (any case, spaces trimmed). */
export async function findSameNameProviders(
  db: Db,
  accountId: number,
  firstName: string,
  lastName: string,
): Promise<ProviderFacts[]> {
  const rows = await db('providers as p')
    .where('p.account_id', accountId)
    .whereRaw('lower(trim(p.first_name)) = lower(?) and lower(trim(p.last_name)) = lower(?)', [
      firstName.trim(),
      lastName.trim(),
    ])
    .orderBy('p.id')
    .select(
      'p.id',
      'p.account_id',
      'p.type',
      'p.status',
      'p.first_name',
      'p.last_name',
      'p.company_name',
      'p.has_paid_plan',
    );
  return rows.map(toFacts);
}
