// Insurance & Fees database access: the provider's insurances, their opt-outs by state, and the states
// the provider practises in. Tag lists are the tags module's; custom_content goes through the profile-content module.
import type { Knex } from 'knex';
import { addTaggings, removeTaggings } from '../tags';

export type Db = Knex | Knex.Transaction;

export { carriedInsurances, type CarriedInsurance, setInsuranceSearch } from '../tags';
export { namedLocationStates as locationStates } from '../locations';

export async function optOuts(db: Db, providerId: number): Promise<{ tagId: number; state: string }[]> {
  const rows = await db('insurance_opt_outs').where({ provider_id: providerId }).select('tag_id', 'state');
  return rows.map((r) => ({ tagId: r.tag_id, state: r.state }));
}

/** Adds insurances (accepted in every state: no opt-outs); ones already carried stay as they are. */
export async function addInsurances(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  await addTaggings(trx, providerId, tagIds);
}

/** Removes insurances and their opt-outs. */
export async function removeInsurances(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  await trx('insurance_opt_outs').where({ provider_id: providerId }).whereIn('tag_id', tagIds).delete();
  await removeTaggings(trx, providerId, tagIds);
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
