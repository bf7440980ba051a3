// Microsoft 365 / Outlook over Microsoft Graph, with plain fetch (no SDK: five calls). OAuth 2
// authorization code with offline_access (Microsoft rotates refresh tokens: each refresh returns a new
// one, stored in place of the old), /me/calendars for the potential list, and calendarView for busy
// time. calendarView is chosen over getSchedule because getSchedule answers for a mailbox's default
// calendar only, while a provider links the calendars they choose. `$select` asks for the fields of time
// and free/busy status only: no subject, body, place or attendee is ever requested. (Graph has no
// free/busy-only scope for one's own calendars: Calendars.ReadBasic, the narrowest, excludes bodies
// and attachments, and the portal asks for no more.)
import { claimsOf, retryAfterOf } from './http-answers';
import {
  CalendarSyncError,
  type CalendarEntry,
  type CalendarSync,
  type ExternalBusy,
  MICROSOFT_MESSAGES,
} from './port';

export interface MicrosoftSettings {
  clientId: string;
  clientSecret: string;
  /** `common` (work, school and personal accounts), `organizations`, `consumers` or a tenant id. */
  tenant: string;
}

export interface MicrosoftOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** Where the identity platform and Graph answer (the local stand-in's address, locally). */
  loginUrl?: string;
  graphUrl?: string;
  /** The consent page the provider is sent to (the local stand-in's page of the portal, locally). */
  authorizeUrl?: string;
}

export const MICROSOFT_LOGIN_URL = 'https://login.microsoftonline.com';
export const MICROSOFT_GRAPH_URL = 'https://graph.microsoft.com/v1.0';
/** The account's address, its calendars and their events' times and status: nothing more. */
export const MICROSOFT_SCOPES = ['openid', 'email', 'offline_access', 'Calendars.ReadBasic'];
/** Asked for only when the provider chooses write-back. */
export const MICROSOFT_WRITE_SCOPE = 'Calendars.ReadWrite';
/** Granted scopes may come as `Calendars.ReadWrite` or `https://graph.microsoft.com/Calendars.ReadWrite`. */
const writes = (scopes: string[] | null | undefined) =>
  (scopes ?? []).some((scope) => /(^|\/)calendars\.readwrite(\.shared)?$/i.test(scope));
const scopesOf = (body: Record<string, unknown>): string[] | null =>
  typeof body.scope === 'string' ? body.scope.split(/\s+/).filter(Boolean) : null;
/** Events a calendarView page holds at most (Graph's own limit is 1,000). */
const PAGE_SIZE = 500;
/** Pages read at most for one calendar: far more than a 91-day window holds. */
const MAX_PAGES = 20;
/** Free/busy statuses that leave the time free: "free", and "working elsewhere", which is a place. */
const NOT_BUSY = new Set(['free', 'workingElsewhere']);

type Json = Record<string, unknown>;

/** "2026-12-01T15:00:00.0000000" in UTC (what calendarView answers under Prefer: outlook.timezone="UTC"). */
const utcInstant = (value: unknown): Date | null => {
  if (typeof value !== 'string') return null;
  const instant = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant;
};
const datePart = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

