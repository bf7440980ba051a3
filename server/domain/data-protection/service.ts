// Envelope encryption of what clients write: values are encrypted with a data key (one a month), data keys
// are stored wrapped by the current key-encryption key (DATA_ENCRYPTION_KEYS), and unwrapped data keys are
// kept in memory, so decrypting a page of messages costs one AES-GCM call each and no query once warm.
import crypto from 'node:crypto';
import {
  CIPHERTEXT_PREFIX,
  dataKeyIdOf,
  decryptWith,
  encryptWith,
  isEncrypted,
  newDataKey,
  unwrapKey,
  wrapKey,
} from './cipher';
import { type DataKeyring, keyringFromEnvironment } from '../../lib/data-keyring';
import * as repo from './repo';

type Db = repo.Db;

let keyring: DataKeyring | null = null;

/** Sets the process's key-encryption keys (from the settings at start; tests swap them to rotate). */
export function setDataEncryptionKeys(keys: DataKeyring): void {
  keyring = keys;
}

/** The process's keyring: as set at start, else as the environment names it. */
export function activeKeyring(): DataKeyring {
  keyring ??= keyringFromEnvironment();
  return keyring;
}

export class MissingKeyError extends Error {}

// Unwrapped data keys by id. Ids are random, so a key is never mistaken for another database's. A data
// key is made a month, so a small bound holds years of them; the least recently used goes first.
// They are kept as KeyObjects, made once (see CipherKey).
const CACHE_SIZE = 512;
const unwrapped = new Map<string, crypto.KeyObject>();

function remember(id: string, key: Buffer | crypto.KeyObject): crypto.KeyObject {
  const object = key instanceof crypto.KeyObject ? key : crypto.createSecretKey(key);
  unwrapped.delete(id);
  unwrapped.set(id, object);
  if (unwrapped.size > CACHE_SIZE) unwrapped.delete(unwrapped.keys().next().value!);
  return object;
}

function cached(id: string): crypto.KeyObject | undefined {
  const key = unwrapped.get(id);
  if (key && unwrapped.size > CACHE_SIZE / 2) remember(id, key);
  return key;
}

/** Forgets every unwrapped data key (tests; a process that must drop a key from memory). */
export function forgetDataKeys(): void {
  unwrapped.clear();
  searchKeys.clear();
}

function unwrapRow(row: repo.DataKeyRow): crypto.KeyObject {
  const kek = activeKeyring().byId.get(row.kek_id);
  if (!kek)
    throw new MissingKeyError(
      `Data key ${row.id} is wrapped by the key-encryption key "${row.kek_id}", which DATA_ENCRYPTION_KEYS does not list: add it back until the re-wrap job has moved every data key to the current key`,
    );
  return remember(row.id, unwrapKey(kek.key, row.id, Buffer.from(row.wrapped_key)));
}

/** Loads and unwraps the data keys not in memory yet (one query for all of them). */
async function loadDataKeys(db: Db, ids: Iterable<string>): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !unwrapped.has(id));
  if (!missing.length) return;
  const rows = await repo.dataKeysById(db, missing);
  for (const row of rows) unwrapRow(row);
  const lost = missing.find((id) => !unwrapped.has(id));
  if (lost) throw new MissingKeyError(`Data key ${lost} is not in data_keys: its values cannot be decrypted`);
}

/**
 * The data key of this purpose and period, made (and wrapped by the current key-encryption key) when
 * there is none yet. It is made through `db`, so in the caller's transaction: should that roll back, the
 * key goes with the rows it encrypted, and no row ever names a key that was not stored.
 */
async function dataKeyOf(
  db: Db,
  purpose: repo.DataKeyPurpose,
  period: string,
): Promise<{ id: string; key: crypto.KeyObject }> {
  let row = await repo.dataKeyFor(db, purpose, period);
  if (!row) {
    const fresh = newDataKey();
    const kek = activeKeyring().current;
    const wrappedKey = wrapKey(kek.key, fresh.id, fresh.key);
    if (await repo.insertDataKey(db, { id: fresh.id, purpose, period, kekId: kek.id, wrappedKey }))
      return { id: fresh.id, key: remember(fresh.id, fresh.key) };
    row = await repo.dataKeyFor(db, purpose, period);
    if (!row) throw new MissingKeyError(`No ${purpose} key for ${period}`);
  }
  return { id: row.id, key: cached(row.id) ?? unwrapRow(row) };
}

const periodOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * A function that encrypts text under this month's data key, for writing many values at once (a bulk
 * load encrypts thousands of rows after one look-up).
 */
export async function textEncrypter(db: Db, at: Date = new Date()): Promise<(text: string) => string> {
  const { id, key } = await dataKeyOf(db, 'data', periodOf(at));
  return (text) => encryptWith(id, key, text);
}

/** Encrypts a text for storage ("v1:…"); null stays null. */
export async function encryptText(db: Db, text: string): Promise<string>;
export async function encryptText(db: Db, text: string | null): Promise<string | null>;
export async function encryptText(db: Db, text: string | null): Promise<string | null> {
  if (text === null) return null;
  return (await textEncrypter(db))(text);
}

/**
 * Decrypts stored values, loading the data keys they name in one query; null stays null, and a value not in
 * an encrypted format (a row written before encryption, or by hand) is returned as it is.
 */
