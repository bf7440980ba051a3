// A CalDAV server on this machine (127.0.0.1, a free port, started at first use), so connecting an
// iCloud, Fastmail or Nextcloud calendar can be tried (and tested) offline: the real client (caldav.ts)
// talks to it over HTTP. It speaks enough of RFC 4918 and RFC 4791 for that: Basic authentication,
// /.well-known/caldav redirecting to the server's root, PROPFIND of current-user-principal,
// calendar-home-set and the calendars (displayname, resourcetype, supported-calendar-component-set),
// a calendar-query REPORT with a time-range filter that honours partial retrieval of VEVENT properties,
// and PUT and DELETE of calendar objects. One sample account with two event calendars and a reminders
// list; state in memory.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeXml, findAll, findFirst, parseXml } from './xml';

export const LOCAL_CALDAV_USERNAME = 'sample.provider@icloud.example.com';
export const LOCAL_CALDAV_PASSWORD = 'abcd-efgh-ijkl-mnop';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface LocalCaldavCalendar {
  /** The collection's last path segment. */
  slug: string;
  name: string;
  components: string[];
  /** Objects by file name (`<uid>.ics`): iCalendar text. */
  objects: Map<string, string>;
}

export interface LocalCaldav {
  /** The address to type in the form (the server's root; discovery finds the rest). */
  url(): Promise<string>;
  username: string;
  password: string;
  calendars: LocalCaldavCalendar[];
  /** The requests received (method, path, the body of REPORTs), oldest first. */
  requests: { method: string; path: string; body: string }[];
  /** The next `count` requests answer 503 with Retry-After. */
  unavailable(count: number, retryAfterSeconds: number): void;
  /** A new app password: the old one is refused from now on. */
  changePassword(password: string): void;
  reset(): void;
  close(): Promise<void>;
}

const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (instant: Date) => instant.toISOString().slice(0, 10).replace(/-/g, '');

/** One VEVENT object, with the title, place and notes a real calendar holds (the client must not ask for them). */
function eventObject(uid: string, start: Date, end: Date, extra: string[] = [], allDay = false): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Local CalDAV stand-in//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    allDay ? `DTSTART;VALUE=DATE:${day(start)}` : `DTSTART:${stamp(start)}`,
    allDay ? `DTEND;VALUE=DATE:${day(end)}` : `DTEND:${stamp(end)}`,
    `SUMMARY:Private: ${uid}`,
    'LOCATION:12 Sample Street',
    'DESCRIPTION:Notes nobody else should read',
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}

function sampleCalendars(now: Date): LocalCaldavCalendar[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (d: number, hour: number) => new Date(today + d * DAY_MS + hour * HOUR_MS);
  const plus = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const objects = (...items: [string, string][]) => new Map(items.map(([uid, text]) => [`${uid}.ics`, text]));
  return [
    {
      slug: 'home',
      name: 'Home',
      components: ['VEVENT'],
      objects: objects(
        ['caldav-busy-1', eventObject('caldav-busy-1', at(1, 16), plus(at(1, 16), 60))],
        // Every week at the same time, three times.
        ['caldav-weekly', eventObject('caldav-weekly', at(2, 14), plus(at(2, 14), 30), ['RRULE:FREQ=WEEKLY;COUNT=3'])],
        ['caldav-free', eventObject('caldav-free', at(3, 15), plus(at(3, 15), 60), ['TRANSP:TRANSPARENT'])],
        ['caldav-cancelled', eventObject('caldav-cancelled', at(3, 18), plus(at(3, 18), 60), ['STATUS:CANCELLED'])],
        ['caldav-all-day', eventObject('caldav-all-day', at(5, 0), at(6, 0), [], true)],
        // Long past: outside any window asked for.
        ['caldav-old', eventObject('caldav-old', at(-200, 10), plus(at(-200, 10), 60))],
      ),
    },
    {
      slug: 'work',
      name: 'Work',
      components: ['VEVENT', 'VTODO'],
      objects: objects(['caldav-work-1', eventObject('caldav-work-1', at(2, 19), plus(at(2, 19), 45))]),
    },
    { slug: 'reminders', name: 'Reminders', components: ['VTODO'], objects: new Map() },
  ];
}

/** The first instant of an object's VEVENT and its end (or the last of a series), roughly: enough for a time-range filter. */
function spanOf(text: string): { start: number; end: number } | null {
  const read = (name: string) => {
    const line = new RegExp(`^${name}(;[^:]*)?:(\\d{8})(T(\\d{6})Z?)?`, 'm').exec(text);
    if (!line) return null;
    const [date, time] = [line[2]!, line[4] ?? '000000'];
    return Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8), +time.slice(0, 2), +time.slice(2, 4));
  };
  const start = read('DTSTART');
  if (start === null) return null;
  // A series may repeat past its first end: say it runs a year (the client expands it and cuts it to the window).
  const end = /^RRULE:/m.test(text) ? start + 366 * DAY_MS : (read('DTEND') ?? start + HOUR_MS);
  return { start, end };
}

/** Keeps only the VEVENT properties a calendar-query asked for (RFC 4791 partial retrieval); folded lines go with theirs. */
function partial(text: string, wanted: Set<string> | null): string {
  if (!wanted) return text;
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  let inEvent = false;
  return lines
    .filter((line) => {
      if (line === 'BEGIN:VEVENT') return (inEvent = true);
      if (line === 'END:VEVENT') return !(inEvent = false);
      if (!inEvent) return true;
      return wanted.has(/^[A-Z-]+/i.exec(line)?.[0]?.toUpperCase() ?? '');
    })
    .join('\r\n');
}

