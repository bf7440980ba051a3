// A sample Google account on this machine, so linking, choosing a calendar and the busy blocks can be
// tried (and tested) without Google: a consent page of the portal's own, two calendars and a few busy
// events placed a day or more from now. It also keeps push channels as Google does and can send their
// notifications (Google's headers, posted to the channel's address), and busy spans a test adds: its
// state (`standIn`) is in memory.
import crypto from 'node:crypto';
import {
  CalendarSyncError,
  GOOGLE_MESSAGES,
  type CalendarSync,
  type ExternalBusy,
  type GoogleCalendarEntry,
  type WatchRequest,
} from './port';
import { GOOGLE_SCOPES, GOOGLE_WRITE_SCOPE, googleEventId } from './google';

/** A push channel the sample account holds, as Google would. */
export interface LocalChannel extends WatchRequest {
  calendarId: string;
  resourceId: string;
  expiresAt: Date;
  /** Notifications sent so far (X-Goog-Message-Number counts from 1, the "sync" one). */
  messages: number;
}

/** What a test (or a developer) can do to the sample account beyond what Google lets a client do. */
export interface LocalGoogle {
  channels: Map<string, LocalChannel>;
  /** Busy spans added to a calendar (someone adds an event in Google). */
  addBusy(calendarId: string, start: Date, end: Date): void;
  /** Events the portal wrote (write-back), by calendar and event id. */
  written: Map<string, Map<string, { title: string; description: string; url: string; start: Date; end: Date }>>;
  /**
   * Posts Google's notification of a change to every live channel of the calendar, as Google would;
   * resolves with the portal's answers (status codes).
   */
  notify(calendarId: string, state?: 'exists' | 'not_exists'): Promise<number[]>;
  reset(): void;
}

/** The portal page that stands in for Google's consent screen (served by the calendar-sync feature). */
export const LOCAL_CONSENT_PATH = '/calendar/connections/google/sample-consent';
/** The code that page hands to the callback when the provider allows access. */
export const LOCAL_CONSENT_CODE = 'sample-consent-granted';
/** The code of a consent that also lets the portal write events (write-back). */
export const LOCAL_WRITE_CONSENT_CODE = 'sample-consent-granted-write';
/** The scopes of the sample account's consents, as Google names them. */
const READ_SCOPES = ['openid', 'email', ...GOOGLE_SCOPES];
export const LOCAL_ACCOUNT_EMAIL = 'sample.provider@example.com';

const ACCESS_PREFIX = 'sample-access-';
const REFRESH_PREFIX = 'sample-refresh-';
/** After the prefix, a token that may write says so. */
const WRITES = 'w-';
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

