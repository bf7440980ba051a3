// Google Calendar over its REST API: OAuth 2 authorization-code flow (offline access, so the sync job
// can refresh), calendarList for the potential list, and freeBusy for busy time. freeBusy is chosen over
// events.list on purpose: it never returns an event's title, guests or notes, and the scopes asked
// for cannot read them either.
import crypto from 'node:crypto';
import {
  CalendarSyncError,
  GOOGLE_MESSAGES,
  type CalendarSync,
  type ExternalBusy,
  type GoogleCalendarEntry,
} from './port';
import { claimsOf, retryAfterOf } from './http-answers';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
}

export interface GoogleOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

const AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const REVOKE_URL = 'https://oauth2.googleapis.com/revoke';
const API_URL = 'https://www.googleapis.com/calendar/v3';
/** The account's address, the list of its calendars, and when each is busy: nothing more. */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.freebusy',
  // Availability too, which is what events.watch (push notifications) accepts short of reading events.
  'https://www.googleapis.com/auth/calendar.events.freebusy',
];
const CHANNELS_URL = 'https://www.googleapis.com/calendar/v3/channels/stop';
/** Asked for only when the provider chooses write-back: the events of calendars the provider owns. */
export const GOOGLE_WRITE_SCOPE = 'https://www.googleapis.com/auth/calendar.events.owned';
/** Scopes that let the portal write events (the broader ones, granted to another app of the project, too). */
const WRITE_SCOPES = new Set([
  GOOGLE_WRITE_SCOPE,
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar',
]);

/** The space-separated `scope` of a token answer. */
export const scopesOf = (body: Record<string, unknown>): string[] | null =>
  typeof body.scope === 'string' ? body.scope.split(/\s+/).filter(Boolean) : null;

/** An event id Google takes (base32hex, 5 to 1024 characters), the same for the same consultation. */
export const googleEventId = (key: string, salt = '') =>
  `mp${crypto.createHash('sha256').update(`${key}${salt}`).digest('hex')}`;
/** freeBusy answers for bounded ranges; 30 days a question stays well inside them. */
const FREE_BUSY_CHUNK_MS = 30 * 24 * 3_600_000;

type Json = Record<string, unknown>;

/** The reasons of Google's 403s that mean "slow down". */
const RATE_LIMITED = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);
const firstReason = (body: Json) =>
  ((body.error as Json | undefined)?.errors as Json[] | undefined)?.[0]?.reason ?? null;