export function createLocalCaldav(options: { now?: () => Date } = {}): LocalCaldav {
  const now = options.now ?? (() => new Date());
  let outage = { count: 0, retryAfter: 0 };
  let server: http.Server | null = null;
  let started: Promise<string> | null = null;

  const state: LocalCaldav = {
    username: LOCAL_CALDAV_USERNAME,
    password: LOCAL_CALDAV_PASSWORD,
    calendars: sampleCalendars(now()),
    requests: [],
    url() {
      started ??= new Promise<string>((resolve, reject) => {
        server = http.createServer((req, res) => {
          void handle(req, res).catch(() => {
            res.writeHead(500).end();
          });
        });
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
          server!.unref();
          resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`);
        });
      });
      return started;
    },
    unavailable(count, retryAfterSeconds) {
      outage = { count, retryAfter: retryAfterSeconds };
    },
    changePassword(password) {
      state.password = password;
    },
    reset() {
      outage = { count: 0, retryAfter: 0 };
      state.password = LOCAL_CALDAV_PASSWORD;
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

  // The user name (an e-mail address) goes into paths as it is: '@' needs no escaping there.
  const principalPath = () => `/principals/${LOCAL_CALDAV_USERNAME}/`;
  const homePath = () => `/calendars/${LOCAL_CALDAV_USERNAME}/`;
  const multistatus = (res: ServerResponse, responses: string[]) => {
    res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(
      `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${responses.join('')}</D:multistatus>`,
    );
  };
  const response = (href: string, props: string) =>
    `<D:response><D:href>${escapeXml(href)}</D:href><D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>`;

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  function signedIn(req: IncomingMessage): boolean {
    const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return false;
    const [user, ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
    return user === state.username && rest.join(':') === state.password;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    const body = await readBody(req);
    state.requests.push({ method: req.method ?? '', path, body: req.method === 'REPORT' ? body : '' });
    if (outage.count > 0) {
      outage.count--;
      res.writeHead(503, { 'retry-after': String(outage.retryAfter) }).end();
      return;
    }
    if (path === '/.well-known/caldav') {
      res.writeHead(301, { location: '/' }).end();
      return;
    }
    if (!signedIn(req)) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Local CalDAV"' }).end();
      return;
    }
    const home = homePath();
    const calendarOf = (p: string) =>
      p.startsWith(home) ? state.calendars.find((c) => p.slice(home.length).split('/')[0] === c.slug) : undefined;

    if (req.method === 'PROPFIND') {
      if (path === '/' || path === principalPath()) {
        return multistatus(res, [
          response(
            path,
            `<D:current-user-principal><D:href>${escapeXml(principalPath())}</D:href></D:current-user-principal>${
              path === principalPath()
                ? `<C:calendar-home-set><D:href>${escapeXml(home)}</D:href></C:calendar-home-set>`
                : ''
            }<D:resourcetype><D:collection/></D:resourcetype>`,
          ),
        ]);
      }
      if (path === home) {
        const depth = req.headers.depth ?? '0';
        return multistatus(res, [
          response(home, '<D:resourcetype><D:collection/></D:resourcetype><D:displayname>Calendars</D:displayname>'),
          ...(depth === '1'
            ? state.calendars.map((c) =>
                response(
                  `${home}${c.slug}/`,
                  `<D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>${escapeXml(c.name)}</D:displayname><C:supported-calendar-component-set>${c.components
                    .map((name) => `<C:comp name="${name}"/>`)
                    .join('')}</C:supported-calendar-component-set>`,
                ),
              )
            : []),
        ]);
      }
      res.writeHead(404).end();
      return;
    }

    const calendar = calendarOf(path);
    if (req.method === 'REPORT') {
      if (!calendar || path !== `${home}${calendar.slug}/`) {
        res.writeHead(404).end();
        return;
      }
      const query = parseXml(body);
      const range = query && findFirst(query, 'time-range');
      const parse = (value: string | undefined) => (value ? spanOf(`DTSTART:${value}`)?.start : undefined);
      const from = parse(range?.attributes.start) ?? Number.NEGATIVE_INFINITY;
      const to = parse(range?.attributes.end) ?? Number.POSITIVE_INFINITY;
      const eventComp = query && findAll(query, 'comp').find((c) => c.attributes.name === 'VEVENT');
      const props = eventComp ? findAll(eventComp, 'prop').map((p) => (p.attributes.name ?? '').toUpperCase()) : [];
      const wanted = props.length ? new Set(props) : null;
      const matches = [...calendar.objects.entries()].filter(([, text]) => {
        const span = spanOf(text);
        return span !== null && span.end > from && span.start < to;
      });
      return multistatus(
        res,
        matches.map(([file, text]) =>
          response(
            `${home}${calendar.slug}/${file}`,
            `<D:getetag>"${text.length}"</D:getetag><C:calendar-data>${escapeXml(partial(text, wanted))}</C:calendar-data>`,
          ),
        ),
      );
    }

    const file = calendar ? path.slice(`${home}${calendar.slug}/`.length) : '';
    if (calendar && file.endsWith('.ics') && !file.includes('/')) {
      if (req.method === 'PUT') {
        const existed = calendar.objects.has(file);
        if (req.headers['if-none-match'] === '*' && existed) {
          res.writeHead(412).end();
          return;
        }
        calendar.objects.set(file, body);
        res.writeHead(existed ? 204 : 201, { etag: `"${body.length}"` }).end();
        return;
      }
      if (req.method === 'DELETE') {
        res.writeHead(calendar.objects.delete(file) ? 204 : 404).end();
        return;
      }
      if (req.method === 'GET') {
        const text = calendar.objects.get(file);
        if (text === undefined) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(text);
        return;
      }
    }
    res.writeHead(405).end();
  }

  return state;
}
