// Recovery codes: ten one-use codes for signing in without the phone or the app (a lost device). Shown once;
// only scrypt hashes are kept. One random salt per batch, so checking a code costs one scrypt, then a
// constant-time comparison with each unused hash.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { HASHING } from './passwords';

export const RECOVERY_CODE_COUNT = 10;
/** 10 characters of a 31-symbol alphabet without look-alikes (no 0/o, 1/l/i): about 49.5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;
const KEY_LENGTH = 32;
const SCRYPT = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** "abcde-fghjk", as shown and printed. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What people type: any case, with or without the hyphen and spaces. Null when it cannot be a code. */
export function normalizeRecoveryCode(value: string): string | null {
  const code = value.toLowerCase().replace(/[\s-]+/g, '');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** scrypt, bounded like password hashing (a few at once, a short line, then 503). */
const hashCode = (normalized: string, salt: Buffer) => HASHING.run(() => scrypt(normalized, salt, KEY_LENGTH, SCRYPT));

/** Ten new codes and their hashes, made before any transaction opens (hashing takes a moment). */
export interface NewRecoveryCodes {
  codes: string[];
  salt: string;
  hashes: string[];
}

export async function newRecoveryCodes(): Promise<NewRecoveryCodes> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const salt = crypto.randomBytes(16);
  const hashes = await Promise.all(codes.map((code) => hashCode(normalizeRecoveryCode(code)!, salt)));
  return { codes, salt: salt.toString('base64'), hashes: hashes.map((hash) => hash.toString('base64')) };
}

/** Replaces the user's codes with the new ones (the old ones stop working). */
export async function storeRecoveryCodes(trx: Knex.Transaction, userId: number, fresh: NewRecoveryCodes) {
  await trx('recovery_codes').where({ user_id: userId }).del();
  await trx('recovery_codes').insert(
    fresh.hashes.map((hash) => ({ user_id: userId, salt: fresh.salt, code_hash: hash })),
  );
}

/** How many of the user's codes are still unused. */
export async function recoveryCodesLeft(db: Knex, userId: number): Promise<number> {
  const row = await db('recovery_codes').where({ user_id: userId }).whereNull('used_at').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Uses one code: the codes left afterwards, or null when it matches none unused. Locks the user's codes, so
 * two requests with the same code cannot both succeed.
 */
export async function spendRecoveryCode(trx: Knex.Transaction, userId: number, typed: string): Promise<number | null> {
  const normalized = normalizeRecoveryCode(typed);
  const rows: { id: number; salt: string; code_hash: string }[] = await trx('recovery_codes')
    .where({ user_id: userId })
    .whereNull('used_at')
    .forUpdate()
    .select('id', 'salt', 'code_hash');
  if (!normalized || rows.length === 0) return null;
  const hashes = new Map<string, Buffer>();
  let matched: number | null = null;
  for (const row of rows) {
    let presented = hashes.get(row.salt);
    if (!presented) {
      presented = await hashCode(normalized, Buffer.from(row.salt, 'base64'));
      hashes.set(row.salt, presented);
    }
    const stored = Buffer.from(row.code_hash, 'base64');
    // Every row is compared, whatever matched, so the time taken says nothing about which.
    if (stored.length === presented.length && crypto.timingSafeEqual(stored, presented)) matched = row.id;
  }
  if (matched === null) return null;
  await trx('recovery_codes').where({ id: matched }).update({ used_at: trx.fn.now() });
  return rows.length - 1;
}

/** Forgets the user's codes (two-factor turned off). */
export async function removeRecoveryCodes(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('recovery_codes').where({ user_id: userId }).del();
}
