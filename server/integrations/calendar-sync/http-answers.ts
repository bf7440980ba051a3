// What the OAuth calendar services' answers say beyond their JSON: how long to wait, and who signed in.

/** Retry-After in seconds (its date form too), or null. */
export const retryAfterOf = (response: Response): number | null =>
  retryAfterOfHeader(response.headers.get('retry-after'));

export function retryAfterOfHeader(value: string | null | undefined): number | null {
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

/**
 * The claims of an ID token received straight from the service's token endpoint over TLS (so its
 * signature needs no check here); {} when it is not one.
 */
export function claimsOf(idToken: unknown): Record<string, unknown> {
  if (typeof idToken !== 'string') return {};
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
