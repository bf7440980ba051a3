// A stand-in for Microsoft's identity platform and Microsoft Graph on this machine, so linking an Outlook
// calendar can be tried (and tested) without Microsoft: the real adapter (microsoft.ts) talks to it over
// HTTP as it talks to Microsoft. It answers as Graph documents it: the token endpoint's JSON and its
// invalid_grant, /me/calendars, calendarView with $select, $top and @odata.nextLink paging, 401
// InvalidAuthenticationToken for an expired token, 429 TooManyRequests with Retry-After, 404
// ErrorItemNotFound. One sample account with two calendars; state in memory, on 127.0.0.1 only, started
// at first use. The consent screen is a page of the portal (the calendar-sync feature), as for Google.
import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMicrosoftCalendarSync } from './microsoft';
import { type CalendarSync, MICROSOFT_MESSAGES } from './port';

/** The portal page that stands in for Microsoft's sign-in and consent (served by the calendar-sync feature). */
export const LOCAL_MICROSOFT_CONSENT_PATH = '/calendar/connections/microsoft/sample-consent';
/** The code that page hands to the callback when the provider accepts. */
export const LOCAL_MICROSOFT_CONSENT_CODE = 'sample-microsoft-consent-granted';
/** The code of a consent that also lets the portal write events (write-back). */
export const LOCAL_MICROSOFT_WRITE_CONSENT_CODE = 'sample-microsoft-consent-granted-write';
export const LOCAL_MICROSOFT_EMAIL = 'sample.outlook@example.com';
const CLIENT_ID = 'local-microsoft-client';
const CLIENT_SECRET = 'local-microsoft-secret';
const ACCESS_SECONDS = 3600;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface LocalGraphEvent {
  id: string;
  subject: string;
  /** The body's text (events the portal wrote). */
  body?: string;
  transactionId?: string;
  showAs: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere' | 'unknown';
  isCancelled: boolean;
  isAllDay: boolean;
  start: Date;
  end: Date;
}

interface GraphEventBody {
  subject?: string;
  body?: { contentType: string; content: string };
  start?: { dateTime: string; timeZone: string };
  end?: { dateTime: string; timeZone: string };
  showAs?: LocalGraphEvent['showAs'];
  transactionId?: string;
}

export interface LocalGraphCalendar {
  id: string;
  name: string;
  isDefaultCalendar: boolean;
  events: LocalGraphEvent[];
}

/** What a test (or /dev) can do to the stand-in, beyond what Graph lets a client do. */
export interface LocalGraph {
  url(): Promise<string>;
  calendars: LocalGraphCalendar[];
  /** Every access token issued so far stops being taken (401 InvalidAuthenticationToken). */
  expireAccessTokens(): void;
  /** The consent is withdrawn: refresh tokens are refused (invalid_grant) and access tokens too. */
  revokeConsent(): void;
  /** The next `count` Graph calls answer 429 with Retry-After. */
  throttle(count: number, retryAfterSeconds: number): void;
  /** The requests Graph received (method and path with query), oldest first. */
  requests: { method: string; url: string }[];
  /** Back to the sample account as first made (tokens, calendars, events). */
  reset(): void;
  close(): Promise<void>;
}

/** Graph's form of a time in UTC: 2026-12-01T15:00:00.0000000 (no zone: it is in `timeZone`). */
const utcText = (instant: Date) => instant.toISOString().replace(/\.(\d{3})Z$/, '.$10000');