export function createLocalCalendarSync(options: { now?: () => Date } = {}): CalendarSync & { standIn: LocalGoogle } {
  const now = options.now ?? (() => new Date());
  const newToken = (prefix: string) => `${prefix}${crypto.randomBytes(16).toString('hex')}`;
  const added = new Map<string, ExternalBusy[]>();

  /** One notification, with the headers Google sends (the body is empty). */
  async function post(channel: LocalChannel, state: string): Promise<number> {
    channel.messages++;
    try {
      const answer = await fetch(channel.address, {
        method: 'POST',
        headers: {
          'x-goog-channel-id': channel.id,
          'x-goog-channel-token': channel.token,
          'x-goog-channel-expiration': channel.expiresAt.toUTCString(),
          'x-goog-resource-id': channel.resourceId,
          'x-goog-resource-uri': `https://www.googleapis.com/calendar/v3/calendars/${encodeURIComponent(channel.calendarId)}/events?alt=json`,
          'x-goog-resource-state': state,
          'x-goog-message-number': String(channel.messages),
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return 0;
    }
  }

  const standIn: LocalGoogle = {
    channels: new Map(),
    written: new Map(),
    addBusy(calendarId, start, end) {
      const list = added.get(calendarId) ?? [];
      list.push({ uid: `${calendarId}-added-${list.length + 1}@${start.toISOString()}`, start, end });
      added.set(calendarId, list);
    },
    async notify(calendarId, state = 'exists') {
      const live = [...standIn.channels.values()].filter((c) => c.calendarId === calendarId && c.expiresAt > now());
      return Promise.all(live.map((c) => post(c, state)));
    },
    reset() {
      standIn.channels.clear();
      standIn.written.clear();
      added.clear();
    },
  };

  return {
    kind: 'local',
    standIn,
    messages: GOOGLE_MESSAGES,
    authorizationUrl: ({ state, write }) =>
      `${LOCAL_CONSENT_PATH}?${new URLSearchParams({ state, ...(write ? { write: '1' } : {}) })}`,
    async exchangeCode(code) {
      if (code !== LOCAL_CONSENT_CODE && code !== LOCAL_WRITE_CONSENT_CODE)
        throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      const write = code === LOCAL_WRITE_CONSENT_CODE;
      return {
        accessToken: newToken(`${ACCESS_PREFIX}${write ? WRITES : ''}`),
        refreshToken: newToken(`${REFRESH_PREFIX}${write ? WRITES : ''}`),
        scopes: write ? [...READ_SCOPES, GOOGLE_WRITE_SCOPE] : READ_SCOPES,
        expiresAt: new Date(now().getTime() + HOUR_MS),
        email: LOCAL_ACCOUNT_EMAIL,
      };
    },
    async refresh(refreshToken) {
      if (!refreshToken.startsWith(REFRESH_PREFIX)) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      const write = refreshToken.startsWith(`${REFRESH_PREFIX}${WRITES}`);
      return {
        accessToken: newToken(`${ACCESS_PREFIX}${write ? WRITES : ''}`),
        expiresAt: new Date(now().getTime() + HOUR_MS),
      };
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
      busy.push(...(added.get(calendarId) ?? []));
      for (const [id, event] of standIn.written.get(calendarId) ?? [])
        busy.push({ uid: `${id}@${event.start.toISOString()}`, start: event.start, end: event.end });
      return busy.filter((b) =>
        'start' in b
          ? b.end > from && b.start < to
          : Date.parse(b.endDate) > from.getTime() && Date.parse(b.startDate) < to.getTime(),
      );
    },
    async revoke() {},
    canWrite: (scopes) => (scopes ?? []).includes(GOOGLE_WRITE_SCOPE),
    async putEvent(accessToken, calendarId, event, remoteId) {
      checkAccess(accessToken);
      if (!accessToken.startsWith(`${ACCESS_PREFIX}${WRITES}`))
        throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      if (!SAMPLE_EVENTS[calendarId]) throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
      const events = standIn.written.get(calendarId) ?? new Map();
      standIn.written.set(calendarId, events);
      const id = remoteId && events.has(remoteId) ? remoteId : googleEventId(event.key);
      const { title, description, url, start, end } = event;
      events.set(id, { title, description, url, start, end });
      return id;
    },
    async deleteEvent(accessToken, calendarId, remoteId) {
      checkAccess(accessToken);
      if (!accessToken.startsWith(`${ACCESS_PREFIX}${WRITES}`))
        throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
      standIn.written.get(calendarId)?.delete(remoteId);
    },
    async watch(accessToken, calendarId, channel) {
      checkAccess(accessToken);
      if (!SAMPLE_EVENTS[calendarId]) throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
      // Google keeps a channel at most a week or so, whatever the ttl asked for.
      const expiresAt = new Date(now().getTime() + Math.min(channel.ttlSeconds, 7 * 24 * 3600) * 1000);
      const resourceId = `sample-resource-${crypto.createHash('sha256').update(calendarId).digest('hex').slice(0, 16)}`;
      const made: LocalChannel = { ...channel, calendarId, resourceId, expiresAt, messages: 0 };
      standIn.channels.set(channel.id, made);
      // Google confirms a new channel at once with a "sync" message.
      void post(made, 'sync');
      return { resourceId, expiresAt };
    },
    async stopWatch(accessToken, channel) {
      checkAccess(accessToken);
      const held = standIn.channels.get(channel.id);
      if (held?.resourceId === channel.resourceId) standIn.channels.delete(channel.id);
    },
  };
}

/** The stand-in behind a Google adapter, when it is the sample account (tests drive it). */
export const localGoogleOf = (sync: CalendarSync | null): LocalGoogle | null =>
  sync && 'standIn' in sync && sync.kind === 'local' && 'addBusy' in (sync as { standIn: object }).standIn
    ? (sync as { standIn: LocalGoogle }).standIn
    : null;