export async function decryptTexts(db: Db, values: readonly (string | null | undefined)[]): Promise<(string | null)[]> {
  const ids: string[] = [];
  for (const value of values) {
    const id = typeof value === 'string' ? dataKeyIdOf(value) : null;
    if (id) ids.push(id);
  }
  await loadDataKeys(db, ids);
  return values.map((value) => {
    if (typeof value !== 'string') return null;
    const id = dataKeyIdOf(value);
    return id ? decryptWith(unwrapped.get(id)!, value) : value;
  });
}

export async function decryptText(db: Db, value: string | null | undefined): Promise<string | null> {
  return (await decryptTexts(db, [value]))[0] ?? null;
}

/**
 * A JSON object for a jsonb column, encrypted: the column then holds one JSON string ("v1:…"); write
 * `JSON.stringify` of the answer. null stays null.
 */
export async function encryptJson(db: Db, value: Record<string, unknown> | null | undefined): Promise<string | null> {
  if (value === null || value === undefined) return null;
  return encryptText(db, JSON.stringify(value));
}

/** A jsonb value read back: an encrypted string decrypted and parsed; an object (a legacy row) as it is. */
export async function decryptJsons<T = Record<string, unknown>>(
  db: Db,
  values: readonly unknown[],
): Promise<(T | null)[]> {
  const texts = await decryptTexts(
    db,
    values.map((value) => (typeof value === 'string' && isEncrypted(value) ? value : null)),
  );
  return values.map((value, i) => {
    if (value === null || value === undefined) return null;
    const text = texts[i];
    return typeof value === 'string' && text !== null && text !== undefined ? (JSON.parse(text) as T) : (value as T);
  });
}

export async function decryptJson<T = Record<string, unknown>>(db: Db, value: unknown): Promise<T | null> {
  return (await decryptJsons<T>(db, [value]))[0] ?? null;
}

/** Whether a stored value is encrypted (a check for tests and the migration's idempotence). */
export const isEncryptedValue = (value: unknown): boolean =>
  typeof value === 'string' && value.startsWith(CIPHERTEXT_PREFIX);

// The search key of each database (the blind index's HMAC key), unwrapped once.
const searchKeys = new Map<string, crypto.KeyObject>();

function databaseIdentity(db: Db): string {
  const connection = (db as { client?: { config?: { connection?: unknown } } }).client?.config?.connection;
  return typeof connection === 'string' ? connection : JSON.stringify(connection ?? null);
}

async function searchKey(db: Db): Promise<crypto.KeyObject> {
  const identity = databaseIdentity(db);
  const known = searchKeys.get(identity);
  if (known) return known;
  const { key } = await dataKeyOf(db, 'search', 'always');
  // Kept only once it is certainly stored: made by the migration, or seen outside a transaction.
  if (!(db as { isTransaction?: boolean }).isTransaction) searchKeys.set(identity, key);
  return key;
}

/** Words at most this long are indexed; longer runs of letters are cut (no one searches for them whole). */
const WORD_MAX = 40;

/**
 * The words of a text as the blind index knows them: lower case, accents removed, runs of letters and
 * digits of two characters or more, each once.
 */
export function wordsOf(text: string): string[] {
  const normalised = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const words = new Set<string>();
  for (const match of normalised.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (match[0].length >= 2) words.add(match[0].slice(0, WORD_MAX));
  }
  return [...words];
}

/** A word's blind-index token: the first 8 bytes of HMAC-SHA-256 under the search key, as a bigint's decimal text. */
const tokenOf = (key: crypto.KeyObject, word: string) =>
  crypto.createHmac('sha256', key).update(word, 'utf8').digest().readBigInt64BE(0).toString();

/** A function giving the blind-index tokens of a text (for writing many rows after one look-up). */
export async function searchTokenizer(db: Db): Promise<(text: string) => string[]> {
  const key = await searchKey(db);
  return (text) => wordsOf(text).map((word) => tokenOf(key, word));
}

/** The blind-index tokens of a text's words (what message_search_tokens stores, and what a search looks up). */
export async function searchTokens(db: Db, text: string): Promise<string[]> {
  return (await searchTokenizer(db))(text);
}

/**
 * Re-wraps every data key not wrapped by the current key-encryption key (a rotation's second step), in
 * batches; the data keys themselves, and so every encrypted row, stay as they are. Answers how many moved.
 */
export async function rewrapDataKeys(db: Db, batchSize = 200): Promise<number> {
  const current = activeKeyring().current;
  let moved = 0;
  for (;;) {
    const rows = await repo.dataKeysNotWrappedBy(db, current.id, batchSize);
    if (!rows.length) return moved;
    for (const row of rows) {
      const key = unwrapRow(row).export();
      if (
        await repo.rewrapDataKey(db, row.id, row.kek_id, {
          kekId: current.id,
          wrappedKey: wrapKey(current.key, row.id, key),
        })
      )
        moved += 1;
    }
  }
}

/** Which key-encryption keys the stored data keys need, and whether the settings list each (start-up and operators). */
export async function dataKeyStatus(
  db: Db,
): Promise<{ kekId: string; count: number; listed: boolean; current: boolean }[]> {
  const ring = activeKeyring();
  return (await repo.kekUsage(db)).map((usage) => ({
    ...usage,
    listed: ring.byId.has(usage.kekId),
    current: usage.kekId === ring.current.id,
  }));
}
