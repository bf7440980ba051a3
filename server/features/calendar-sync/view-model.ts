// The connections page's props, built from what the service loaded. Times are written in the provider's
// calendar zone; a feed's address shows only its server (the rest is often a secret key).
import type { ExternalCalendar } from '../../domain/external-calendars';
import type { ConnectionsPageProps, SyncStatusView } from '../../../views/pages/calendar-sync/ConnectionsPage';
import type { ConnectionsData } from './service';
import { dateFormatIn } from '../../../views/components/format';

function formatIn(timeZone: string): Intl.DateTimeFormat {
  return dateFormatIn(timeZone, { dateStyle: 'medium', timeStyle: 'short' });
}

function statusOf(calendar: ExternalCalendar, timeZone: string): SyncStatusView {
  const lastSyncedText = calendar.lastSyncedAt ? formatIn(timeZone).format(calendar.lastSyncedAt) : null;
  const state = calendar.syncRefusedAt
    ? 'refused'
    : calendar.lastError
      ? 'error'
      : calendar.lastSyncedAt
        ? 'synced'
        : 'waiting';
  return { state, lastSyncedText, lastError: calendar.lastError, busyCount: calendar.busyCount };
}

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
};

const linkedOf = (data: ConnectionsData, kind: ExternalCalendar['kind'], zone: string) =>
  data.calendars.filter((c) => c.kind === kind).map((c) => ({ id: c.id, name: c.name, status: statusOf(c, zone) }));

const SERVICE_NAMES = { google: 'Google Calendar', microsoft: 'Outlook', caldav: 'CalDAV' } as const;

/** The calendars consultations can be written to, the one chosen (or the one just posted), and its last error. */
function writeBackOf(data: ConnectionsData, typedChoice: string) {
  const writable = data.calendars.filter((c) => c.kind !== 'ics');
  const current = writable.find((c) => c.writeBack) ?? null;
  const typed = typedChoice === 'none' ? null : writable.find((c) => String(c.id) === typedChoice);
  return {
    options: writable.map((c) => ({
      id: c.id,
      label: `${c.name} (${SERVICE_NAMES[c.kind as keyof typeof SERVICE_NAMES]})`,
    })),
    chosen: typedChoice ? (typed?.id ?? null) : (current?.id ?? null),
    error: current?.writeBackError ?? null,
  };
}

export function connectionsView(
  data: ConnectionsData,
  form: { typed: Record<string, unknown> | null; errors: Record<string, string> },
): ConnectionsPageProps {
  const zone = data.owner.timeZone;
  const typed = (name: string) => (typeof form.typed?.[name] === 'string' ? (form.typed[name] as string) : '');
  return {
    hasCalendar: data.owner.hasCalendar,
    feeds: data.calendars
      .filter((c) => c.kind === 'ics')
      .map((c) => ({ id: c.id, name: c.name, host: hostOf(c.url), status: statusOf(c, zone) })),
    google: {
      mode: data.googleMode,
      linked: data.googleAccount.linked,
      email: data.googleAccount.email,
      linkedAtText: data.googleAccount.linkedAt ? formatIn(zone).format(data.googleAccount.linkedAt) : null,
      listError: data.listError,
      potential: data.potential,
      calendars: linkedOf(data, 'google', zone),
    },
    microsoft: {
      mode: data.microsoft.mode,
      linked: data.microsoft.account.linked,
      email: data.microsoft.account.accountName,
      linkedAtText: data.microsoft.account.linkedAt ? formatIn(zone).format(data.microsoft.account.linkedAt) : null,
      listError: data.microsoft.listError,
      potential: data.microsoft.potential,
      calendars: linkedOf(data, 'microsoft', zone),
    },
    caldav: {
      linked: data.caldav.account.linked,
      username: data.caldav.account.accountName,
      server: data.caldav.server,
      linkedAtText: data.caldav.account.linkedAt ? formatIn(zone).format(data.caldav.account.linkedAt) : null,
      listError: data.caldav.listError,
      potential: data.caldav.potential,
      calendars: linkedOf(data, 'caldav', zone),
      sample: data.caldav.sample,
    },
    writeBack: writeBackOf(data, typed('write_back_calendar_id')),
    feedForm: { name: typed('name'), url: typed('url') },
    caldavForm: { serverUrl: typed('server_url'), username: typed('username') },
    chosenCaldavCalendar: typed('caldav_calendar_id'),
    chosenGoogleCalendar: typed('google_calendar_id'),
    chosenMicrosoftCalendar: typed('microsoft_calendar_id'),
    errors: form.errors,
  };
}

/** The spec's reads (potential list, account status, external calendars) for a script: no token, no feed address. */
export function connectionsJson(data: ConnectionsData) {
  return {
    googleAccount: {
      setUp: data.googleMode !== 'off',
      linked: data.googleAccount.linked,
      email: data.googleAccount.email,
    },
    potentialGoogleCalendars: data.potential,
    microsoftAccount: {
      setUp: data.microsoft.mode !== 'off',
      linked: data.microsoft.account.linked,
      email: data.microsoft.account.accountName,
    },
    potentialMicrosoftCalendars: data.microsoft.potential,
    caldavAccount: {
      connected: data.caldav.account.linked,
      username: data.caldav.account.accountName,
      server: data.caldav.server,
    },
    potentialCaldavCalendars: data.caldav.potential,
    externalCalendars: data.calendars.map((c) => ({
      id: c.id,
      kind: c.kind,
      name: c.name,
      lastSyncedAt: c.lastSyncedAt?.toISOString() ?? null,
      lastError: c.lastError,
      busyCount: c.busyCount,
      syncRefused: c.syncRefusedAt !== null,
      writeBack: c.writeBack,
    })),
  };
}
