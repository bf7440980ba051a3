// The data_keys table: data keys, each stored wrapped by a key-encryption key (kek_id names which). The
// only SQL of the module.
import type { Knex } from 'knex';

export type Db = Knex | Knex.Transaction;

/** What a data key is for: encrypting values (one a month), or hashing words for search (one, ever). */
export type DataKeyPurpose = 'data' | 'search';

export interface DataKeyRow {
  id: string;
  kek_id: string;
  wrapped_key: Buffer;
}

export async function dataKeysById(db: Db, ids: string[]): Promise<DataKeyRow[]> {
  return db('data_keys').whereIn('id', ids).select('id', 'kek_id', 'wrapped_key');
}

export async function dataKeyFor(db: Db, purpose: DataKeyPurpose, period: string): Promise<DataKeyRow | null> {
  return (await db('data_keys').where({ purpose, period }).first('id', 'kek_id', 'wrapped_key')) ?? null;
}

/** Stores a new data key unless the purpose and period have one already (another process was first): true when stored. */
export async function insertDataKey(
  db: Db,
  key: { id: string; purpose: DataKeyPurpose; period: string; kekId: string; wrappedKey: Buffer },
): Promise<boolean> {
  const rows = await db('data_keys')
    .insert({ id: key.id, purpose: key.purpose, period: key.period, kek_id: key.kekId, wrapped_key: key.wrappedKey })
    .onConflict(['purpose', 'period'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}

/** Up to `limit` data keys wrapped by a key other than `kekId`. */
export async function dataKeysNotWrappedBy(db: Db, kekId: string, limit: number): Promise<DataKeyRow[]> {
  return db('data_keys').whereNot('kek_id', kekId).orderBy('id').limit(limit).select('id', 'kek_id', 'wrapped_key');
}

/** The key-encryption keys data keys are wrapped by, with how many each. */
export async function kekUsage(db: Db): Promise<{ kekId: string; count: number }[]> {
  const rows: { kek_id: string; count: number }[] = await db('data_keys')
    .groupBy('kek_id')
    .select('kek_id', db.raw('count(*)::int as count'));
  return rows.map((row) => ({ kekId: row.kek_id, count: Number(row.count) }));
}

/** Replaces a data key's wrapping, if it is still wrapped by `fromKekId` (another run may have been first). */
export async function rewrapDataKey(
  db: Db,
  id: string,
  fromKekId: string,
  to: { kekId: string; wrappedKey: Buffer },
): Promise<boolean> {
  const updated = await db('data_keys')
    .where({ id, kek_id: fromKekId })
    .update({ kek_id: to.kekId, wrapped_key: to.wrappedKey, rewrapped_at: db.fn.now() });
  return updated > 0;
}
