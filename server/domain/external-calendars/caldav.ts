// The provider's CalDAV account (iCloud, Fastmail, Nextcloud): connect it with the server's address, a
// user name and an app password (the account's home is found before anything is stored), choose its
// calendars, disconnect it. Every request to the server goes through the feed fetcher's guards (public
// addresses only, pinned, size and time limits), and happens before the transaction that stores its
// outcome. A calendar's events are read as ICS feeds are (in a worker thread), from the time and status
// properties the server sends.
import {
  CALDAV_MESSAGES,
  type CaldavAccount,
  type CaldavService,
  type CaldavTransport,
  type CalendarEntry,
  CalendarSyncError,
} from '../../integrations/calendar-sync';
import type { JobQueue } from '../../jobs/queue';
import { ValidationError } from '../../lib/errors';
import { lockProvider } from '../providers';
import { linkAccountCalendar } from './accounts';
import { isIpLiteral, isLocalName, isPublicAddress } from './address-check';
import * as repo from './repo';
import { FeedError, type FetchFeedOptions, safeRequest } from './safe-fetch';

export const CALDAV_LIMITS = { urlMax: 2000, usernameMax: 320, passwordMax: 200 } as const;

export const CALDAV_LINK_MESSAGES = {
  serverRequired: 'Please enter the address of your calendar server.',
  serverInvalid: 'Please enter a valid address, such as https://caldav.icloud.com.',
  serverNotHttps: 'The address must start with https:// (a secure connection).',
  serverPrivate: 'This address points to a private network. Please use the public address of your calendar server.',
  serverTooLong: `The address must be ${CALDAV_LIMITS.urlMax} characters or less.`,
  usernameRequired: 'Please enter your user name (often your e-mail address).',
  usernameTooLong: `The user name must be ${CALDAV_LIMITS.usernameMax} characters or less.`,
  passwordRequired: 'Please enter the app password.',
  passwordTooLong: `The app password must be ${CALDAV_LIMITS.passwordMax} characters or less.`,
  refused:
    'The calendar server refused this user name and app password. Please check them, or make a new app password.',
  notFound: CALDAV_MESSAGES.notCaldav,
  connected: 'Your calendar account is connected. Choose the calendars whose busy times should block your calendar.',
  calendarLinked: 'Calendar linked successfully.',
  calendarUnlinked: 'Your calendar has been unlinked.',
  accountUnlinked: 'Your calendar account has been disconnected and its calendars removed.',
  chooseCalendar: 'Please choose one of your calendars.',
  alreadyLinked: 'This calendar is already linked.',
  notLinked: 'Please connect your calendar account first.',
} as const;

export interface CaldavDeps {
  caldav: CaldavService;
  /** Options of the guarded fetcher (the tests' local servers). */
  fetch?: FetchFeedOptions;
}

/** The guarded transport, letting through the stand-in's origin outside production (and nothing else private). */
export async function caldavTransport(deps: CaldavDeps): Promise<CaldavTransport> {
  const allowOrigins = [...(deps.fetch?.allowOrigins ?? []), ...(await deps.caldav.trustedOrigins())];
  return (request) => safeRequest(request, { ...deps.fetch, allowOrigins });
}

export interface CaldavForm {
  serverUrl: string;
  username: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The connection form: the server's address (https, public; a bare host name gets https://), the user
 * name and the app password. The typed values come back for the 422 page, the password never.
 */
export function validateCaldavForm(
  body: Record<string, unknown>,
  trustedOrigins: readonly string[],
): { input: CaldavForm & { password: string }; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const typedServer = text(body.server_url);
  const username = text(body.username);
  // An app password is shown in groups (abcd-efgh-ijkl-mnop); spaces typed between them are not part of it.
  const password = typeof body.password === 'string' ? body.password.trim() : '';
  let serverUrl = typedServer;
  if (!typedServer) errors.server_url = CALDAV_LINK_MESSAGES.serverRequired;
  else if (typedServer.length > CALDAV_LIMITS.urlMax) errors.server_url = CALDAV_LINK_MESSAGES.serverTooLong;
  else {
    let url: URL | null = null;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typedServer) ? typedServer : `https://${typedServer}`);
    } catch {
      url = null;
    }
    if (!url?.hostname || url.username || url.password || !/^https?:$/.test(url.protocol))
      errors.server_url = CALDAV_LINK_MESSAGES.serverInvalid;
    else if (trustedOrigins.includes(url.origin)) serverUrl = url.toString();
    else if (url.protocol !== 'https:') errors.server_url = CALDAV_LINK_MESSAGES.serverNotHttps;
    else if (isIpLiteral(url.hostname) ? !isPublicAddress(url.hostname) : isLocalName(url.hostname))
      errors.server_url = CALDAV_LINK_MESSAGES.serverPrivate;
    else {
      url.hash = '';
      serverUrl = url.toString();
    }
  }
  if (!username) errors.username = CALDAV_LINK_MESSAGES.usernameRequired;
  else if (username.length > CALDAV_LIMITS.usernameMax) errors.username = CALDAV_LINK_MESSAGES.usernameTooLong;
  if (!password) errors.password = CALDAV_LINK_MESSAGES.passwordRequired;
  else if (password.length > CALDAV_LIMITS.passwordMax) errors.password = CALDAV_LINK_MESSAGES.passwordTooLong;
  return { input: { serverUrl, username, password }, errors };
}

