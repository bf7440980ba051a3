// The local tool's sign-in token: a JSON claim set and its HMAC-SHA256 (node:crypto), both base64url,
// joined by a dot. Signed so it cannot be made or changed without the secret; it carries its own id (the
// one use is enforced against the issued-token table) and expires 60 seconds after it is issued.
import crypto from 'node:crypto';

export const SSO_TOKEN_LIFETIME_MS = 60_000;

export interface SsoClaims {
  /** The token's id, recorded when issued; its first use marks it used. */
  jti: string;
  providerId: number;
  userId: number;
  email: string;
  /** Unix milliseconds. */
  issuedAt: number;
  expiresAt: number;
}

/** What the local tool's sign-in page makes of a posted token. */
export type SsoVerdict =
  | { ok: true; claims: SsoClaims; account: { tier: 'pro' | 'premium'; standalone: boolean } | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

const mac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(payload).digest();

export function signSsoToken(claims: SsoClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of a token whose signature holds (expiry and use are the caller's), or null. */
export function readSsoToken(token: string, secret: string): SsoClaims | null {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, match[1]!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as SsoClaims;
    const wellFormed =
      typeof claims.jti === 'string' &&
      Number.isSafeInteger(claims.providerId) &&
      Number.isSafeInteger(claims.userId) &&
      typeof claims.email === 'string' &&
      Number.isFinite(claims.issuedAt) &&
      Number.isFinite(claims.expiresAt);
    return wellFormed ? claims : null;
  } catch {
    return null;
  }
}
