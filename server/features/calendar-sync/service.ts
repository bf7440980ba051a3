// /calendar/connections: whose calendar the page works on (the viewer's selected profile, reached through
// clinician access, else not found) and what the page shows. The rules live in the external-calendars
// domain module.
import type { Knex } from 'knex';
import { canEditProfile, type Viewer } from '../../domain/accounts';
import {
  accountStatus,
  type AccountStatus,
  type ExternalCalendar,
  googleAccountStatus,
  type GoogleAccountStatus,
  listExternalCalendars,
  potentialCaldavCalendars,
  potentialGoogleCalendars,
  potentialMicrosoftCalendars,
} from '../../domain/external-calendars';
import {
  type CaldavService,
  CalendarSyncError,
  type CalendarSync,
  type GoogleCalendarEntry,
} from '../../integrations/calendar-sync';
import { NotFoundError } from '../../lib/errors';

export interface CalendarOwner {
  id: number;
  timeZone: string;
  hasCalendar: boolean;
}

/** The selected profile, when the viewer may edit it. */
export function calendarOwner(viewer: Viewer): CalendarOwner {
  const provider = viewer.provider;
  if (!provider || !canEditProfile(viewer, provider)) throw new NotFoundError();
  return { id: provider.id, timeZone: provider.timezone, hasCalendar: provider.hasCalendar };
}

/** For changes: a provider without a calendar has no connections to change. */
export function calendarProviderId(viewer: Viewer): number {
  const owner = calendarOwner(viewer);
  if (!owner.hasCalendar) throw new NotFoundError();
  return owner.id;
}

export interface ConnectionsData {
  owner: CalendarOwner;
  calendars: ExternalCalendar[];
  googleMode: 'off' | 'sample' | 'google';
  googleAccount: GoogleAccountStatus;
  potential: GoogleCalendarEntry[];
  listError: string | null;
  microsoft: {
    mode: 'off' | 'sample' | 'microsoft';
    account: AccountStatus;
    potential: GoogleCalendarEntry[];
    listError: string | null;
  };
  caldav: {
    account: AccountStatus;
    /** The calendar home's server, shown beside the user name. */
    server: string | null;
    potential: GoogleCalendarEntry[];
    listError: string | null;
    /** Outside production: the stand-in server and its sample account, offered on the form. */
    sample: { serverUrl: string; username: string; password: string } | null;
  };
}

export interface CalendarServices {
  google: CalendarSync | null;
  microsoft: CalendarSync | null;
  caldav: CaldavService;
}

/** The account's calendars not linked yet, or why they cannot be listed (access withdrawn, service down). */
async function potentialOf(
  list: () => Promise<GoogleCalendarEntry[]>,
): Promise<{ potential: GoogleCalendarEntry[]; listError: string | null }> {
  try {
    return { potential: await list(), listError: null };
  } catch (error) {
    if (!(error instanceof CalendarSyncError)) throw error;
    return { potential: [], listError: error.message };
  }
}

const modeOf = <Live extends string>(sync: CalendarSync | null, live: Live): 'off' | 'sample' | Live =>
  !sync ? 'off' : sync.kind === 'local' ? 'sample' : live;

export async function loadConnections(db: Knex, services: CalendarServices, viewer: Viewer): Promise<ConnectionsData> {
  const owner = calendarOwner(viewer);
  const notLinked = { linked: false, linkedAt: null, server: null } as const;
  const empty: ConnectionsData = {
    owner,
    calendars: [],
    googleMode: modeOf(services.google, 'google'),
    googleAccount: { ...notLinked, email: null },
    potential: [],
    listError: null,
    microsoft: {
      mode: modeOf(services.microsoft, 'microsoft'),
      account: { ...notLinked, accountName: null },
      potential: [],
      listError: null,
    },
    caldav: {
      account: { ...notLinked, accountName: null },
      server: null,
      potential: [],
      listError: null,
      sample: services.caldav.standIn
        ? {
            serverUrl: await services.caldav.standIn.url(),
            username: services.caldav.standIn.username,
            password: services.caldav.standIn.password,
          }
        : null,
    },
  };
  if (!owner.hasCalendar) return empty;
  const [calendars, googleAccount, microsoftAccount, caldavAccount] = await Promise.all([
    listExternalCalendars(db, owner.id),
    googleAccountStatus(db, owner.id),
    accountStatus(db, owner.id, 'microsoft'),
    accountStatus(db, owner.id, 'caldav'),
  ]);
  const { google, microsoft } = services;
  const [googleList, microsoftList, caldavList] = await Promise.all([
    google && googleAccount.linked
      ? potentialOf(() => potentialGoogleCalendars(db, google, owner.id))
      : { potential: [], listError: null },
    microsoft && microsoftAccount.linked
      ? potentialOf(() => potentialMicrosoftCalendars(db, microsoft, owner.id))
      : { potential: [], listError: null },
    caldavAccount.linked
      ? potentialOf(() => potentialCaldavCalendars(db, { caldav: services.caldav }, owner.id))
      : { potential: [], listError: null },
  ]);
  return {
    ...empty,
    calendars,
    googleAccount,
    ...googleList,
    microsoft: { ...empty.microsoft, account: microsoftAccount, ...microsoftList },
    caldav: { ...empty.caldav, account: caldavAccount, server: caldavAccount.server, ...caldavList },
  };
}
