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

/** Locks the provider row for the rest of the transaction and returns its custom_content. */