export function createGoogleCalendarSync(settings: GoogleSettings, options: GoogleOptions = {}): CalendarSync {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  /** One call; the body is read as JSON. Network trouble and 5xx are "unavailable", never the response text. */
  async function call(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: Json; retryAfter: number | null }> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable');
    }
    if (response.status >= 500 || response.status === 429)
      throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable', retryAfterOf(response));
    const body = (await response.json().catch(() => ({}))) as Json;
    return { status: response.status, body, retryAfter: retryAfterOf(response) };
  }

  async function tokenRequest(form: Record<string, string>): Promise<Json> {
    const { status, body } = await call(TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ client_id: settings.clientId, client_secret: settings.clientSecret, ...form }),
    });
    // invalid_grant: the code was used or the consent withdrawn; the provider has to link again.
    if (status !== 200 || typeof body.access_token !== 'string')
      throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
    return body;
  }

  const expiry = (body: Json) =>
    new Date(now().getTime() + (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000);

  async function api(accessToken: string, path: string, init: RequestInit = {}): Promise<Json> {
    const { status, body, retryAfter } = await call(`${API_URL}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    // 401: the token is not taken (expired early, or revoked): refreshing tells which.
    if (status === 401) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'expired');
    // Google answers its usage limits with a 403 too: those are a wait, not a lost access.
    if (status === 403 && RATE_LIMITED.has(String(firstReason(body))))
      throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable', retryAfter);
    if (status === 403) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
    if (status === 404) throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
    if (status !== 200) throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable');
    return body;
  }

  /**
   * A call that writes events: answers 200, 204, 404, 409 or 410 as they are (the caller knows what they
   * mean there); refusals and trouble as the other calls.
   */
  async function write(accessToken: string, method: string, path: string, body?: object): Promise<number> {
    const answer = await call(`${API_URL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if ([200, 204, 404, 409, 410].includes(answer.status)) return answer.status;
    if (answer.status === 401) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'expired');
    if (answer.status === 403 && RATE_LIMITED.has(String(firstReason(answer.body))))
      throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable', answer.retryAfter);
    if (answer.status === 403) throw new CalendarSyncError(GOOGLE_MESSAGES.accessLost, 'access');
    throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable');
  }

  return {
    kind: 'google',
    messages: GOOGLE_MESSAGES,
    authorizationUrl: ({ state, redirectUri, write }) =>
      `${AUTHORIZE_URL}?${new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: [...GOOGLE_SCOPES, ...(write ? [GOOGLE_WRITE_SCOPE] : [])].join(' '),
        // A refresh token, so busy time keeps syncing while the provider is away.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      })}`,

    async exchangeCode(code, redirectUri) {
      const body = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const { email } = claimsOf(body.id_token);
      return {
        accessToken: body.access_token as string,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        expiresAt: expiry(body),
        email: typeof email === 'string' ? email : null,
        scopes: scopesOf(body),
      };
    },

    async refresh(refreshToken) {
      const body = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
      return { accessToken: body.access_token as string, expiresAt: expiry(body), scopes: scopesOf(body) };
    },

    async listCalendars(accessToken) {
      const calendars: GoogleCalendarEntry[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({
          minAccessRole: 'freeBusyReader',
          maxResults: '250',
          ...(pageToken ? { pageToken } : {}),
        });
        const body = await api(accessToken, `/users/me/calendarList?${query}`);
        for (const item of (Array.isArray(body.items) ? body.items : []) as Json[]) {
          if (typeof item.id !== 'string') continue;
          const name =
            typeof item.summaryOverride === 'string'
              ? item.summaryOverride
              : typeof item.summary === 'string'
                ? item.summary
                : item.id;
          calendars.push({ id: item.id, name, primary: item.primary === true });
        }
        pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : undefined;
      } while (pageToken);
      return calendars;
    },

    async busyTimes(accessToken, calendarId, from, to) {
      const busy: ExternalBusy[] = [];
      for (let start = from.getTime(); start < to.getTime(); start += FREE_BUSY_CHUNK_MS) {
        const end = Math.min(start + FREE_BUSY_CHUNK_MS, to.getTime());
        const body = await api(accessToken, '/freeBusy', {
          method: 'POST',
          body: JSON.stringify({
            timeMin: new Date(start).toISOString(),
            timeMax: new Date(end).toISOString(),
            items: [{ id: calendarId }],
          }),
        });
        const entry = ((body.calendars ?? {}) as Record<string, Json>)[calendarId];
        const errors = Array.isArray(entry?.errors) ? (entry.errors as Json[]) : [];
        if (!entry || errors.some((e) => e.reason === 'notFound'))
          throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
        if (errors.length) throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable');
        for (const span of (Array.isArray(entry.busy) ? entry.busy : []) as Json[]) {
          const spanStart = new Date(String(span.start));
          const spanEnd = new Date(String(span.end));
          if (Number.isNaN(spanStart.getTime()) || Number.isNaN(spanEnd.getTime()) || spanEnd <= spanStart) continue;
          // freeBusy names no event: the span itself is the identity of the block.
          busy.push({ uid: `${calendarId}@${spanStart.toISOString()}`, start: spanStart, end: spanEnd });
        }
      }
      return busy;
    },

    async watch(accessToken, calendarId, channel) {
      const body = await api(accessToken, `/calendars/${encodeURIComponent(calendarId)}/events/watch`, {
        method: 'POST',
        body: JSON.stringify({
          id: channel.id,
          type: 'web_hook',
          address: channel.address,
          token: channel.token,
          params: { ttl: String(channel.ttlSeconds) },
        }),
      });
      const expiration = Number(body.expiration);
      if (typeof body.resourceId !== 'string' || !Number.isFinite(expiration))
        throw new CalendarSyncError(GOOGLE_MESSAGES.unavailable, 'unavailable');
      return { resourceId: body.resourceId, expiresAt: new Date(expiration) };
    },

    async stopWatch(accessToken, channel) {
      try {
        await fetchImpl(CHANNELS_URL, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id: channel.id, resourceId: channel.resourceId }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        // Not stopped: it ends at its expiration, and its notifications find no channel here.
      }
    },

    canWrite: (scopes) => (scopes ?? []).some((scope) => WRITE_SCOPES.has(scope)),

    async putEvent(accessToken, calendarId, event, remoteId) {
      const events = `/calendars/${encodeURIComponent(calendarId)}/events`;
      const body = {
        summary: event.title,
        description: event.description,
        start: { dateTime: event.start.toISOString() },
        end: { dateTime: event.end.toISOString() },
        source: { title: 'Phone consultation', url: event.url },
        transparency: 'opaque',
        // Confirmed: an event deleted in Google (cancelled) comes back when written again.
        status: 'confirmed',
      };
      const put = (id: string) =>
        write(accessToken, 'PUT', `${events}/${encodeURIComponent(id)}`, body).then((status) => status === 200);
      if (remoteId && (await put(remoteId))) return remoteId;
      // A new event, with an id of ours: a retried job finds it there (409) and updates it instead.
      const id = remoteId ? googleEventId(event.key, `-${Date.now()}`) : googleEventId(event.key);
      const status = await write(accessToken, 'POST', events, { ...body, id });
      if (status === 200 || (status === 409 && (await put(id)))) return id;
      throw new CalendarSyncError(GOOGLE_MESSAGES.calendarGone, 'access');
    },

    async deleteEvent(accessToken, calendarId, remoteId) {
      await write(
        accessToken,
        'DELETE',
        `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(remoteId)}`,
      );
    },

    async revoke(token) {
      try {
        await fetchImpl(REVOKE_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        // The link is removed on our side either way; the provider can also withdraw access at Google.
      }
    },
  };
}
