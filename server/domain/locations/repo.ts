// The locations table (and the few provider fields the location rules read): the only place that
// queries it for the wizard and for /profile/availability-locations.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { verifiedLicenseColumn } from '../licenses';
import type { Accepting, LocationInput, TimeFlags } from './validation';

export type Db = Knex | Knex.Transaction;

export interface LocationRecord {
  id: number;
  providerId: number;
  locationName: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string;
  zip: string | null;
  remote: boolean;
  accepting: Accepting;
  previousAccepting: Accepting | null;
  hours: string[] | null;
  flags: TimeFlags;
  displayAddress: boolean;
  adaAccessible: boolean;
  inHome: boolean;
  /** Shown publicly: a Verified licence exists for the location's state (derived, never stored). */
  shouldDisplay: boolean;
}

// accepting_patients holds one of the Accepting codes (the form's validation is the only writer); hours is
// jsonb, the week's seven strings the form wrote.
const toRecord = (row: Row<'locations'> & { should_display: boolean }): LocationRecord => ({
  id: row.id,
  providerId: row.provider_id,
  locationName: row.location_name,
  address: row.address,
  address_2: row.address_2,
  city: row.city,
  state: row.state,
  zip: row.zip,
  remote: row.remote_location,
  accepting: row.accepting_patients as Accepting,
  previousAccepting: row.previous_accepting_patients as Accepting | null,
  hours: row.hours as string[] | null,
  flags: {
    morning_availability: row.morning_availability,
    daytime_availability: row.daytime_availability,
    afternoon_availability: row.afternoon_availability,
    evening_availability: row.evening_availability,
    weekend_availability: row.weekend_availability,
  },
  displayAddress: row.display_address,
  adaAccessible: row.ada_accessible,
  inHome: row.in_home,
  shouldDisplay: row.should_display,
});

/** The provider's locations, offices first then online states, each with should_display. */
export async function listForProvider(
  db: Db,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<LocationRecord[]> {
  const query = db('locations as l')
    .where('l.provider_id', providerId)
    .select('l.*', verifiedLicenseColumn(db, 'l.provider_id', 'l.state', 'should_display'))
    .orderBy([
      { column: 'l.remote_location', order: 'asc' },
      { column: 'l.id', order: 'asc' },
    ]);
  if (options.lock) void query.forUpdate('l');
  // Through the alias knex cannot name the table, so the rows' type is said here.
  return ((await query) as (Row<'locations'> & { should_display: boolean })[]).map(toRecord);
}

export async function listStates(db: Db): Promise<{ code: string; name: string }[]> {
  return db('us_states').orderBy('name').select('code', 'name');
}

/** The states where the provider has a location (office or online). */
export async function locationStates(db: Db, providerId: number): Promise<string[]> {
  return (await stateQuery(db, providerId).distinct('state')).map((r) => r.state);
}

/** A query of the states of the provider's locations (one row per location), for a caller's union or subquery. */
export function locationStatesQuery(db: Db, providerId: number): Knex.QueryBuilder {
  return stateQuery(db, providerId).select('state');
}

/** The distinct states of the provider's locations, with their names, by name. */
export async function namedLocationStates(db: Db, providerId: number): Promise<{ code: string; name: string }[]> {
  return db('locations as l')
    .join('us_states as s', 's.code', 'l.state')
    .where('l.provider_id', providerId)
    .distinct('s.code', 's.name')
    .orderBy('s.name');
}

/** A query of the locations accepting patients of the provider that `providerColumn` names, for an `exists`. */
export function acceptingLocationsQuery(db: Db, providerColumn: string): Knex.QueryBuilder {
  return db('locations as l')
    .whereRaw('l.provider_id = ??', [providerColumn])
    .where('l.accepting_patients', '>', 0)
    .select(db.raw('1'));
}

/** The states of the provider's locations in the order they were added ({} for none), as a column `alias` of a query whose `providerColumn` names the profile. */
export function locationStatesColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw(
    `coalesce((select array_agg(l.state order by l.id) from locations l where l.provider_id = ??), '{}') as ??`,
    [providerColumn, alias],
  );
}

/** How many locations the provider has, as a column `alias` (see locationStatesColumn). */
export function locationCountColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw('(select count(*)::int from locations l where l.provider_id = ??) as ??', [providerColumn, alias]);
}

const stateQuery = (db: Db, providerId: number) => db('locations').where({ provider_id: providerId });

export interface NewLocation {
  state: string;
  remote_location: boolean;
  address?: string | null;
  address_2?: string | null;
  city?: string | null;
  zip?: string | null;
}

export async function insertLocations(trx: Db, providerId: number, locations: NewLocation[]): Promise<void> {
  if (locations.length) await trx('locations').insert(locations.map((l) => ({ provider_id: providerId, ...l })));
}

/** The columns a location form writes: the validated input, its time flags as columns of their own. */
export type LocationColumns = Omit<LocationInput, 'flags'> & {
  previous_accepting_patients?: Accepting | null;
  morning_availability: boolean;
  daytime_availability: boolean;
  afternoon_availability: boolean;
  evening_availability: boolean;
  weekend_availability: boolean;
};

const withJsonHours = <T extends { hours?: string[] }>(values: T) =>
  values.hours ? { ...values, hours: JSON.stringify(values.hours) } : values;

export async function insertLocation(trx: Db, providerId: number, values: LocationColumns): Promise<number> {
  const [row] = await trx('locations')
    .insert({ provider_id: providerId, ...withJsonHours(values) })
    .returning('id');
  return row!.id;
}

export async function updateLocation(trx: Db, locationId: number, values: Partial<LocationColumns>): Promise<void> {
  await trx('locations').where({ id: locationId }).update(withJsonHours(values));
}

export async function deleteLocations(trx: Db, providerId: number, ids: number[]): Promise<number> {
  return trx('locations').where({ provider_id: providerId }).whereIn('id', ids).delete();
}

/** custom_content of the provider (locked for the rest of the transaction when asked). */