/** The sample calendars, with events placed from today (UTC): some busy, one free, one cancelled, one all day. */
function sampleCalendars(now: Date): LocalGraphCalendar[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (day: number, hour: number) => new Date(today + day * DAY_MS + hour * HOUR_MS);
  const event = (id: string, subject: string, start: Date, minutes: number, extra: Partial<LocalGraphEvent> = {}) => ({
    id,
    subject,
    showAs: 'busy' as const,
    isCancelled: false,
    isAllDay: false,
    start,
    end: new Date(start.getTime() + minutes * 60_000),
    ...extra,
  });
  return [
    {
      id: 'AAMkAGSampleCalendarOutlook=',
      name: 'Calendar',
      isDefaultCalendar: true,
      events: [
        event('AAMkAGEvent1=', 'Supervision with Dr. Lee', at(1, 15), 60),
        event('AAMkAGEvent2=', 'Dentist', at(2, 13), 45, { showAs: 'oof' }),
        event('AAMkAGEvent3=', 'Maybe: team lunch', at(3, 17), 60, { showAs: 'tentative' }),
        event('AAMkAGEvent4=', 'Focus time (shown as free)', at(3, 19), 60, { showAs: 'free' }),
        event('AAMkAGEvent5=', 'Cancelled meeting', at(4, 15), 30, { isCancelled: true }),
        event('AAMkAGEvent6=', 'Conference', at(5, 0), 24 * 60, { isAllDay: true }),
      ],
    },
    {
      id: 'AAMkAGSampleCalendarFamily=',
      name: 'Family',
      isDefaultCalendar: false,
      events: [event('AAMkAGEvent7=', "Kid's recital", at(2, 22), 90)],
    },
  ];
}

