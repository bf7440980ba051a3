// A provider's linked Google account: its access token, refreshed shortly before it expires and stored
// again. Tokens never leave this module's callers on the server.
import { CalendarSyncError, GOOGLE_MESSAGES, type CalendarSync } from '../../integrations/calendar-sync';
import * as repo from './repo';

/** A token that expires within this margin is refreshed first, so a call never starts with a dying one. */
const REFRESH_MARGIN_MS = 60_000;

/** A usable access token of the provider's Google account; CalendarSyncError (access) when there is none any more. */
export async function freshAccessToken(
  db: repo.Db,
  calendarSync: CalendarSync,
  providerId: number,
  now = new Date(),
): Promise<string> {
  const link = await repo.findGoogleLink(db, providerId);
  if (!link) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
  const expiresAt = link.accessTokenExpiresAt?.getTime() ?? 0;
  if (link.accessToken && expiresAt - REFRESH_MARGIN_MS > now.getTime()) return link.accessToken;
  if (!link.refreshToken) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
  const refreshed = await calendarSync.refresh(link.refreshToken);
  await repo.saveAccessToken(db, providerId, refreshed.accessToken, refreshed.expiresAt);
  return refreshed.accessToken;
}
