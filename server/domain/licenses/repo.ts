// The licences table: the only place that queries it (the general-information page, the location
// form of a later issue, and the support command all come through the service).
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import type { Verification } from './validation';

export type Db = Knex | Knex.Transaction;

export interface LicenseRecord {
  id: number;
  providerId: number;
  state: string;
  number: string;
  licenseType: string | null;
  expiration: number | null;
  verification: Verification;
  notes: string | null;
  supervisorName: string | null;
  supervisorLicense: string | null;
  supervisorLicenseType: string | null;
}

/** The columns the licence form writes (named from the table's row type, so a renamed column fails here too). */
export type LicenseFields = {
  [Column in 'state' | 'number' | 'license_type' | 'expiration']: NonNullable<Row<'licenses'>[Column]>;
};
export type SupervisorFields = Pick<
  Row<'licenses'>,
  'supervisor_name' | 'supervisor_license' | 'supervisor_license_type'
>;

const toRecord = (row: Row<'licenses'>): LicenseRecord => ({
  id: row.id,
  providerId: row.provider_id,
  state: row.state,
  number: row.number,
  licenseType: row.license_type,
  expiration: row.expiration,
  // The column's check constraint holds it to the three values.
  verification: row.verification as Verification,
  notes: row.notes,
  supervisorName: row.supervisor_name,
  supervisorLicense: row.supervisor_license,
  supervisorLicenseType: row.supervisor_license_type,
});

/** The provider's licences, oldest first (the order they were added). */
export async function listForProvider(
  db: Db,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<LicenseRecord[]> {
  const query = db('licenses').where({ provider_id: providerId }).orderBy('id');
  if (options.lock) void query.forUpdate();
  return (await query.select('*')).map(toRecord);
}

export async function findById(db: Db, licenseId: number): Promise<LicenseRecord | null> {
  const row = await db('licenses').where({ id: licenseId }).first('*');
  return row ? toRecord(row) : null;
}

export async function insertLicense(
  trx: Db,
  providerId: number,
  fields: LicenseFields & Partial<SupervisorFields>,
): Promise<number> {
  const [row] = await trx('licenses')
    .insert({ provider_id: providerId, ...fields, verification: 'Unverified' })
    .returning('id');
  return row!.id;
}

export async function updateLicense(
  trx: Db,
  licenseId: number,
  values: Partial<LicenseFields> & { verification?: Verification },
): Promise<void> {
  await trx('licenses').where({ id: licenseId }).update(values);
}

export async function deleteLicense(trx: Db, licenseId: number): Promise<void> {
  await trx('licenses').where({ id: licenseId }).delete();
}

/** The supervisor licence lives on every licence of the provider (spec 2 §7): set or clear it on all. */
export async function setSupervisorOnAll(trx: Db, providerId: number, fields: SupervisorFields): Promise<number> {
  return trx('licenses').where({ provider_id: providerId }).update(fields);
}

/** The states where the provider holds any licence (whatever its verification). */
export async function licensedStates(db: Db, providerId: number): Promise<string[]> {
  return (await stateQuery(db, providerId).distinct('state')).map((r) => r.state);
}

/** The states where the provider holds a Verified licence. */
export async function verifiedStates(db: Db, providerId: number): Promise<string[]> {
  return (await stateQuery(db, providerId).where({ verification: 'Verified' }).distinct('state')).map((r) => r.state);
}

/** A query of the states of the provider's licences (one row per licence), for a caller's union or subquery. */
export function licenseStatesQuery(db: Db, providerId: number): Knex.QueryBuilder {
  return stateQuery(db, providerId).select('state');
}

/** The states of the provider's licences in the order they were added ({} for none), as a column `alias` of a query whose `providerColumn` names the profile. */
export function licenseStatesColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw(
    `coalesce((select array_agg(l.state order by l.id) from licenses l where l.provider_id = ??), '{}') as ??`,
    [providerColumn, alias],
  );
}

/** Whether the provider holds a Verified licence of the state, as a column `alias` of a query naming both. */
export function verifiedLicenseColumn(db: Db, providerColumn: string, stateColumn: string, alias: string): Knex.Raw {
  return db.raw(
    `exists (select 1 from licenses x where x.provider_id = ?? and x.state = ?? and x.verification = 'Verified') as ??`,
    [providerColumn, stateColumn, alias],
  );
}

const stateQuery = (db: Db, providerId: number) => db('licenses').where({ provider_id: providerId });

export async function setVerification(
  db: Db,
  licenseId: number,
  verification: Verification,
  notes?: string,
): Promise<boolean> {
  const changed = await db('licenses')
    .where({ id: licenseId })
    .update({ verification, ...(notes === undefined ? {} : { notes }) });
  return changed > 0;
}

/** The support queue: licences waiting for the team, oldest first. */
export async function listUnverified(db: Db): Promise<(LicenseRecord & { updatedAt: Date })[]> {
  const rows = await db('licenses').where({ verification: 'Unverified' }).orderBy('updated_at').select('*');
  return rows.map((row) => ({ ...toRecord(row), updatedAt: row.updated_at }));
}
