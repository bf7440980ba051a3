// One-time secrets: link tokens (256 bits, base64url), six-digit SMS codes, and their sha256 hashes.
// Only hashes are stored; secrets go to the person (link, SMS, cookie) and nowhere else.
import crypto from 'node:crypto';

export function newLinkToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** A six-digit code, uniformly drawn (randomInt avoids modulo bias). */
export function newCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashToken(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored sha256 hex hash in constant time. */
export function matchesHash(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashToken(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && crypto.timingSafeEqual(presented, stored);
}

/** A link token is base64url of 32 bytes; anything else is not worth a database look-up. */
export const looksLikeLinkToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** "dana.rivera@example.com" → "d***a@e******.com": enough to recognise, not enough to learn. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const mask = (part: string, keepEnd: boolean) =>
    part.length <= 2
      ? `${part[0] ?? ''}*`
      : `${part[0]}${'*'.repeat(Math.min(part.length - (keepEnd ? 2 : 1), 6))}${keepEnd ? part.at(-1) : ''}`;
  return `${mask(local, true)}@${mask(host, false)}${tld}`;
}

/** "+15555550123" → "(***) ***-0123". */
export const phoneLastFour = (phone: string | null | undefined) => (phone ? phone.slice(-4) : null);
