// A provider's Google Calendar, in our words (spec 3 §3 Calendar state, §7 Google linking): the OAuth
// consent, the list of the account's calendars, and busy time only. No event title or detail ever
// crosses this port: the portal needs to know when a provider is busy, never why.

/** What the consent gives back; tokens stay on the server (stored, never shown, never logged). */
export interface GoogleTokens {
  accessToken: string;
  /** Absent when the account had already consented and Google kept the earlier one. */
  refreshToken: string | null;
  expiresAt: Date;
  /** The account's address, shown as "Linked as …". */
  email: string | null;
}

export interface RefreshedToken {
  accessToken: string;
  expiresAt: Date;
}

/** One calendar of the account (spec: the potential list). */
export interface GoogleCalendarEntry {
  id: string;
  name: string;
  primary: boolean;
}

/**
 * Busy time read from an outside calendar: a span of time, or whole days (an all-day event, which
 * belongs to no zone until the provider's calendar gives it one). End dates are exclusive.
 */
export type ExternalBusy =
  | { uid: string; start: Date; end: Date }
  | { uid: string; startDate: string; endDate: string };

/** A refusal the provider can act on (access revoked, calendar gone) or a service that is down. */
export class CalendarSyncError extends Error {
  constructor(
    message: string,
    public readonly reason: 'access' | 'unavailable',
  ) {
    super(message);
    this.name = 'CalendarSyncError';
  }
}

export const GOOGLE_MESSAGES = {
  accessLost: 'Google no longer gives access to this calendar. Please link your Google account again.',
  unavailable: 'Google Calendar could not be reached. The portal will try again.',
  calendarGone: 'This calendar is no longer in your Google account.',
} as const;

export interface CalendarSync {
  /** "google" with GOOGLE_CLIENT_ID/SECRET; "local": a sample account on this machine. */
  readonly kind: 'google' | 'local';
  /** Where the provider gives consent; Google sends them back to `redirectUri` with a code and `state`. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<RefreshedToken>;
  listCalendars(accessToken: string): Promise<GoogleCalendarEntry[]>;
  /** Busy spans of one calendar between two instants (events marked free and declined ones are not busy). */
  busyTimes(accessToken: string, calendarId: string, from: Date, to: Date): Promise<ExternalBusy[]>;
  /** Withdraws the consent (best effort: an unlink never fails because Google did not answer). */
  revoke(token: string): Promise<void>;
}
