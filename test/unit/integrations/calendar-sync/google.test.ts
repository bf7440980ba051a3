// The Google Calendar adapter against a fake fetch: the consent address (offline access, the narrow
// scopes, the state), the code exchange, the calendar list, busy time from freeBusy only, and Google's
// refusals turned into our CalendarSyncError.
import assert from 'node:assert/strict';
import { createGoogleCalendarSync, GOOGLE_SCOPES } from '../../../../server/integrations/calendar-sync/google';
import { CalendarSyncError, GOOGLE_MESSAGES } from '../../../../server/integrations/calendar-sync/port';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

function fakeGoogle(answers: ((call: Call) => { status: number; body: unknown; headers?: Record<string, string> })[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    const call = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: String(init.body ?? ''),
    };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer queued');
    const { status, body, headers = {} } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof globalThis.fetch;
  return {
    calls,
    google: createGoogleCalendarSync(
      { clientId: 'client-1', clientSecret: 'secret-1' },
      { fetch, now: () => new Date('2026-03-01T12:00:00Z') },
    ),
  };
}

const idToken = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('external calendars: the Google Calendar adapter', () => {
  it('sends the provider to consent with offline access, the calendar-list and free/busy scopes only, and the state', () => {
    const { google } = fakeGoogle([]);
    const url = new URL(
      google.authorizationUrl({
        state: 'state-123',
        redirectUri: 'https://portal.example.com/calendar/connections/google/callback',
      }),
    );
    assert.equal(url.origin + url.pathname, 'https://accounts.google.com/o/oauth2/v2/auth');
    assert.equal(url.searchParams.get('state'), 'state-123');
    assert.equal(url.searchParams.get('access_type'), 'offline');
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.deepEqual(url.searchParams.get('scope')!.split(' '), GOOGLE_SCOPES);
    assert.ok(
      !GOOGLE_SCOPES.some((s) => /calendar(\.readonly|\.events)?$/.test(s)),
      'no scope that reads event details',
    );
  });

  it('exchanges the code for tokens and reads the address from the ID token; a refused code is an access error', async () => {
    const { google, calls } = fakeGoogle([
      () => ({
        status: 200,
        body: {
          access_token: 'at-1',
          refresh_token: 'rt-1',
          expires_in: 3599,
          scope: 'openid email https://www.googleapis.com/auth/calendar.freebusy',
          id_token: idToken({ email: 'dana@example.com' }),
        },
      }),
      () => ({ status: 400, body: { error: 'invalid_grant' } }),
    ]);
    const tokens = await google.exchangeCode('code-1', 'https://portal.example.com/cb');
    assert.deepEqual(tokens, {
      accessToken: 'at-1',
      scopes: ['openid', 'email', 'https://www.googleapis.com/auth/calendar.freebusy'],
      refreshToken: 'rt-1',
      expiresAt: new Date('2026-03-01T12:59:59Z'),
      email: 'dana@example.com',
    });
    const form = new URLSearchParams(calls[0]!.body);
    assert.deepEqual(
      [form.get('grant_type'), form.get('code'), form.get('client_secret'), form.get('redirect_uri')],
      ['authorization_code', 'code-1', 'secret-1', 'https://portal.example.com/cb'],
    );
    await assert.rejects(
      google.exchangeCode('used', 'https://portal.example.com/cb'),
      (e: unknown) => e instanceof CalendarSyncError && e.reason === 'access',
    );
  });

  it('lists calendars across pages and reads busy spans from freeBusy in 30-day questions', async () => {
    const { google, calls } = fakeGoogle([
      () => ({
        status: 200,
        body: { items: [{ id: 'primary@example.com', summary: 'Dana', primary: true }], nextPageToken: 'p2' },
      }),
      () => ({
        status: 200,
        body: { items: [{ id: 'team@group.example.com', summary: 'Team', summaryOverride: 'Clinic team' }] },
      }),
      ...[0, 1, 2, 3].map((i) => (call: Call) => {
        const { timeMin, items } = JSON.parse(call.body);
        const busy = i === 0 ? [{ start: '2026-03-05T14:00:00Z', end: '2026-03-05T15:00:00Z' }] : [];
        return { status: 200, body: { calendars: { [items[0].id]: { busy } }, timeMin } };
      }),
    ]);
    assert.deepEqual(await google.listCalendars('at-1'), [
      { id: 'primary@example.com', name: 'Dana', primary: true },
      { id: 'team@group.example.com', name: 'Clinic team', primary: false },
    ]);
    assert.equal(calls[0]!.headers.authorization, 'Bearer at-1');
    assert.match(calls[1]!.url, /pageToken=p2/);
    const busy = await google.busyTimes(
      'at-1',
      'primary@example.com',
      new Date('2026-02-28T12:00:00Z'),
      new Date('2026-05-30T12:00:00Z'),
    );
    assert.deepEqual(busy, [
      {
        uid: 'primary@example.com@2026-03-05T14:00:00.000Z',
        start: new Date('2026-03-05T14:00:00Z'),
        end: new Date('2026-03-05T15:00:00Z'),
      },
    ]);
    assert.equal(calls.filter((c) => c.url.endsWith('/freeBusy')).length, 4);
  });

  it('a withdrawn access, a calendar gone and Google down are told apart', async () => {
    const { google } = fakeGoogle([
      () => ({ status: 401, body: {} }),
      () => ({ status: 200, body: { calendars: { gone: { errors: [{ domain: 'global', reason: 'notFound' }] } } } }),
      () => ({ status: 503, body: {} }),
    ]);
    await assert.rejects(google.listCalendars('expired'), { message: GOOGLE_MESSAGES.accessLost });
    await assert.rejects(google.busyTimes('at', 'gone', new Date('2026-03-01'), new Date('2026-03-02')), {
      message: GOOGLE_MESSAGES.calendarGone,
    });
    await assert.rejects(
      google.listCalendars('at'),
      (e: unknown) => e instanceof CalendarSyncError && e.reason === 'unavailable',
    );
  });

  it('a 401 is an expired token (refreshed by the caller), usage limits (429, 403 rateLimitExceeded) are a wait with Retry-After', async () => {
    const { google } = fakeGoogle([
      () => ({ status: 401, body: { error: { code: 401, message: 'Invalid Credentials' } } }),
      () => ({ status: 429, body: {}, headers: { 'retry-after': '30' } }),
      () => ({
        status: 403,
        body: { error: { code: 403, errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }] } },
      }),
      () => ({ status: 403, body: { error: { code: 403, errors: [{ domain: 'global', reason: 'forbidden' }] } } }),
    ]);
    const reasonOf = async (call: Promise<unknown>) =>
      call.then(
        () => null,
        (e: CalendarSyncError) => [e.reason, e.retryAfterSeconds],
      );
    assert.deepEqual(await reasonOf(google.listCalendars('at')), ['expired', null]);
    assert.deepEqual(await reasonOf(google.listCalendars('at')), ['unavailable', 30]);
    assert.deepEqual(await reasonOf(google.listCalendars('at')), ['unavailable', null]);
    assert.deepEqual(await reasonOf(google.listCalendars('at')), ['access', null]);
  });
});
