// API tokens of directory clients: 32 random bytes, shown once at creation, stored only as a SHA-256
// hash (a high-entropy token needs no slow hash), listed by a short public prefix, revocable.
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export interface ApiClient {
  id: number;
  name: string;
  prefix: string;
}
export interface ListedToken extends ApiClient {
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const TOKEN_PATTERN = /^dir_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Makes a token; the returned plaintext is never stored and cannot be shown again. */
export async function createToken(db: Knex, name: string): Promise<{ client: ApiClient; token: string }> {
  const prefix = crypto
    .randomBytes(8)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(8, '0')
    .slice(0, 8);
  const token = `dir_${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
  const [row] = await db('api_tokens')
    .insert({ name, prefix, token_hash: hashOf(token) })
    .returning(['id', 'name', 'prefix']);
  return { client: { id: row.id, name: row.name, prefix: row.prefix }, token };
}

export async function listTokens(db: Knex): Promise<ListedToken[]> {
  const rows = await db('api_tokens')
    .select('id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at')
    .orderBy('id');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  }));
}

/** Revokes by id or prefix; returns whether a live token was revoked. */
export async function revokeToken(db: Knex, idOrPrefix: string): Promise<boolean> {
  const query = db('api_tokens').whereNull('revoked_at');
  if (/^\d+$/.test(idOrPrefix)) query.where({ id: Number(idOrPrefix) });
  else query.where({ prefix: idOrPrefix });
  return (await query.update({ revoked_at: db.fn.now() })) > 0;
}

/** The client a bearer token belongs to, or null for a malformed, unknown or revoked one. */
export async function clientOfToken(db: Knex, token: string): Promise<ApiClient | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db('api_tokens')
    .where({ token_hash: hashOf(token) })
    .whereNull('revoked_at')
    .first('id', 'name', 'prefix', 'last_used_at');
  if (!row) return null;
  // Recorded at most once a minute, so a busy client does not write on every call.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
    await db('api_tokens').where({ id: row.id }).update({ last_used_at: db.fn.now() });
  }
  return { id: row.id, name: row.name, prefix: row.prefix };
}
