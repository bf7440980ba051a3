// A provider's outside calendars, in our words (spec 3 §3 Calendar state, §7 Google linking): Google
// Calendar and Microsoft 365 / Outlook through OAuth (the consent, the list of the account's calendars,
// busy time), and CalDAV servers (iCloud, Fastmail, Nextcloud) through an app password. No event title
// or detail ever crosses this port: the portal needs to know when a provider is busy, never why.

/** What the consent gives back; tokens stay on the server (stored, never shown, never logged). */
export interface GoogleTokens {
  accessToken: string;
  /** Absent when the account had already consented and Google kept the earlier one. */
  refreshToken: string | null;
  expiresAt: Date;
  /** The account's address, shown as "Linked as …". */
  email: string | null;
  /** The scopes granted (the token answer's `scope`); null when the service did not say. */
  scopes: string[] | null;
}

export interface RefreshedToken {
  accessToken: string;
  expiresAt: Date;
  /** A new refresh token when the service rotates them (Microsoft does): it replaces the stored one. */
  refreshToken?: string | null;
  /** The scopes of the new token, when the service says. */
  scopes?: string[] | null;
}

/** A consultation as written to a provider's calendar: the time, initials and a link back, nothing else. */
export interface OutgoingEvent {
  /** Ours and stable for the consultation (its iCalendar UID): the same consultation is never written twice. */
  key: string;
  title: string;
  description: string;
  /** The consultation's page in the portal. */
  url: string;
  start: Date;
  end: Date;
}

/** One calendar of the account (spec: the potential list). */
export interface GoogleCalendarEntry {
  id: string;
  name: string;
  primary: boolean;
}
/** The same, for every service. */
export type CalendarEntry = GoogleCalendarEntry;

/**
 * Busy time read from an outside calendar: a span of time, or whole days (an all-day event, which
 * belongs to no zone until the provider's calendar gives it one). End dates are exclusive.
 */
export type ExternalBusy =
  | { uid: string; start: Date; end: Date }
  | { uid: string; startDate: string; endDate: string };

/**
 * A refusal the provider can act on (access revoked, calendar gone: `access`), a service that is down or
 * asks us to slow down (`unavailable`, with the wait it asked for when it said), or an access token the
 * service no longer takes before its time (`expired`: refresh it and ask once more).
 */
export class CalendarSyncError extends Error {
  constructor(
    message: string,
    public readonly reason: 'access' | 'unavailable' | 'expired',
    /** Retry-After of a 429 or 503, in seconds. */
    public readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CalendarSyncError';
  }
}

/** The words each service's refusals are written in (shown as a calendar's last error). */
export interface ServiceMessages {
  accessLost: string;
  unavailable: string;
  calendarGone: string;
}

export const GOOGLE_MESSAGES: ServiceMessages = {
  accessLost: 'Google no longer gives access to this calendar. Please link your Google account again.',
  unavailable: 'Google Calendar could not be reached. The portal will try again.',
  calendarGone: 'This calendar is no longer in your Google account.',
};

export const MICROSOFT_MESSAGES: ServiceMessages = {
  accessLost: 'Microsoft no longer gives access to this calendar. Please link your Microsoft account again.',
  unavailable: 'Outlook could not be reached. The portal will try again.',
  calendarGone: 'This calendar is no longer in your Microsoft account.',
};

export const CALDAV_MESSAGES: ServiceMessages & { notCaldav: string } = {
  notCaldav:
    'We could not find your calendars at this address. Please check the server address, user name and app password.',
  accessLost:
    'The calendar server refused the user name or app password. Please connect it again with a new app password.',
  unavailable: 'The calendar server could not be reached. The portal will try again.',
  calendarGone: 'This calendar is no longer on the calendar server.',
};

/**
 * A calendar service reached through OAuth 2 (Google Calendar, Microsoft 365 / Outlook). Calendar ids are
 * the service's own.
 */
export interface CalendarSync {
  /** "google" or "microsoft" with the service's OAuth client; "local": a sample account on this machine. */
  readonly kind: 'google' | 'microsoft' | 'local';
  /** The service's words for its refusals. */
  readonly messages: ServiceMessages;
  /**
   * Where the provider gives consent; the service sends them back to `redirectUri` with a code and
   * `state`. `write`: also to write events (asked for only when the provider chooses write-back).
   */
  authorizationUrl(input: { state: string; redirectUri: string; write?: boolean }): string;
  exchangeCode(code: string, redirectUri: string): Promise<GoogleTokens>;
  /** A new access token; `scopes`, the ones granted, when the service needs them named again (Microsoft). */
  refresh(refreshToken: string, scopes?: string[] | null): Promise<RefreshedToken>;
  /** Whether these granted scopes let the portal write events. */
  canWrite(scopes: string[] | null): boolean;
  /**
   * Writes a consultation to a calendar: creates it, or updates the event `remoteId` (made again when it
   * was deleted meanwhile); answers the service's id of the event.
   */
  putEvent?(accessToken: string, calendarId: string, event: OutgoingEvent, remoteId: string | null): Promise<string>;
  /** Deletes an event written before (one already gone is no error). */
  deleteEvent?(accessToken: string, calendarId: string, remoteId: string): Promise<void>;
  listCalendars(accessToken: string): Promise<GoogleCalendarEntry[]>;
  /** Busy spans of one calendar between two instants (events marked free and declined ones are not busy). */
  busyTimes(accessToken: string, calendarId: string, from: Date, to: Date): Promise<ExternalBusy[]>;
  /** Withdraws the consent (best effort: an unlink never fails because Google did not answer). */
  revoke(token: string): Promise<void>;
  /**
   * Push (Google): asks the service to post to `address` whenever the calendar's events change, on a
   * channel named `id` that carries `token` back (absent: the service has no push, polling only).
   */
  watch?(accessToken: string, calendarId: string, channel: WatchRequest): Promise<WatchChannel>;
  /** Stops a channel (best effort: one that is gone already is no error). */
  stopWatch?(accessToken: string, channel: { id: string; resourceId: string }): Promise<void>;
}

export interface WatchRequest {
  id: string;
  token: string;
  /** The portal's https address that receives the notifications. */
  address: string;
  /** How long the channel should live; the service may give less. */
  ttlSeconds: number;
}

export interface WatchChannel {
  /** The service's id of the watched resource (sent back with each notification, needed to stop it). */
  resourceId: string;
  expiresAt: Date;
}
