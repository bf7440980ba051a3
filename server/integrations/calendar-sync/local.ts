// A sample Google account on this machine, so linking, choosing a calendar and the busy blocks can be
// tried (and tested) without Google: a consent page of the portal's own, two calendars and a few busy
// events placed a day or more from now.
import crypto from 'node:crypto';
import {
  CalendarSyncError,
  GOOGLE_MESSAGES,
  type CalendarSync,
  type ExternalBusy,
  type GoogleCalendarEntry,
} from './port';

/** The portal page that stands in for Google's consent screen (served by the calendar-sync feature). */
export const LOCAL_CONSENT_PATH = '/calendar/connections/google/sample-consent';
/** The code that page hands to the callback when the provider allows access. */
export const LOCAL_CONSENT_CODE = 'sample-consent-granted';
export const LOCAL_ACCOUNT_EMAIL = 'sample.provider@example.com';

const ACCESS_PREFIX = 'sample-access-';
const REFRESH_PREFIX = 'sample-refresh-';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const LOCAL_CALENDARS: GoogleCalendarEntry[] = [
  { id: 'sample-work', name: 'Work (sample)', primary: true },
  { id: 'sample-personal', name: 'Personal (sample)', primary: false },
];

/** Busy spans as [days after today (UTC), start hour, length in minutes], or a whole day. */
const SAMPLE_EVENTS: Record<
  string,
  ({ day: number; hour: number; minutes: number } | { day: number; allDay: true })[]
> = {
  'sample-work': [
    { day: 1, hour: 14, minutes: 60 },
    { day: 2, hour: 16, minutes: 90 },
    { day: 6, allDay: true },
  ],
  'sample-personal': [
    { day: 1, hour: 18, minutes: 60 },
    { day: 4, hour: 12, minutes: 60 },
  ],
};

const dateKey = (instant: number) => new Date(instant).toISOString().slice(0, 10);

function checkAccess(token: string): void {
  if (!token.startsWith(ACCESS_PREFIX)) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
}

export function createLocalCalendarSync(options: { now?: () => Date } = {}): CalendarSync {
  const now = options.now ?? (() => new Date());
  const newToken = (prefix: string) => `${prefix}${crypto.randomBytes(16).toString('hex')}`;
  return {
    kind: 'local',
    messages: GOOGLE_MESSAGES,
    authorizationUrl: ({ state }) => `${LOCAL_CONSENT_PATH}?${new URLSearchParams({ state })}`,
    async exchangeCode(code) {
      if (code !== LOCAL_CONSENT_CODE) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      return {
        accessToken: newToken(ACCESS_PREFIX),
        refreshToken: newToken(REFRESH_PREFIX),
        expiresAt: new Date(now().getTime() + HOUR_MS),
        email: LOCAL_ACCOUNT_EMAIL,
      };
    },
    async refresh(refreshToken) {
      if (!refreshToken.startsWith(REFRESH_PREFIX)) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      return { accessToken: newToken(ACCESS_PREFIX), expiresAt: new Date(now().getTime() + HOUR_MS) };
    },
    async listCalendars(accessToken) {
      checkAccess(accessToken);
      return LOCAL_CALENDARS.map((c) => ({ ...c }));
    },
    async busyTimes(accessToken, calendarId, from, to) {
      checkAccess(accessToken);
      const events = SAMPLE_EVENTS[calendarId];
      if (!events) throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
      const today = Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate());
      const busy: ExternalBusy[] = events.map((event, index) => {
        const dayStart = today + event.day * DAY_MS;
        const uid = `${calendarId}-${index + 1}@${dateKey(dayStart)}`;
        if ('allDay' in event) return { uid, startDate: dateKey(dayStart), endDate: dateKey(dayStart + DAY_MS) };
        const start = dayStart + event.hour * HOUR_MS;
        return { uid, start: new Date(start), end: new Date(start + event.minutes * 60_000) };
      });
      return busy.filter((b) =>
        'start' in b
          ? b.end > from && b.start < to
          : Date.parse(b.endDate) > from.getTime() && Date.parse(b.startDate) < to.getTime(),
      );
    },
    async revoke() {},
  };
}
