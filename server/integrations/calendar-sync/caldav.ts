// CalDAV (RFC 4791) as iCloud, Fastmail and Nextcloud speak it, with an app password (HTTP Basic over
// https): find the account's calendar home from the address the provider typed (the address itself, or
// /.well-known/caldav, then current-user-principal and calendar-home-set), list its event calendars, and
// read the events of a time range with a calendar-query REPORT. The REPORT asks for the properties of
// time and status only (partial retrieval, RFC 4791 §9.6): a server that honours it never sends a title.
// The objects come back as iCalendar text, read as busy time by the caller (the same reader as ICS
// feeds). Every request goes through the transport the caller gives: the portal's guarded one (public
// addresses only, size and time limits), so this file makes no connection of its own.
import ical from 'ical-generator';
import { retryAfterOfHeader } from './http-answers';
import { CALDAV_MESSAGES, type CalendarEntry, CalendarSyncError, type OutgoingEvent } from './port';
import { escapeXml, findAll, findFirst, parseXml, textOf, type XmlElement } from './xml';

export interface CaldavRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
export interface CaldavAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The address that answered, after redirects. */
  url: string;
}
/** How the CalDAV client reaches a server (the caller's guards apply); network trouble is the caller's error. */
export type CaldavTransport = (request: CaldavRequest) => Promise<CaldavAnswer>;

export interface CaldavCredentials {
  username: string;
  password: string;
}
/** A connected account: the calendar home found at connection, and how to sign in. */
export interface CaldavAccount extends CaldavCredentials {
  homeUrl: string;
}

export interface CaldavClient {
  /** The account's calendar home, from the server address the provider typed. */
  discover(transport: CaldavTransport, serverUrl: string, credentials: CaldavCredentials): Promise<string>;
  /** Its calendars that hold events; each id is the calendar's absolute address. */
  listCalendars(transport: CaldavTransport, account: CaldavAccount): Promise<CalendarEntry[]>;
  /** The iCalendar text of each event (or series) of a calendar that touches [from, to). */
  calendarObjects(
    transport: CaldavTransport,
    account: CaldavAccount,
    calendarUrl: string,
    from: Date,
    to: Date,
  ): Promise<string[]>;
  /**
   * Writes a consultation to a calendar (PUT of one object at an address of ours, so a retried write
   * replaces it); answers the object's address, its id for later changes.
   */
  putEvent(
    transport: CaldavTransport,
    account: CaldavAccount,
    calendarUrl: string,
    event: OutgoingEvent,
    remoteId: string | null,
  ): Promise<string>;
  /** Deletes an object written before (one already gone is no error). */
  deleteEvent(transport: CaldavTransport, account: CaldavAccount, remoteId: string): Promise<void>;
}

/** The iCalendar text of a consultation written to a calendar. */
export function eventObject(event: OutgoingEvent, now: Date): string {
  const calendar = ical({ prodId: { company: 'Members Portal', product: 'Phone consultations' } });
  calendar.createEvent({
    id: event.key,
    stamp: now,
    start: event.start,
    end: event.end,
    summary: event.title,
    description: event.description,
    url: event.url,
  });
  return calendar.toString();
}

const DAV_NAMESPACES = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const PRINCIPAL_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV_NAMESPACES}><d:prop><d:current-user-principal/><c:calendar-home-set/><d:resourcetype/></d:prop></d:propfind>`;
const HOME_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV_NAMESPACES}><d:prop><c:calendar-home-set/></d:prop></d:propfind>`;
const CALENDARS_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind ${DAV_NAMESPACES}><d:prop><d:resourcetype/><d:displayname/><c:supported-calendar-component-set/></d:prop></d:propfind>`;

/** The properties of a VEVENT that say when it happens and whether it blocks time: nothing else is asked for. */
export const EVENT_PROPERTIES = [
  'UID',
  'DTSTART',
  'DTEND',
  'DURATION',
  'RRULE',
  'RDATE',
  'EXDATE',
  'RECURRENCE-ID',
  'STATUS',
  'TRANSP',
];

/** 20261201T000000Z: CalDAV's form of an instant. */
const caldavInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const eventsQuery = (from: Date, to: Date) => `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query ${DAV_NAMESPACES}>
  <d:prop>
    <d:getetag/>
    <c:calendar-data>
      <c:comp name="VCALENDAR">
        <c:prop name="VERSION"/>
        <c:comp name="VEVENT">${EVENT_PROPERTIES.map((p) => `<c:prop name="${escapeXml(p)}"/>`).join('')}</c:comp>
        <c:comp name="VTIMEZONE"><c:allprop/><c:allcomp/></c:comp>
      </c:comp>
    </c:calendar-data>
  </d:prop>
  <c:filter>
    <c:comp-filter name="VCALENDAR">
      <c:comp-filter name="VEVENT">
        <c:time-range start="${caldavInstant(from)}" end="${caldavInstant(to)}"/>
      </c:comp-filter>
    </c:comp-filter>
  </c:filter>
