// Picks the Google Calendar implementation from the settings: Google with GOOGLE_CLIENT_ID and
// GOOGLE_CLIENT_SECRET; without them the sample account outside production, and nothing in production
// (the connections page then says Google Calendar is not set up).
import type { Config } from '../../config';
import { createGoogleCalendarSync } from './google';
import { createLocalCalendarSync } from './local';
import type { CalendarSync } from './port';

export function createCalendarSync(config: Pick<Config, 'env' | 'google'>): CalendarSync | null {
  if (config.google) return createGoogleCalendarSync(config.google);
  return config.env === 'production' ? null : createLocalCalendarSync();
}

export {
  CalendarSyncError,
  GOOGLE_MESSAGES,
  type CalendarSync,
  type ExternalBusy,
  type GoogleCalendarEntry,
  type GoogleTokens,
} from './port';
export { LOCAL_ACCOUNT_EMAIL, LOCAL_CALENDARS, LOCAL_CONSENT_CODE, LOCAL_CONSENT_PATH } from './local';
