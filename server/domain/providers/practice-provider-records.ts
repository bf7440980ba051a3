// A practice's providers (Practice Providers): member profiles (providers.practice_id) and the
// unregistered providers listed on a practice profile. Every query is scoped to the practice.
import type { Knex } from 'knex';
import { withTagName } from '../tags';

type Db = Knex | Knex.Transaction;

export interface MemberRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  type: 'individual' | 'practice';
  status: string;
  profession: string | null;
  practice_sort_order: number | null;
}

export interface UnregisteredRow {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  degree_tag_id: number | null;
  degree: string | null;
  title: string | null;
  image_key: string | null;
  sort_order: number;
}

/** Members in the practice's order (practice_sort_order; members without one last, by name). */
export async function listMembers(db: Db, practiceId: number): Promise<MemberRow[]> {
  return withTagName(db('providers as p'), 'p.primary_profession_tag_id', 'profession')
    .where('p.practice_id', practiceId)
    .orderByRaw(
      'p.practice_sort_order asc nulls last, p.last_name asc nulls last, p.first_name asc nulls last, p.id asc',
    )
    .select('p.id', 'p.first_name', 'p.last_name', 'p.company_name', 'p.type', 'p.status', 'p.practice_sort_order');
}

/** Locks the practice's member rows, in order, for a change of order or membership. */
export async function lockMembers(trx: Knex.Transaction, practiceId: number): Promise<{ id: number }[]> {
  return trx('providers')
    .where({ practice_id: practiceId })
    .orderByRaw('practice_sort_order asc nulls last, last_name asc nulls last, first_name asc nulls last, id asc')
    .forUpdate()
    .select('id');
}

export async function saveOrder(trx: Knex.Transaction, practiceId: number, orderedIds: number[]): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await trx('providers')
      .where({ id, practice_id: practiceId })
      .update({ practice_sort_order: index + 1 });
  }
}

/** The member leaves the practice; its own profile, account and billing are untouched. */
export async function removeMember(trx: Knex.Transaction, practiceId: number, memberId: number): Promise<boolean> {
  return (
    (await trx('providers')
      .where({ id: memberId, practice_id: practiceId })
      .update({ practice_id: null, practice_sort_order: null })) > 0
  );
}

export async function findMember(db: Db, practiceId: number, memberId: number): Promise<MemberRow | null> {
  return (await listMembers(db, practiceId)).find((m) => m.id === memberId) ?? null;
}

// --- Unregistered providers ------------------------------------------------------------------------

const unregisteredColumns = [
  'u.id',
  'u.first_name',
  'u.middle_name',
  'u.last_name',
  'u.degree_tag_id',
  'u.title',
  'u.image_key',
  'u.sort_order',
];

export async function listUnregistered(db: Db, practiceId: number): Promise<UnregisteredRow[]> {
  return withTagName(db('unregistered_practice_providers as u'), 'u.degree_tag_id', 'degree')
    .where('u.provider_id', practiceId)
    .orderBy([{ column: 'u.sort_order' }, { column: 'u.id' }])
    .select(unregisteredColumns);
}

export async function findUnregistered(
  db: Db,
  practiceId: number,
  id: number,
  lock = false,
): Promise<UnregisteredRow | null> {
  if (lock) await db('unregistered_practice_providers').where({ id, provider_id: practiceId }).forUpdate().first('id');
  return (
    (await withTagName(db('unregistered_practice_providers as u'), 'u.degree_tag_id', 'degree')
      .where({ 'u.id': id, 'u.provider_id': practiceId })
      .first(unregisteredColumns)) ?? null
  );
}

export interface UnregisteredFields {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  degree_tag_id: number | null;
  title: string | null;
}

export async function insertUnregistered(
  trx: Knex.Transaction,
  practiceId: number,
  fields: UnregisteredFields & { image_key: string },
): Promise<number> {
  const last = await trx('unregistered_practice_providers')
    .where({ provider_id: practiceId })
    .max<{ max: number | null }>('sort_order as max')
    .first();
  const [row] = await trx('unregistered_practice_providers')
    .insert({ ...fields, provider_id: practiceId, sort_order: (last?.max ?? 0) + 1 })
    .returning('id');
  return row!.id;
}

export async function updateUnregistered(
  trx: Knex.Transaction,
  practiceId: number,
  id: number,
  fields: UnregisteredFields & { image_key?: string },
): Promise<void> {
  await trx('unregistered_practice_providers').where({ id, provider_id: practiceId }).update(fields);
}

export async function deleteUnregistered(trx: Knex.Transaction, practiceId: number, id: number): Promise<void> {
  await trx('unregistered_practice_providers').where({ id, provider_id: practiceId }).delete();
}

export async function imageKeyExists(db: Db, key: string): Promise<boolean> {
  return Boolean(await db('unregistered_practice_providers').where({ image_key: key }).first('id'));
}

export { degreeOptions } from '../tags';