export function createLocalGraph(options: { now?: () => Date } = {}): LocalGraph {
  const now = options.now ?? (() => new Date());
  /** Access tokens: when each ends, and whether it may write (Calendars.ReadWrite). */
  const accessTokens = new Map<string, { expires: number; write: boolean }>();
  /** Refresh tokens: whether their grant includes writing. */
  const refreshTokens = new Map<string, boolean>();
  let throttled = { count: 0, retryAfter: 0 };
  let server: http.Server | null = null;
  let started: Promise<string> | null = null;

  const graphError = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
    json(res, status, { error: { code, message, innerError: { date: now().toISOString() } } }, headers);
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(status === 204 ? undefined : JSON.stringify(body));
  };
  const token = (prefix: string) => `${prefix}${crypto.randomBytes(24).toString('base64url')}`;
  const idToken = () =>
    [
      { typ: 'JWT', alg: 'none' },
      {
        aud: CLIENT_ID,
        iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
        email: LOCAL_MICROSOFT_EMAIL,
        preferred_username: LOCAL_MICROSOFT_EMAIL,
        name: 'Sample Provider',
        oid: '00000000-0000-0000-0000-000000000001',
      },
    ]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.')
      .concat('.');

  const state: LocalGraph = {
    calendars: sampleCalendars(now()),
    requests: [],
    async url() {
      started ??= new Promise<string>((resolve, reject) => {
        server = http.createServer((req, res) => {
          void handle(req, res).catch(() => graphError(res, 500, 'generalException', 'General exception.'));
        });
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
          server!.unref();
          resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`);
        });
      });
      return started;
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expires = 0;
    },
    revokeConsent() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    throttle(count, retryAfterSeconds) {
      throttled = { count, retryAfter: retryAfterSeconds };
    },
    reset() {
      accessTokens.clear();
      refreshTokens.clear();
      throttled = { count: 0, retryAfter: 0 };
      state.calendars = sampleCalendars(now());
      state.requests = [];
    },
    async close() {
      const running = server;
      server = null;
      started = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function issue(res: ServerResponse, write: boolean) {
    const access = token('EwB-local-access.');
    const refresh = token('M.C-local-refresh.');
    accessTokens.set(access, { expires: now().getTime() + ACCESS_SECONDS * 1000, write });
    refreshTokens.set(refresh, write);
    json(res, 200, {
      token_type: 'Bearer',
      scope: `openid email offline_access Calendars.ReadBasic${write ? ' Calendars.ReadWrite' : ''}`,
      expires_in: ACCESS_SECONDS,
      ext_expires_in: ACCESS_SECONDS,
      access_token: access,
      refresh_token: refresh,
      id_token: idToken(),
    });
  }

  const invalidGrant = (res: ServerResponse, description: string) =>
    json(res, 400, {
      error: 'invalid_grant',
      error_description: description,
      error_codes: [70000],
      timestamp: now().toISOString(),
      trace_id: crypto.randomUUID(),
      correlation_id: crypto.randomUUID(),
    });

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET)
      return json(res, 401, {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
        error_codes: [7000215],
      });
    const grant = form.get('grant_type');
    const asksWrite = /(^|\s|\/)Calendars\.ReadWrite(\s|$)/.test(form.get('scope') ?? '');
    if (grant === 'authorization_code') {
      const code = form.get('code');
      if (code !== LOCAL_MICROSOFT_CONSENT_CODE && code !== LOCAL_MICROSOFT_WRITE_CONSENT_CODE)
        return invalidGrant(res, 'AADSTS70000: The provided authorization code is invalid or has expired.');
      return issue(res, code === LOCAL_MICROSOFT_WRITE_CONSENT_CODE);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const granted = refreshTokens.get(refresh);
      if (granted === undefined)
        return invalidGrant(
          res,
          'AADSTS70000: The provided grant has expired due to it being revoked, a fresh auth token is needed.',
        );
      if (asksWrite && !granted)
        return invalidGrant(res, 'AADSTS65001: The user or administrator has not consented to use the application.');
      return issue(res, granted && asksWrite);
    }
    return json(res, 400, { error: 'unsupported_grant_type', error_codes: [70003] });
  }

  /** The fields a $select names (id always), else the whole event. */
  function selected(event: LocalGraphEvent, select: string | null): Record<string, unknown> {
    const full: Record<string, unknown> = {
      id: event.id,
      subject: event.subject,
      showAs: event.showAs,
      isCancelled: event.isCancelled,
      isAllDay: event.isAllDay,
      start: { dateTime: utcText(event.start), timeZone: 'UTC' },
      end: { dateTime: utcText(event.end), timeZone: 'UTC' },
    };
    if (!select) return full;
    const fields = new Set(['id', ...select.split(',').map((f) => f.trim())]);
    return Object.fromEntries(Object.entries(full).filter(([key]) => fields.has(key)));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const base = await state.url();
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(url.pathname)) return tokenEndpoint(req, res);
    if (!url.pathname.startsWith('/v1.0/')) return graphError(res, 404, 'BadRequest', 'Resource not found.');
    state.requests.push({ method: req.method ?? 'GET', url: `${url.pathname}${url.search}` });
    if (throttled.count > 0) {
      throttled.count--;
      return graphError(res, 429, 'TooManyRequests', 'Too many requests.', {
        'retry-after': String(throttled.retryAfter),
      });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (access === undefined)
      return graphError(res, 401, 'InvalidAuthenticationToken', 'IDX14100: JWT is not well formed.');
    if (access.expires <= now().getTime())
      return graphError(res, 401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    if (req.method !== 'GET' && !access.write)
      return graphError(res, 403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');

    const path = url.pathname.slice('/v1.0'.length);
    if (req.method === 'GET' && path === '/me/calendars') {
      return json(res, 200, {
        '@odata.context': `${base}/v1.0/$metadata#users('me')/calendars`,
        value: state.calendars.map((c) => ({ id: c.id, name: c.name, isDefaultCalendar: c.isDefaultCalendar })),
      });
    }
    const view = /^\/me\/calendars\/([^/]+)\/calendarView$/.exec(path);
    if (req.method === 'GET' && view) {
      const calendar = state.calendars.find((c) => c.id === decodeURIComponent(view[1]!));
      if (!calendar)
        return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const start = Date.parse(url.searchParams.get('startDateTime') ?? '');
      const end = Date.parse(url.searchParams.get('endDateTime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end))
        return graphError(
          res,
          400,
          'ErrorInvalidParameter',
          'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
        );
      const top = Math.min(1000, Number(url.searchParams.get('$top') ?? 10) || 10);
      const skip = Number(url.searchParams.get('$skip') ?? 0) || 0;
      const inWindow = calendar.events
        .filter((e) => e.end.getTime() > start && e.start.getTime() < end)
        .sort((a, b) => a.start.getTime() - b.start.getTime());
      const page = inWindow.slice(skip, skip + top);
      const next = new URL(url);
      next.searchParams.set('$skip', String(skip + top));
      return json(res, 200, {
        '@odata.context': `${base}/v1.0/$metadata#Collection(event)`,
        value: page.map((e) => selected(e, url.searchParams.get('$select'))),
        ...(skip + top < inWindow.length ? { '@odata.nextLink': `${base}${next.pathname}${next.search}` } : {}),
      });
    }
    const create = /^\/me\/calendars\/([^/]+)\/events$/.exec(path);
    if (req.method === 'POST' && create) {
      const calendar = state.calendars.find((c) => c.id === decodeURIComponent(create[1]!));
      if (!calendar)
        return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const body = JSON.parse(await readText(req)) as GraphEventBody;
      // The same transactionId makes no second event (Graph's idempotent create).
      const again = body.transactionId && calendar.events.find((e) => e.transactionId === body.transactionId);
      if (again) return json(res, 201, selected(again, null));
      const event = eventOf(`AAMkAGWritten${crypto.randomBytes(6).toString('hex')}=`, body);
      calendar.events.push(event);
      return json(res, 201, selected(event, null));
    }
    const one = /^\/me\/events\/([^/]+)$/.exec(path);
    if (one && (req.method === 'PATCH' || req.method === 'DELETE')) {
      const id = decodeURIComponent(one[1]!);
      const calendar = state.calendars.find((c) => c.events.some((e) => e.id === id));
      if (!calendar)
        return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      if (req.method === 'DELETE') {
        calendar.events = calendar.events.filter((e) => e.id !== id);
        return json(res, 204, null);
      }
      const index = calendar.events.findIndex((e) => e.id === id);
      const updated = {
        ...eventOf(id, JSON.parse(await readText(req)) as GraphEventBody),
        transactionId: calendar.events[index]!.transactionId,
      };
      calendar.events[index] = updated;
      return json(res, 200, selected(updated, null));
    }
    return graphError(res, 400, 'BadRequest', `Unsupported request: ${req.method} ${path}`);
  }

  async function readText(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8') || '{}';
  }

  /** An event from a create or update body (times in the zone named, UTC for ours). */
  function eventOf(id: string, body: GraphEventBody): LocalGraphEvent {
    const instant = (t: { dateTime: string; timeZone: string } | undefined) =>
      new Date(t ? `${t.dateTime.replace(/Z$/, '')}${t.timeZone === 'UTC' ? 'Z' : ''}` : Number.NaN);
    return {
      id,
      subject: body.subject ?? '',
      body: body.body?.content ?? '',
      showAs: body.showAs ?? 'busy',
      isCancelled: false,
      isAllDay: false,
      start: instant(body.start),
      end: instant(body.end),
      ...(body.transactionId ? { transactionId: body.transactionId } : {}),
    };
  }

  return state;
}

/** A stand-in's adapter: the real Graph adapter pointed at the stand-in, with a consent page of the portal. */
export function createLocalMicrosoftCalendarSync(graph: LocalGraph = createLocalGraph()): CalendarSync & {
  standIn: LocalGraph;
} {
  let adapter: Promise<CalendarSync> | null = null;
  const real = () =>
    (adapter ??= graph
      .url()
      .then((url) =>
        createMicrosoftCalendarSync(
          { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tenant: 'common' },
          { loginUrl: url, graphUrl: `${url}/v1.0` },
        ),
      ));
  return {
    kind: 'local',
    messages: MICROSOFT_MESSAGES,
    standIn: graph,
    authorizationUrl: ({ state, write }) =>
      `${LOCAL_MICROSOFT_CONSENT_PATH}?${new URLSearchParams({ state, ...(write ? { write: '1' } : {}) })}`,
    exchangeCode: async (code, redirectUri) => (await real()).exchangeCode(code, redirectUri),
    refresh: async (refreshToken, scopes) => (await real()).refresh(refreshToken, scopes),
    canWrite: (scopes) =>
      createMicrosoftCalendarSync({ clientId: '', clientSecret: '', tenant: 'common' }).canWrite(scopes),
    putEvent: async (accessToken, calendarId, event, remoteId) =>
      (await real()).putEvent!(accessToken, calendarId, event, remoteId),
    deleteEvent: async (accessToken, calendarId, remoteId) =>
      (await real()).deleteEvent!(accessToken, calendarId, remoteId),
    listCalendars: async (accessToken) => (await real()).listCalendars(accessToken),
    busyTimes: async (accessToken, calendarId, from, to) => (await real()).busyTimes(accessToken, calendarId, from, to),
    revoke: async () => {},
  };
}

/** The stand-in behind a Microsoft adapter, when it is the local one (tests drive it). */
export const localGraphOf = (sync: CalendarSync | null): LocalGraph | null =>
  sync && 'standIn' in sync ? (sync as { standIn: LocalGraph }).standIn : null;
