// Insurance & Fees database access: the provider's insurances, their opt-outs by state, and the states
// the provider practises in. Tag lists are the tags module's; custom_content goes through the profile-content module.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';

export type Db = Knex | Knex.Transaction;

export interface CarriedInsurance {
  id: number;
  name: string;
  /** Whether this insurance makes the provider appear in the directory's searches for it (the provider's choice). */
  searchEnabled: boolean;
}

/** The insurances the provider carries (taggings of type insurances), by name. */
export async function carriedInsurances(db: Db, providerId: number): Promise<CarriedInsurance[]> {
  const rows = await db('taggings as tg')
    .join('tags as t', 't.id', 'tg.tag_id')
    .where({ 'tg.provider_id': providerId, 't.type': 'insurances' })
    .orderBy('t.name')
    .select<(Pick<Row<'tags'>, 'id' | 'name'> & Pick<Row<'taggings'>, 'search_enabled'>)[]>(
      't.id',
      't.name',
      'tg.search_enabled',
    );
  return rows.map((r) => ({ id: r.id, name: r.name, searchEnabled: r.search_enabled }));
}

/** Sets the provider's directory-search choice for one insurance it carries; false when it does not carry it. */
export async function setInsuranceSearch(
  trx: Db,
  providerId: number,
  tagId: number,
  enabled: boolean,
): Promise<boolean> {
  const updated = await trx('taggings')
    .where({ provider_id: providerId, tag_id: tagId })
    .whereIn('tag_id', trx('tags').select('id').where({ type: 'insurances' }))
    .update({ search_enabled: enabled });
  return updated > 0;
}

/** The distinct states of the provider's locations, with their names. */
export async function locationStates(db: Db, providerId: number): Promise<{ code: string; name: string }[]> {
  return db('locations as l')
    .join('us_states as s', 's.code', 'l.state')
    .where('l.provider_id', providerId)
    .distinct('s.code', 's.name')
    .orderBy('s.name');
}

export async function optOuts(db: Db, providerId: number): Promise<{ tagId: number; state: string }[]> {
  const rows = await db('insurance_opt_outs').where({ provider_id: providerId }).select('tag_id', 'state');
  return rows.map((r) => ({ tagId: r.tag_id, state: r.state }));
}

/** Adds insurances (accepted in every state: no opt-outs); ones already carried stay as they are. */
export async function addInsurances(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  await trx('taggings')
    .insert(tagIds.map((tagId) => ({ provider_id: providerId, tag_id: tagId })))
    .onConflict(['provider_id', 'tag_id'])
    .ignore();
}

/** Removes insurances and their opt-outs. */
export async function removeInsurances(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  await trx('insurance_opt_outs').where({ provider_id: providerId }).whereIn('tag_id', tagIds).delete();
  await trx('taggings').where({ provider_id: providerId }).whereIn('tag_id', tagIds).delete();
}

/** Replaces the opt-outs of these insurances with exactly the given (insurance, state) pairs. */
export async function replaceOptOuts(
  trx: Db,
  providerId: number,
  tagIds: number[],
  rows: { tagId: number; state: string }[],
): Promise<void> {
  if (!tagIds.length) return;
  await trx('insurance_opt_outs').where({ provider_id: providerId }).whereIn('tag_id', tagIds).delete();
  if (rows.length)
    await trx('insurance_opt_outs').insert(
      rows.map((r) => ({ provider_id: providerId, tag_id: r.tagId, state: r.state })),
    );
}
