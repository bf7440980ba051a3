// /calendar/connections: whose calendar the page works on (the viewer's selected profile, reached through
// clinician access, else not found) and what the page shows. The rules live in the external-calendars
// domain module.
import type { Knex } from 'knex';
import { canEditProfile, type Viewer } from '../../domain/accounts';
import {
  type ExternalCalendar,
  googleAccountStatus,
  type GoogleAccountStatus,
  listExternalCalendars,
  potentialGoogleCalendars,
} from '../../domain/external-calendars';
import { CalendarSyncError, type CalendarSync, type GoogleCalendarEntry } from '../../integrations/calendar-sync';
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
}

export async function loadConnections(
  db: Knex,
  calendarSync: CalendarSync | null,
  viewer: Viewer,
): Promise<ConnectionsData> {
  const owner = calendarOwner(viewer);
  const googleMode = !calendarSync ? 'off' : calendarSync.kind === 'local' ? 'sample' : 'google';
  const empty = {
    owner,
    calendars: [],
    googleMode,
    googleAccount: { linked: false, email: null, linkedAt: null },
    potential: [],
    listError: null,
  } as const;
  if (!owner.hasCalendar) return { ...empty, calendars: [], potential: [] };
  const [calendars, googleAccount] = await Promise.all([
    listExternalCalendars(db, owner.id),
    googleAccountStatus(db, owner.id),
  ]);
  let potential: GoogleCalendarEntry[] = [];
  let listError: string | null = null;
  if (calendarSync && googleAccount.linked) {
    try {
      potential = await potentialGoogleCalendars(db, calendarSync, owner.id);
    } catch (error) {
      if (!(error instanceof CalendarSyncError)) throw error;
      listError = error.message;
    }
  }
  return { owner, calendars, googleMode, googleAccount, potential, listError };
}
