// Where uploaded files live (spec 1 §7 "file upload service"). Keys are ours: short, flat names made
// by the server (never a user's file name), so an adapter can map them to paths or object names.
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  /** Stores the bytes under the key, replacing nothing: keys are unique by construction. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** The only key shape any adapter accepts: letters, digits, dot, dash, underscore; no path separators. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?$/i;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.length > 200) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
