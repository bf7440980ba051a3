// Tag lists and a provider's taggings (spec 2 §3 Tag, §7 Taggings and Tag lists): the only knex code for
// them, shared by onboarding and the profile pages that pick tags.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';

export type Db = Knex | Knex.Transaction;

export interface TagOption {
  id: number;
  name: string;
  slug: string;
}

/** One change of spec 2 §7 "Taggings": associate true adds the tag to the provider, false removes it. */
export interface TaggingEntry {
  tagTypePlural: string;
  tagId: number;
  associate: boolean;
}

export async function listTags(db: Db, type: string): Promise<TagOption[]> {
  const rows = await db('tags').where({ type }).orderBy('name').select('id', 'name', 'slug');
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug }));
}

/** The provider's tag ids per type. */
export async function selectedTagIds(db: Db, providerId: number, types: string[]): Promise<Record<string, number[]>> {
  const rows = await db('taggings as tg')
    .join('tags as t', 't.id', 'tg.tag_id')
    .where('tg.provider_id', providerId)
    .whereIn('t.type', types)
    .orderBy('tg.id')
    .select<Pick<Row<'taggings'> & Row<'tags'>, 'type' | 'tag_id'>[]>('t.type', 'tg.tag_id');
  const result: Record<string, number[]> = Object.fromEntries(types.map((type) => [type, []]));
  for (const row of rows) result[row.type]!.push(row.tag_id);
  return result;
}

/** The provider's specialties with their top flag, in the order they were added. */
export async function specialtyTaggings(db: Db, providerId: number): Promise<{ tagId: number; isTop: boolean }[]> {
  const rows = await db('taggings as tg')
    .join('tags as t', 't.id', 'tg.tag_id')
    .where({ 'tg.provider_id': providerId, 't.type': 'specialties' })
    .orderBy('tg.id')
    .select<Pick<Row<'taggings'>, 'tag_id' | 'is_top'>[]>('tg.tag_id', 'tg.is_top');
  return rows.map((r) => ({ tagId: r.tag_id, isTop: r.is_top }));
}

/** Replaces the provider's taggings of one type with exactly these tags (top flags kept where a tag stays). */
export async function replaceTaggings(trx: Db, providerId: number, type: string, tagIds: number[]): Promise<void> {
  await trx('taggings')
    .where({ provider_id: providerId })
    .whereIn('tag_id', trx('tags').select('id').where({ type }))
    .modify((q) => {
      if (tagIds.length) q.whereNotIn('tag_id', tagIds);
    })
    .delete();
  if (tagIds.length) {
    await trx('taggings')
      .insert(tagIds.map((tagId) => ({ provider_id: providerId, tag_id: tagId })))
      .onConflict(['provider_id', 'tag_id'])
      .ignore();
  }
}

/** Applies taggings entries (callers run it inside their transaction; the tag ids are already checked). */
export async function applyTaggingEntries(trx: Db, providerId: number, entries: TaggingEntry[]): Promise<void> {
  const removed = entries.filter((e) => !e.associate).map((e) => e.tagId);
  const added = entries.filter((e) => e.associate).map((e) => e.tagId);
  if (removed.length) await trx('taggings').where({ provider_id: providerId }).whereIn('tag_id', removed).delete();
  if (added.length) {
    await trx('taggings')
      .insert(added.map((tagId) => ({ provider_id: providerId, tag_id: tagId })))
      .onConflict(['provider_id', 'tag_id'])
      .ignore();
  }
}

/** Marks exactly these specialties as top (they must already be taggings of the provider). */
export async function setTopSpecialties(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  await trx('taggings')
    .where({ provider_id: providerId })
    .whereIn('tag_id', trx('tags').select('id').where({ type: 'specialties' }))
    .update({ is_top: trx.raw('tag_id = any(?::bigint[])', [tagIds]) });
}

/**
 * Adds the name of the tag that `column` points at to the caller's query, as `alias` (null when the column
 * is null): one left join inside the caller's query, so a list of rows gets its tag names in one round trip.
 */
export function withTagName(query: Knex.QueryBuilder, column: string, alias: string): Knex.QueryBuilder {
  const table = `${alias}_tag`;
  return query.leftJoin({ [table]: 'tags' }, `${table}.id`, column).select(`${table}.name as ${alias}`);
}

/** Degrees a provider may hold (the "Life" ones are hidden, spec 2 §5 "About practice"). */
export async function degreeOptions(db: Db): Promise<{ id: number; name: string }[]> {
  return db('tags').where({ type: 'degrees' }).whereNot('name', 'ilike', '%life%').orderBy('name').select('id', 'name');
}

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

/** Adds taggings of the provider; ones it already has stay as they are. */
export async function addTaggings(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  await trx('taggings')
    .insert(tagIds.map((tagId) => ({ provider_id: providerId, tag_id: tagId })))
    .onConflict(['provider_id', 'tag_id'])
    .ignore();
}

/** Removes these taggings of the provider. */
export async function removeTaggings(trx: Db, providerId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  await trx('taggings').where({ provider_id: providerId }).whereIn('tag_id', tagIds).delete();
}

/** The provider's tag counts by type, a JSON object ({} for none), as a column `alias` of a query whose `providerColumn` names the profile. */
export function tagCountsColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw(
    `coalesce((select json_object_agg(x.type, x.n) from (
       select t.type, count(*)::int as n from taggings tg join tags t on t.id = tg.tag_id where tg.provider_id = ?? group by t.type
     ) x), '{}'::json) as ??`,
    [providerColumn, alias],
  );
}

/** How many of the provider's specialties are top ones, as a column `alias` (see tagCountsColumn). */
export function topSpecialtyCountColumn(db: Db, providerColumn: string, alias: string): Knex.Raw {
  return db.raw(
    `(select count(*)::int from taggings tg join tags t on t.id = tg.tag_id
       where tg.provider_id = ?? and t.type = 'specialties' and tg.is_top) as ??`,
    [providerColumn, alias],
  );
}