/** What the server said, as a message beside the field it is about. */
function connectionError(error: unknown): ValidationError {
  if (error instanceof CalendarSyncError) {
    if (error.message === CALDAV_MESSAGES.notCaldav) return new ValidationError({ server_url: error.message });
    if (error.reason === 'access') return new ValidationError({ password: CALDAV_LINK_MESSAGES.refused });
    return new ValidationError({ server_url: error.message });
  }
  if (error instanceof FeedError) return new ValidationError({ server_url: error.message });
  throw error;
}

/**
 * Connects the account: finds its calendar home (outside any transaction), then stores it with the user
 * name and app password. Connecting again replaces them; another server or user name is another account,
 * so the calendars of the one before go.
 */
export async function connectCaldavAccount(
  db: repo.Db,
  deps: CaldavDeps,
  providerId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const trusted = [...(deps.fetch?.allowOrigins ?? []), ...(await deps.caldav.trustedOrigins())];
  const { input, errors } = validateCaldavForm(body, trusted);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const transport = await caldavTransport(deps);
  let homeUrl: string;
  try {
    homeUrl = await deps.caldav.discover(transport, input.serverUrl, input);
    // The home must list (the password may only open the principal on some servers).
    await deps.caldav.listCalendars(transport, { ...input, homeUrl });
  } catch (error) {
    throw connectionError(error);
  }
  await db.transaction(async (trx) => {
    await lockProvider(trx, providerId);
    const before = await repo.findAccountLink(trx, providerId, 'caldav', { lock: true });
    if (before && (before.serverUrl !== homeUrl || before.accountName !== input.username))
      await repo.deleteAccountLink(trx, providerId, 'caldav');
    await repo.saveCaldavLink(trx, {
      providerId,
      username: input.username,
      password: input.password,
      serverUrl: homeUrl,
    });
  });
}

/** The connected account as the client needs it, or an access error when it is gone. */
export async function caldavAccountOf(db: repo.Db, providerId: number): Promise<CaldavAccount> {
  const link = await repo.findAccountLink(db, providerId, 'caldav');
  if (!link?.serverUrl || !link.accountName || !link.password)
    throw new CalendarSyncError(CALDAV_MESSAGES.accessLost, 'access');
  return { homeUrl: link.serverUrl, username: link.accountName, password: link.password };
}

async function caldavCalendars(db: repo.Db, deps: CaldavDeps, providerId: number): Promise<CalendarEntry[]> {
  const account = await caldavAccountOf(db, providerId);
  return deps.caldav.listCalendars(await caldavTransport(deps), account);
}

/** The account's calendars not linked yet; a server that cannot be reached is a CalendarSyncError. */
export async function potentialCaldavCalendars(
  db: repo.Db,
  deps: CaldavDeps,
  providerId: number,
): Promise<CalendarEntry[]> {
  let calendars: CalendarEntry[];
  try {
    calendars = await caldavCalendars(db, deps, providerId);
  } catch (error) {
    if (error instanceof FeedError) throw new CalendarSyncError(error.message, 'unavailable');
    throw error;
  }
  const linked = new Set(
    (await repo.listCalendars(db, providerId)).filter((c) => c.kind === 'caldav').map((c) => c.remoteCalendarId),
  );
  return calendars.filter((c) => !linked.has(c.id));
}

export const linkCaldavCalendar = (
  db: repo.Db,
  jobs: JobQueue,
  deps: CaldavDeps,
  providerId: number,
  chosen: unknown,
): Promise<number> =>
  linkAccountCalendar(db, jobs, {
    providerId,
    service: 'caldav',
    chosen,
    field: 'caldav_calendar_id',
    messages: CALDAV_LINK_MESSAGES,
    calendars: async () => {
      try {
        return await caldavCalendars(db, deps, providerId);
      } catch (error) {
        if (error instanceof FeedError) throw new CalendarSyncError(error.message, 'unavailable');
        throw error;
      }
    },
  });

/**
 * The events of one calendar in the window as one iCalendar text (each object's events and time zones,
 * the zones once), for the ICS reader.
 */
export function mergeCalendarObjects(objects: string[]): string {
  const components: string[] = [];
  const zones = new Map<string, string>();
  for (const object of objects) {
    const unfolded = object.replace(/\r?\n/g, '\r\n');
    for (const match of unfolded.matchAll(/BEGIN:(VEVENT|VTIMEZONE)\r\n[\s\S]*?END:\1/g)) {
      if (match[1] === 'VTIMEZONE') {
        const id = /\r\nTZID[^:]*:([^\r\n]*)/.exec(match[0])?.[1] ?? match[0];
        if (!zones.has(id)) zones.set(id, match[0]);
      } else components.push(match[0]);
    }
  }
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Members Portal//CalDAV busy time//EN',
    ...zones.values(),
    ...components,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
