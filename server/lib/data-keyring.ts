// The key-encryption keys (KEKs) of DATA_ENCRYPTION_KEYS: they wrap the data keys stored in data_keys, and
// never encrypt a row themselves. The first key listed is the current one (new data keys, and the re-wrap
// job, use it); the others only unwrap data keys not yet re-wrapped.
import crypto from 'node:crypto';

export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

export interface DataKeyring {
  /** The key that wraps new data keys, and that the re-wrap job moves every data key to. */
  current: KeyEncryptionKey;
  /** Every key listed, by id (the current one too). */
  byId: Map<string, KeyEncryptionKey>;
}

/** The id of the development key used when DATA_ENCRYPTION_KEYS is unset outside production. */
export const DEVELOPMENT_KEY_ID = 'dev';

/**
 * Outside production a fresh machine needs nothing: a fixed key derived from a public string, so the
 * development and test databases (and the bench's) stay readable across restarts. It protects nothing,
 * which is why production refuses to start without DATA_ENCRYPTION_KEYS.
 */
const DEVELOPMENT_KEY = crypto.createHash('sha256').update('members-portal development data-encryption key').digest();

export const DATA_KEYS_FORMAT =
  'DATA_ENCRYPTION_KEYS must list key-encryption keys as id:base64 (32 random bytes each, e.g. from `openssl rand -base64 32`), comma-separated, the current one first';

export class DataKeysSettingError extends Error {}

/** Reads DATA_ENCRYPTION_KEYS ("id:base64,id:base64"; the first is current); throws DataKeysSettingError when malformed. */
export function parseDataEncryptionKeys(setting: string): DataKeyring {
  const byId = new Map<string, KeyEncryptionKey>();
  const keys: KeyEncryptionKey[] = [];
  for (const entry of setting
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/.exec(entry);
    const key = match ? Buffer.from(match[2]!, 'base64') : null;
    if (!match || !key || key.length !== 32) throw new DataKeysSettingError(DATA_KEYS_FORMAT);
    if (byId.has(match[1]!))
      throw new DataKeysSettingError(`DATA_ENCRYPTION_KEYS lists the key id "${match[1]}" twice`);
    const kek = { id: match[1]!, key };
    byId.set(kek.id, kek);
    keys.push(kek);
  }
  if (!keys.length) throw new DataKeysSettingError(DATA_KEYS_FORMAT);
  return { current: keys[0]!, byId };
}

/** The development keyring (outside production, when DATA_ENCRYPTION_KEYS is unset). */
export function developmentKeyring(): DataKeyring {
  const kek = { id: DEVELOPMENT_KEY_ID, key: DEVELOPMENT_KEY };
  return { current: kek, byId: new Map([[kek.id, kek]]) };
}

/**
 * The keyring the environment names: DATA_ENCRYPTION_KEYS, else (outside production) the development key.
 * In production an unset setting throws: client text must never be written under a public key.
 */
export function keyringFromEnvironment(env: NodeJS.ProcessEnv = process.env): DataKeyring {
  const setting = env.DATA_ENCRYPTION_KEYS?.trim();
  if (setting) return parseDataEncryptionKeys(setting);
  if (env.NODE_ENV === 'production')
    throw new DataKeysSettingError(
      'DATA_ENCRYPTION_KEYS is required in production: the key-encryption keys that protect what clients write (id:base64 of 32 random bytes)',
    );
  return developmentKeyring();
}
