// A provider's linked OAuth accounts (Google, Microsoft): an access token, refreshed shortly before it
// expires and stored again (with the new refresh token when the service rotates them, as Microsoft does).
// A call the service refuses as expired before its time is made once more with a token refreshed then.
// Tokens never leave this module's callers on the server.
import { CalendarSyncError, type CalendarSync } from '../../integrations/calendar-sync';
import * as repo from './repo';

/** A token that expires within this margin is refreshed first, so a call never starts with a dying one. */
const REFRESH_MARGIN_MS = 60_000;

export type OAuthService = 'google' | 'microsoft';

interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[] | null;
  save(token: {
    accessToken: string;
    expiresAt: Date;
    refreshToken?: string | null;
    scopes?: string[] | null;
  }): Promise<void>;
}

/** The scopes the provider's account granted (null: not recorded). */
export async function grantedScopes(db: repo.Db, providerId: number, service: OAuthService): Promise<string[] | null> {
  return (await storedTokens(db, providerId, service))?.scopes ?? null;
}

async function storedTokens(db: repo.Db, providerId: number, service: OAuthService): Promise<StoredTokens | null> {
  if (service === 'google') {
    const link = await repo.findGoogleLink(db, providerId);
    return (
      link && {
        accessToken: link.accessToken,
        refreshToken: link.refreshToken,
        expiresAt: link.accessTokenExpiresAt,
        scopes: link.scopes,
        save: (token) => repo.saveAccessToken(db, providerId, token.accessToken, token.expiresAt, token.scopes),
      }
    );
  }
  const link = await repo.findAccountLink(db, providerId, service);
  return (
    link && {
      accessToken: link.accessToken,
      refreshToken: link.refreshToken,
      expiresAt: link.accessTokenExpiresAt,
      scopes: link.scopes,
      save: (token) => repo.saveAccountToken(db, link.id, token),
    }
  );
}

/** A usable access token of the provider's account; CalendarSyncError (access) when there is none any more. */
export async function freshToken(
  db: repo.Db,
  calendarSync: CalendarSync,
  providerId: number,
  service: OAuthService,
  options: { now?: Date; force?: boolean } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const stored = await storedTokens(db, providerId, service);
  const lost = () => new CalendarSyncError(calendarSync.messages.accessLost, 'access');
  if (!stored) throw lost();
  const expiresAt = stored.expiresAt?.getTime() ?? 0;
  if (!options.force && stored.accessToken && expiresAt - REFRESH_MARGIN_MS > now.getTime()) return stored.accessToken;
  if (!stored.refreshToken) throw lost();
  const refreshed = await calendarSync.refresh(stored.refreshToken, stored.scopes);
  await stored.save(refreshed);
  return refreshed.accessToken;
}

/** The provider's Google access token (the name the Google flow has always used). */
export const freshAccessToken = (db: repo.Db, calendarSync: CalendarSync, providerId: number, now = new Date()) =>
  freshToken(db, calendarSync, providerId, 'google', { now });

/**
 * Runs `call` with a fresh token; when the service refuses the token as expired (401) before its time,
 * refreshes it and runs `call` once more. A second refusal means the access is gone.
 */
export async function withAccessToken<T>(
  db: repo.Db,
  calendarSync: CalendarSync,
  providerId: number,
  service: OAuthService,
  call: (accessToken: string) => Promise<T>,
  now = new Date(),
): Promise<T> {
  try {
    return await call(await freshToken(db, calendarSync, providerId, service, { now }));
  } catch (error) {
    if (!(error instanceof CalendarSyncError && error.reason === 'expired')) throw error;
  }
  try {
    return await call(await freshToken(db, calendarSync, providerId, service, { now, force: true }));
  } catch (error) {
    if (error instanceof CalendarSyncError && error.reason === 'expired')
      throw new CalendarSyncError(calendarSync.messages.accessLost, 'access');
    throw error;
  }
}