export function createMicrosoftCalendarSync(
  settings: MicrosoftSettings,
  options: MicrosoftOptions = {},
): CalendarSync & { kind: 'microsoft' } {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const loginUrl = `${options.loginUrl ?? MICROSOFT_LOGIN_URL}/${encodeURIComponent(settings.tenant)}/oauth2/v2.0`;
  const graphUrl = options.graphUrl ?? MICROSOFT_GRAPH_URL;
  const messages = MICROSOFT_MESSAGES;

  async function call(url: string, init: RequestInit): Promise<{ status: number; body: Json; response: Response }> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new CalendarSyncError(messages.unavailable, 'unavailable');
    }
    // Throttled (429) or busy (503, 504): Graph says how long to wait in Retry-After.
    if (response.status >= 500 || response.status === 429)
      throw new CalendarSyncError(messages.unavailable, 'unavailable', retryAfterOf(response));
    const body = (await response.json().catch(() => ({}))) as Json;
    return { status: response.status, body, response };
  }

  async function tokenRequest(form: Record<string, string>, write = false): Promise<Json> {
    const { status, body } = await call(`${loginUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        // A refreshed token has the scopes named here: the write scope too once it was granted.
        scope: [...MICROSOFT_SCOPES, ...(write ? [MICROSOFT_WRITE_SCOPE] : [])].join(' '),
        ...form,
      }),
    });
    // invalid_grant: the code was used, the consent withdrawn or the refresh token too old (90 days idle).
    if (status !== 200 || typeof body.access_token !== 'string')
      throw new CalendarSyncError(messages.accessLost, 'access');
    return body;
  }

  const expiry = (body: Json) =>
    new Date(now().getTime() + (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000);

  /** One Graph call; `url` is a path under Graph, or an @odata.nextLink Graph gave. */
  async function graph(accessToken: string, url: string, init: RequestInit = {}): Promise<Json> {
    const { status, body, response } = await call(/^https?:\/\//.test(url) ? url : `${graphUrl}${url}`, {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        // Times in UTC, whatever the mailbox's zone.
        prefer: 'outlook.timezone="UTC"',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const code = String((body.error as Json | undefined)?.code ?? '');
    // InvalidAuthenticationToken: expired (or revoked); a refresh tells which.
    if (status === 401) throw new CalendarSyncError(messages.accessLost, 'expired');
    if (status === 403) throw new CalendarSyncError(messages.accessLost, 'access');
    if (status === 404 || code === 'ErrorItemNotFound') throw new CalendarSyncError(messages.calendarGone, 'access');
    if (status < 200 || status >= 300)
      throw new CalendarSyncError(messages.unavailable, 'unavailable', retryAfterOf(response));
    return body;
  }

  /** A call that writes: 200, 201, 204 and 404 are answers (the caller knows what they mean); the rest as graph(). */
  async function writeCall(
    accessToken: string,
    method: string,
    path: string,
    body?: object,
  ): Promise<{ status: number; body: Json }> {
    const answer = await call(`${graphUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if ([200, 201, 204, 404].includes(answer.status)) return { status: answer.status, body: answer.body };
    if (answer.status === 401) throw new CalendarSyncError(messages.accessLost, 'expired');
    if (answer.status === 403) throw new CalendarSyncError(messages.accessLost, 'access');
    throw new CalendarSyncError(messages.unavailable, 'unavailable', retryAfterOf(answer.response));
  }

  /** Follows @odata.nextLink, but only to Graph itself (never where an answer points elsewhere). */
  const nextLinkOf = (body: Json): string | null => {
    const next = body['@odata.nextLink'];
    return typeof next === 'string' && next.startsWith(`${graphUrl}/`) ? next : null;
  };

  return {
    kind: 'microsoft',
    messages,
    authorizationUrl: ({ state, redirectUri, write }) =>
      `${options.authorizeUrl ?? `${loginUrl}/authorize`}?${new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: [...MICROSOFT_SCOPES, ...(write ? [MICROSOFT_WRITE_SCOPE] : [])].join(' '),
        // Someone signed in to several Microsoft accounts picks the one whose calendars to link.
        prompt: 'select_account',
        state,
      })}`,

    async exchangeCode(code, redirectUri) {
      const body = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const claims = claimsOf(body.id_token);
      const email = [claims.email, claims.preferred_username].find((v) => typeof v === 'string' && v.includes('@'));
      return {
        accessToken: body.access_token as string,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        expiresAt: expiry(body),
        email: (email as string | undefined) ?? null,
        scopes: scopesOf(body),
      };
    },

    async refresh(refreshToken, scopes) {
      const body = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, writes(scopes));
      return {
        accessToken: body.access_token as string,
        expiresAt: expiry(body),
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        scopes: scopesOf(body),
      };
    },

    canWrite: (scopes) => writes(scopes),

    async putEvent(accessToken, calendarId, event, remoteId) {
      const body = {
        subject: event.title,
        body: { contentType: 'text', content: event.description },
        start: { dateTime: event.start.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
        end: { dateTime: event.end.toISOString().replace(/Z$/, ''), timeZone: 'UTC' },
        showAs: 'busy',
      };
      if (remoteId) {
        const patched = await writeCall(accessToken, 'PATCH', `/me/events/${encodeURIComponent(remoteId)}`, body);
        if (patched.status === 200) return remoteId;
        // 404: deleted in Outlook meanwhile; it is made again.
      }
      // transactionId: a retried job's second POST makes no second event.
      const made = await writeCall(accessToken, 'POST', `/me/calendars/${encodeURIComponent(calendarId)}/events`, {
        ...body,
        transactionId: event.key.slice(0, 250),
      });
      if ((made.status === 201 || made.status === 200) && typeof made.body.id === 'string') return made.body.id;
      throw new CalendarSyncError(messages.calendarGone, 'access');
    },

    async deleteEvent(accessToken, _calendarId, remoteId) {
      await writeCall(accessToken, 'DELETE', `/me/events/${encodeURIComponent(remoteId)}`);
    },

    async listCalendars(accessToken) {
      const calendars: CalendarEntry[] = [];
      let url: string | null =
        `/me/calendars?${new URLSearchParams({ $select: 'id,name,isDefaultCalendar', $top: '100' })}`;
      for (let page = 0; url && page < MAX_PAGES; page++) {
        const body = await graph(accessToken, url);
        for (const item of (Array.isArray(body.value) ? body.value : []) as Json[]) {
          if (typeof item.id !== 'string') continue;
          calendars.push({
            id: item.id,
            name: typeof item.name === 'string' && item.name ? item.name : 'Calendar',
            primary: item.isDefaultCalendar === true,
          });
        }
        url = nextLinkOf(body);
      }
      return calendars;
    },

    async busyTimes(accessToken, calendarId, from, to) {
      const busy: ExternalBusy[] = [];
      const query = new URLSearchParams({
        startDateTime: from.toISOString(),
        endDateTime: to.toISOString(),
        $select: 'showAs,isAllDay,isCancelled,start,end',
        $top: String(PAGE_SIZE),
      });
      let url: string | null = `/me/calendars/${encodeURIComponent(calendarId)}/calendarView?${query}`;
      for (let page = 0; url && page < MAX_PAGES; page++) {
        const body = await graph(accessToken, url);
        for (const event of (Array.isArray(body.value) ? body.value : []) as Json[]) {
          if (event.isCancelled === true || NOT_BUSY.has(String(event.showAs))) continue;
          const start = event.start as Json | undefined;
          const end = event.end as Json | undefined;
          // An occurrence of a series has an id of its own: the id is the identity of the block.
          const uid = typeof event.id === 'string' ? event.id : `${calendarId}@${String(start?.dateTime)}`;
          if (event.isAllDay === true) {
            // An all-day event runs midnight to midnight in no zone of ours: its dates, placed in the provider's.
            const startDate = datePart(start?.dateTime);
            const endDate = datePart(end?.dateTime);
            if (startDate && endDate && endDate > startDate) busy.push({ uid, startDate, endDate });
            continue;
          }
          const spanStart = utcInstant(start?.dateTime);
          const spanEnd = utcInstant(end?.dateTime);
          if (spanStart && spanEnd && spanEnd > spanStart) busy.push({ uid, start: spanStart, end: spanEnd });
        }
        url = nextLinkOf(body);
      }
      return busy;
    },

    // Microsoft has no call that withdraws one app's consent for a user: the link is removed on our side
    // (its tokens deleted), and the provider can remove the app at https://myapps.microsoft.com or
    // https://account.live.com/consent/Manage.
    async revoke() {},
  };
}
