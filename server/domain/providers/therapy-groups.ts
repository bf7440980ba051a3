// The only knex calls of therapy groups. Every query is scoped to the provider that owns the rows.
import type { Knex } from 'knex';
import { slugify } from '../../lib/slug';

type Db = Knex | Knex.Transaction;

export interface GroupRow {
  id: number;
  provider_id: number;
  name: string;
  slug: string;
  hours: string | null;
  costs: string | null;
  status: 'active' | 'inactive';
  expired_at: Date | null;
  description: string | null;
  short_description: string | null;
  image_key: string | null;
  remote_location: boolean;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export type GroupFields = Omit<GroupRow, 'id' | 'provider_id' | 'slug' | 'expired_at'> & { expired_at: string | null };

// status holds active or inactive, the form's only values.
export async function listGroups(db: Db, providerId: number): Promise<GroupRow[]> {
  return db('therapy_groups')
    .where({ provider_id: providerId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]) as Promise<GroupRow[]>;
}

/** The group, only when it belongs to the provider (another provider's id is simply not there). */
export async function findGroup(db: Db, providerId: number, groupId: number, lock = false): Promise<GroupRow | null> {
  const query = db('therapy_groups').where({ id: groupId, provider_id: providerId }).first();
  return ((await (lock ? query.forUpdate() : query)) as GroupRow | undefined) ?? null;
}

/** A slug no group has yet: the name's slug, then -2, -3 ... */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'therapy-group';
  const taken = new Set(
    (await db('therapy_groups').where('slug', base).orWhere('slug', 'like', `${base}-%`).pluck('slug')) as string[],
  );
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

export async function insertGroup(trx: Knex.Transaction, providerId: number, fields: GroupFields): Promise<number> {
  const slug = await freeSlug(trx, fields.name);
  const [row] = await trx('therapy_groups')
    .insert({ ...fields, provider_id: providerId, slug })
    .returning('id');
  return row!.id;
}

export async function updateGroup(
  trx: Knex.Transaction,
  providerId: number,
  groupId: number,
  fields: Partial<GroupFields>,
): Promise<void> {
  await trx('therapy_groups').where({ id: groupId, provider_id: providerId }).update(fields);
}

export async function deleteGroup(trx: Knex.Transaction, providerId: number, groupId: number): Promise<void> {
  await trx('therapy_groups').where({ id: groupId, provider_id: providerId }).delete();
}

export async function imageKeyExists(db: Db, key: string): Promise<boolean> {
  return Boolean(await db('therapy_groups').where({ image_key: key }).first('id'));
}

export { listStates } from '../locations';

export async function providerStatus(db: Db, providerId: number): Promise<string | null> {
  const row = await db('providers').where({ id: providerId }).first('status');
  return row?.status ?? null;
}
