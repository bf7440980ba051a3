// Picks each calendar service's implementation from the settings. Google Calendar: Google with
// GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; Microsoft 365 / Outlook: Graph with MICROSOFT_CLIENT_ID and
// MICROSOFT_CLIENT_SECRET. Without them, a sample account outside production (Google's in memory,
// Microsoft's a local stand-in of Graph), and nothing in production (the connections page then says the
// service is not set up).
import type { Config } from '../../config';
import { type CaldavClient, createCaldavClient } from './caldav';
import { createGoogleCalendarSync } from './google';
import { createLocalCalendarSync } from './local';
import { createLocalCaldav, type LocalCaldav } from './local-caldav';
import { createLocalMicrosoftCalendarSync } from './local-microsoft';
import { createMicrosoftCalendarSync } from './microsoft';
import type { CalendarSync } from './port';

export function createCalendarSync(config: Pick<Config, 'env' | 'google'>): CalendarSync | null {
  if (config.google) return createGoogleCalendarSync(config.google);
  return config.env === 'production' ? null : createLocalCalendarSync();
}

export function createMicrosoftCalendar(config: Pick<Config, 'env' | 'microsoft'>): CalendarSync | null {
  if (config.microsoft) return createMicrosoftCalendarSync(config.microsoft);
  return config.env === 'production' ? null : createLocalMicrosoftCalendarSync();
}

/** CalDAV servers (iCloud, Fastmail, Nextcloud): any the provider names, so always there. */
export interface CaldavService extends CaldavClient {
  /** Outside production, a CalDAV server on this machine with a sample account, offered on the form. */
  readonly standIn: LocalCaldav | null;
  /** Origins reached although private and over http: the stand-in's, outside production; none in production. */
  trustedOrigins(): Promise<string[]>;
}

export function createCaldav(config: Pick<Config, 'env'>): CaldavService {
  const standIn = config.env === 'production' ? null : createLocalCaldav();
  return {
    ...createCaldavClient(),
    standIn,
    trustedOrigins: async () => (standIn ? [new URL(await standIn.url()).origin] : []),
  };
}

export {
  CALDAV_MESSAGES,
  type CalendarEntry,
  CalendarSyncError,
  GOOGLE_MESSAGES,
  MICROSOFT_MESSAGES,
  type CalendarSync,
  type ExternalBusy,
  type GoogleCalendarEntry,
  type GoogleTokens,
  type OutgoingEvent,
  type ServiceMessages,
  type WatchChannel,
  type WatchRequest,
} from './port';
export {
  LOCAL_ACCOUNT_EMAIL,
  LOCAL_CALENDARS,
  LOCAL_CONSENT_CODE,
  LOCAL_CONSENT_PATH,
  LOCAL_WRITE_CONSENT_CODE,
  type LocalChannel,
  type LocalGoogle,
  localGoogleOf,
} from './local';
export {
  createLocalGraph,
  createLocalMicrosoftCalendarSync,
  type LocalGraph,
  localGraphOf,
  LOCAL_MICROSOFT_CONSENT_CODE,
  LOCAL_MICROSOFT_CONSENT_PATH,
  LOCAL_MICROSOFT_EMAIL,
  LOCAL_MICROSOFT_WRITE_CONSENT_CODE,
} from './local-microsoft';
export { createMicrosoftCalendarSync, MICROSOFT_SCOPES, MICROSOFT_WRITE_SCOPE } from './microsoft';
export { GOOGLE_SCOPES, GOOGLE_WRITE_SCOPE } from './google';
export {
  type CaldavAccount,
  type CaldavAnswer,
  type CaldavClient,
  type CaldavCredentials,
  type CaldavRequest,
  type CaldavTransport,
  EVENT_PROPERTIES as CALDAV_EVENT_PROPERTIES,
} from './caldav';
export {
  createLocalCaldav,
  type LocalCaldav,
  LOCAL_CALDAV_PASSWORD,
  LOCAL_CALDAV_USERNAME,
} from './local-caldav';