</c:calendar-query>`;

const basic = ({ username, password }: CaldavCredentials) =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/** The href of an element, made absolute against the address that answered. */
const hrefIn = (element: XmlElement | null, base: string): string | null => {
  const href = textOf(element && findFirst(element, 'href'));
  if (!href) return null;
  try {
    return new URL(href, base).toString();
  } catch {
    return null;
  }
};

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function createCaldavClient(): CaldavClient {
  const messages = CALDAV_MESSAGES;

  /** One WebDAV request; a multistatus (207) is parsed, a refusal is told apart from a server in trouble. */
  async function dav(
    transport: CaldavTransport,
    credentials: CaldavCredentials,
    method: 'PROPFIND' | 'REPORT',
    url: string,
    depth: '0' | '1',
    body: string,
  ): Promise<{ root: XmlElement; url: string } | { status: number }> {
    const answer = await transport({
      url,
      method,
      headers: {
        authorization: basic(credentials),
        depth,
        'content-type': 'application/xml; charset=utf-8',
        accept: 'application/xml, text/xml',
      },
      body,
    });
    if (answer.status === 401 || answer.status === 403) throw new CalendarSyncError(messages.accessLost, 'access');
    if (answer.status === 429 || answer.status >= 500)
      throw new CalendarSyncError(
        messages.unavailable,
        'unavailable',
        retryAfterOfHeader(answer.headers['retry-after']),
      );
    if (answer.status !== 207) return { status: answer.status };
    const root = parseXml(answer.body);
    if (root?.name !== 'multistatus') return { status: answer.status };
    return { root, url: answer.url };
  }

  /** The calendar home named at `url` (directly, or through the current user's principal). */
  async function homeAt(transport: CaldavTransport, url: string, credentials: CaldavCredentials) {
    const found = await dav(transport, credentials, 'PROPFIND', url, '0', PRINCIPAL_QUERY);
    if (!('root' in found)) return null;
    const home = hrefIn(findFirst(found.root, 'calendar-home-set'), found.url);
    if (home) return home;
    const principal = hrefIn(findFirst(found.root, 'current-user-principal'), found.url);
    if (!principal) return null;
    const named = await dav(transport, credentials, 'PROPFIND', principal, '0', HOME_QUERY);
    return 'root' in named ? hrefIn(findFirst(named.root, 'calendar-home-set'), named.url) : null;
  }

  return {
    async discover(transport, serverUrl, credentials) {
      const home =
        (await homeAt(transport, serverUrl, credentials)) ??
        (await homeAt(transport, new URL('/.well-known/caldav', serverUrl).toString(), credentials));
      if (!home) throw new CalendarSyncError(messages.notCaldav, 'access');
      return home;
    },

    async listCalendars(transport, account) {
      const found = await dav(transport, account, 'PROPFIND', account.homeUrl, '1', CALENDARS_QUERY);
      if (!('root' in found)) {
        if (found.status === 404 || found.status === 410) throw new CalendarSyncError(messages.accessLost, 'access');
        throw new CalendarSyncError(messages.unavailable, 'unavailable');
      }
      const calendars: CalendarEntry[] = [];
      for (const response of findAll(found.root, 'response')) {
        const url = hrefIn(response, found.url);
        if (!url || sameAddress(url, account.homeUrl)) continue;
        const type = findFirst(response, 'resourcetype');
        if (!type || !findFirst(type, 'calendar')) continue;
        // A list of reminders (VTODO only) holds no time to block; no set at all means any component.
        const components = findFirst(response, 'supported-calendar-component-set');
        const names = components ? findAll(components, 'comp').map((c) => c.attributes.name ?? '') : [];
        if (names.length && !names.includes('VEVENT')) continue;
        const name =
          textOf(findFirst(response, 'displayname')) ||
          decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() ?? '');
        calendars.push({ id: url, name: name || 'Calendar', primary: false });
      }
      return calendars;
    },

    async putEvent(transport, account, calendarUrl, event, remoteId) {
      const url =
        remoteId ??
        new URL(
          `${encodeURIComponent(event.key.replace(/[^\w.@-]/g, '-'))}.ics`,
          calendarUrl.replace(/\/?$/, '/'),
        ).toString();
      const answer = await transport({
        url,
        method: 'PUT',
        headers: { authorization: basic(account), 'content-type': 'text/calendar; charset=utf-8' },
        body: eventObject(event, new Date()),
      });
      if ([200, 201, 204].includes(answer.status)) return url;
      if (answer.status === 401 || answer.status === 403) throw new CalendarSyncError(messages.accessLost, 'access');
      if (answer.status === 404 || answer.status === 409) throw new CalendarSyncError(messages.calendarGone, 'access');
      throw new CalendarSyncError(
        messages.unavailable,
        'unavailable',
        retryAfterOfHeader(answer.headers['retry-after']),
      );
    },

    async deleteEvent(transport, account, remoteId) {
      const answer = await transport({ url: remoteId, method: 'DELETE', headers: { authorization: basic(account) } });
      if ([200, 204, 404, 410].includes(answer.status)) return;
      if (answer.status === 401 || answer.status === 403) throw new CalendarSyncError(messages.accessLost, 'access');
      throw new CalendarSyncError(
        messages.unavailable,
        'unavailable',
        retryAfterOfHeader(answer.headers['retry-after']),
      );
    },

    async calendarObjects(transport, account, calendarUrl, from, to) {
      const found = await dav(transport, account, 'REPORT', calendarUrl, '1', eventsQuery(from, to));
      if (!('root' in found)) {
        if (found.status === 404 || found.status === 410) throw new CalendarSyncError(messages.calendarGone, 'access');
        throw new CalendarSyncError(messages.unavailable, 'unavailable');
      }
      return findAll(found.root, 'calendar-data')
        .map((data) => textOf(data))
        .filter((text) => text.includes('BEGIN:VCALENDAR'));
    },
  };
}
