// external_calendars, google_account_links and calendar_account_links: the only place that queries them
// (the busy rows a sync writes are the calendar module's). Reads that take a provider id find only that
// provider's rows.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { busyBlockCount, type ExternalBusyBlock, replaceExternalBusyBlocks } from '../calendar';
import { decryptTexts, encryptText } from '../data-protection';
import { providerTimeZone as timeZoneOf } from '../providers';

export type Db = Knex | Knex.Transaction;

/** The services whose accounts live in calendar_account_links (Google's has a table of its own). */
export type AccountService = 'microsoft' | 'caldav';
export type CalendarKind = 'ics' | 'google' | AccountService;

export interface ExternalCalendar {
  id: number;
  providerId: number;
  kind: CalendarKind;
  name: string;
  url: string | null;
  googleCalendarId: string | null;
  /** A Microsoft or CalDAV calendar: its account, and the service's id of it (Graph's id, the collection's address). */
  accountLinkId: number | null;
  remoteCalendarId: string | null;
  lastSyncedAt: Date | null;
  lastError: string | null;
  /** Since when the feed is not read any more, refused for what it holds (lastError says why). */
  syncRefusedAt: Date | null;
  /** Busy blocks it holds now. */
  busyCount: number;
  /** The calendar booked consultations are written to (one per provider at most), and why the last write failed. */
  writeBack: boolean;
  writeBackError: string | null;
}

export interface GoogleLink {
  providerId: number;
  email: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  /** What the consent granted (null: not recorded, a link older than write-back: read only). */
  scopes: string[] | null;
  linkedAt: Date;
}

const scopeList = (text: string | null | undefined) => (text ? text.split(' ').filter(Boolean) : null);
const scopeText = (scopes: string[] | null | undefined) => (scopes ? scopes.join(' ') : null);

const toCalendar = (row: Row<'external_calendars'> & { busy_count?: number }): ExternalCalendar => ({
  id: row.id,
  providerId: row.provider_id,
  // The column's check constraint allows only the two kinds.
  kind: row.kind as ExternalCalendar['kind'],
  name: row.name,
  url: row.url,
  googleCalendarId: row.google_calendar_id,
  accountLinkId: row.account_link_id,
  remoteCalendarId: row.remote_calendar_id,
  lastSyncedAt: row.last_synced_at,
  lastError: row.last_error,
  syncRefusedAt: row.sync_refused_at,
  busyCount: row.busy_count ?? 0,
  writeBack: row.write_back,
  writeBackError: row.write_back_error,
});

/** The calendars with the number of busy rows each has in the provider's calendar, in one query. */
const withBusyCount = (db: Db) =>
  db('external_calendars as c').select('c.*', busyBlockCount(db, 'c.id').as('busy_count'));

export async function listCalendars(db: Db, providerId: number): Promise<ExternalCalendar[]> {
  return (await withBusyCount(db).where('c.provider_id', providerId).orderBy('c.id')).map(toCalendar);
}

export async function findCalendar(db: Db, providerId: number, calendarId: number): Promise<ExternalCalendar | null> {
  const row = await withBusyCount(db).where({ 'c.provider_id': providerId, 'c.id': calendarId }).first();
  return row ? toCalendar(row) : null;
}

/** For the sync job, which is given a calendar id only (its own enqueued data, never a request's). */
export async function findCalendarForSync(
  db: Db,
  calendarId: number,
  options: { lock?: boolean } = {},
): Promise<ExternalCalendar | null> {
  const query = db('external_calendars').where({ id: calendarId }).first();
  if (options.lock) void query.forUpdate();
  const row = await query;
  return row ? toCalendar(row) : null;
}

/** Every calendar the half-hourly sync reads: all but the feeds refused for what they hold. */
export async function allCalendarIds(db: Db): Promise<number[]> {
  return db('external_calendars').whereNull('sync_refused_at').orderBy('id').pluck('id');
}

export async function countFeeds(db: Db, providerId: number): Promise<number> {
  const row = await db('external_calendars')
    .where({ provider_id: providerId, kind: 'ics' })
    .count<{ count: number }>('id as count')
    .first();
  return row?.count ?? 0;
}

export async function feedExists(db: Db, providerId: number, url: string): Promise<boolean> {
  return Boolean(await db('external_calendars').where({ provider_id: providerId, kind: 'ics', url }).first('id'));
}

export async function insertCalendar(
  db: Db,
  row: {
    providerId: number;
    kind: CalendarKind;
    name: string;
    url?: string;
    googleCalendarId?: string;
    accountLinkId?: number;
    remoteCalendarId?: string;
  },
): Promise<number> {
  const [made] = await db('external_calendars')
    .insert({
      provider_id: row.providerId,
      kind: row.kind,
      name: row.name,
      url: row.url ?? null,
      google_calendar_id: row.googleCalendarId ?? null,
      account_link_id: row.accountLinkId ?? null,
      remote_calendar_id: row.remoteCalendarId ?? null,
    })
    .returning('id');
  return made!.id;
}

/** Deletes the calendar; its busy rows go with it (ON DELETE CASCADE). */
export async function deleteCalendar(db: Db, providerId: number, calendarId: number): Promise<boolean> {
  return (await db('external_calendars').where({ provider_id: providerId, id: calendarId }).delete()) > 0;
}

export async function deleteGoogleCalendars(db: Db, providerId: number): Promise<void> {
  await db('external_calendars').where({ provider_id: providerId, kind: 'google' }).delete();
}

export async function findGoogleLink(
  db: Db,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<GoogleLink | null> {
  const query = db('google_account_links').where({ provider_id: providerId }).first();
  if (options.lock) void query.forUpdate();
  const row = await query;
  if (!row) return null;
  // Tokens are stored encrypted (server/domain/data-protection).
  const [accessToken, refreshToken] = await decryptTexts(db, [row.access_token, row.refresh_token]);
  return {
    providerId: row.provider_id,
    email: row.google_email ?? null,
    accessToken: accessToken ?? null,
    refreshToken: refreshToken ?? null,
    accessTokenExpiresAt: row.access_token_expires_at ?? null,
    scopes: scopeList(row.scopes),
    linkedAt: row.linked_at,
  };
}

/** Links (or links again) the provider's Google account; a missing refresh token keeps the one stored. */
export async function saveGoogleLink(
  db: Db,
  link: {
    providerId: number;
    email: string | null;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date;
    scopes: string[] | null;
  },
): Promise<void> {
  const row = {
    provider_id: link.providerId,
    google_email: link.email,
    access_token: await encryptText(db, link.accessToken),
    access_token_expires_at: link.expiresAt,
    scopes: scopeText(link.scopes),
    linked_at: db.fn.now(),
    ...(link.refreshToken ? { refresh_token: await encryptText(db, link.refreshToken) } : {}),
  };
  await db('google_account_links').insert(row).onConflict('provider_id').merge();
}

export async function saveAccessToken(
  db: Db,
  providerId: number,
  accessToken: string,
  expiresAt: Date,
  scopes?: string[] | null,
): Promise<void> {
  await db('google_account_links')
    .where({ provider_id: providerId })
    .update({
      access_token: await encryptText(db, accessToken),
      access_token_expires_at: expiresAt,
      ...(scopes ? { scopes: scopeText(scopes) } : {}),
    });
}

export async function deleteGoogleLink(db: Db, providerId: number): Promise<GoogleLink | null> {
  const link = await findGoogleLink(db, providerId, { lock: true });
  if (link) await db('google_account_links').where({ provider_id: providerId }).delete();
  return link;
}

export async function providerTimeZone(db: Db, providerId: number): Promise<string> {
  return (await timeZoneOf(db, providerId)) ?? 'America/New_York';
}

/** Replaces every busy row of the calendar and stamps the sync (the caller's transaction holds the calendar's lock). */
export async function replaceBusyBlocks(
  db: Db,
  calendar: ExternalCalendar,
  blocks: ExternalBusyBlock[],
  syncedAt: Date,
): Promise<void> {
  await replaceExternalBusyBlocks(db, calendar, blocks);
  await db('external_calendars').where({ id: calendar.id }).update({ last_synced_at: syncedAt, last_error: null });
}

export async function recordSyncError(db: Db, calendarId: number, message: string): Promise<void> {
  await db('external_calendars').where({ id: calendarId }).update({ last_error: message });
}

/** The feed is not read again until the provider asks (clearSyncRefusal). */
export async function recordSyncRefusal(db: Db, calendarId: number, message: string, at: Date): Promise<void> {
  await db('external_calendars').where({ id: calendarId }).update({ last_error: message, sync_refused_at: at });
}

export async function clearSyncRefusal(db: Db, calendarId: number): Promise<void> {
  await db('external_calendars').where({ id: calendarId }).update({ sync_refused_at: null });
}

// --- Microsoft and CalDAV accounts (calendar_account_links) -------------------------------------------------

export interface AccountLink {
  id: number;
  providerId: number;
  service: AccountService;
  /** The Microsoft account's address, the CalDAV user name. */
  accountName: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  scopes: string[] | null;
  /** CalDAV: the calendar home's address, and the app password. */
  serverUrl: string | null;
  password: string | null;
  linkedAt: Date;
}

/** A stored account link with its tokens and password decrypted. */
async function toAccountLink(db: Db, stored: Row<'calendar_account_links'>): Promise<AccountLink> {
  const [accessToken, refreshToken, password] = await decryptTexts(db, [
    stored.access_token,
    stored.refresh_token,
    stored.password,
  ]);
  return plainAccountLink({
    ...stored,
    access_token: accessToken ?? null,
    refresh_token: refreshToken ?? null,
    password: password ?? null,
  });
}

const plainAccountLink = (row: Row<'calendar_account_links'>): AccountLink => ({
  id: row.id,
  providerId: row.provider_id,
  // The column's check constraint allows only the two services.
  service: row.service as AccountService,
  accountName: row.account_name,
  accessToken: row.access_token,
  refreshToken: row.refresh_token,
  accessTokenExpiresAt: row.access_token_expires_at,
  scopes: scopeList(row.scopes),
  serverUrl: row.server_url,
  password: row.password,
  linkedAt: row.linked_at,
});

export async function findAccountLink(
  db: Db,
  providerId: number,
  service: AccountService,
  options: { lock?: boolean } = {},
): Promise<AccountLink | null> {
  const query = db('calendar_account_links').where({ provider_id: providerId, service }).first();
  if (options.lock) void query.forUpdate();
  const row = await query;
  return row ? toAccountLink(db, row) : null;
}

/** Links (or links again) the provider's Microsoft account; a missing refresh token keeps the one stored. */
export async function saveOAuthAccountLink(
  db: Db,
  link: {
    providerId: number;
    service: 'microsoft';
    accountName: string | null;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date;
    scopes: string[] | null;
  },
): Promise<void> {
  await db('calendar_account_links')
    .insert({
      provider_id: link.providerId,
      service: link.service,
      account_name: link.accountName,
      access_token: await encryptText(db, link.accessToken),
      access_token_expires_at: link.expiresAt,
      scopes: scopeText(link.scopes),
      linked_at: db.fn.now(),
      ...(link.refreshToken ? { refresh_token: await encryptText(db, link.refreshToken) } : {}),
    })
    .onConflict(['provider_id', 'service'])
    .merge();
}

/** Connects (or connects again, with a new password) the provider's CalDAV account. */
export async function saveCaldavLink(
  db: Db,
  link: { providerId: number; username: string; password: string; serverUrl: string },
): Promise<number> {
  const [row] = await db('calendar_account_links')
    .insert({
      provider_id: link.providerId,
      service: 'caldav',
      account_name: link.username,
      password: await encryptText(db, link.password),
      server_url: link.serverUrl,
      linked_at: db.fn.now(),
    })
    .onConflict(['provider_id', 'service'])
    .merge()
    .returning('id');
  return row!.id;
}

export async function saveAccountToken(
  db: Db,
  linkId: number,
  token: { accessToken: string; expiresAt: Date; refreshToken?: string | null; scopes?: string[] | null },
): Promise<void> {
  await db('calendar_account_links')
    .where({ id: linkId })
    .update({
      access_token: await encryptText(db, token.accessToken),
      access_token_expires_at: token.expiresAt,
      ...(token.refreshToken ? { refresh_token: await encryptText(db, token.refreshToken) } : {}),
      ...(token.scopes ? { scopes: scopeText(token.scopes) } : {}),
    });
}

/** Deletes the account; its calendars and their busy rows go with it (ON DELETE CASCADE). */
export async function deleteAccountLink(
  db: Db,
  providerId: number,
  service: AccountService,
): Promise<AccountLink | null> {
  const link = await findAccountLink(db, providerId, service, { lock: true });
  if (link) await db('calendar_account_links').where({ id: link.id }).delete();
  return link;
}

// --- Google push channels (google_watch_channels) ----------------------------------------------------------

export interface WatchChannelRow {
  id: string;
  calendarId: number;
  resourceId: string | null;
  tokenHash: string;
  expiresAt: Date;
}

const toChannel = (row: Row<'google_watch_channels'>): WatchChannelRow => ({
  id: row.id,
  calendarId: row.external_calendar_id,
  resourceId: row.resource_id,
  tokenHash: row.token_hash,
  expiresAt: row.expires_at,
});

export async function insertChannel(
  db: Db,
  channel: { id: string; calendarId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db('google_watch_channels').insert({
    id: channel.id,
    external_calendar_id: channel.calendarId,
    token_hash: channel.tokenHash,
    expires_at: channel.expiresAt,
  });
}

export async function confirmChannel(db: Db, id: string, resourceId: string, expiresAt: Date): Promise<void> {
  await db('google_watch_channels').where({ id }).update({ resource_id: resourceId, expires_at: expiresAt });
}

export async function findChannel(db: Db, id: string): Promise<WatchChannelRow | null> {
  const row = await db('google_watch_channels').where({ id }).first();
  return row ? toChannel(row) : null;
}

export async function channelsOf(db: Db, calendarIds: number[]): Promise<WatchChannelRow[]> {
  if (!calendarIds.length) return [];
  return (await db('google_watch_channels').whereIn('external_calendar_id', calendarIds).orderBy('created_at')).map(
    toChannel,
  );
}

export async function deleteChannel(db: Db, id: string): Promise<void> {
  await db('google_watch_channels').where({ id }).delete();
}

/** Google calendars (not refused) with no channel that lives past `until`: new ones, and those to renew. */
export async function calendarsToWatch(db: Db, until: Date): Promise<number[]> {
  return db('external_calendars as c')
    .where('c.kind', 'google')
    .whereNull('c.sync_refused_at')
    .whereNotExists(
      db('google_watch_channels as w')
        .where('w.external_calendar_id', db.ref('c.id'))
        .where('w.expires_at', '>', until)
        .whereNotNull('w.resource_id'),
    )
    .orderBy('c.id')
    .pluck('c.id');
}

// --- Write-back (external_calendars.write_back, calendar_write_backs) ----------------------------------------

/** The calendar the provider chose for booked consultations, if any. */
export async function writeBackCalendar(db: Db, providerId: number): Promise<ExternalCalendar | null> {
  const row = await withBusyCount(db).where({ 'c.provider_id': providerId, 'c.write_back': true }).first();
  return row ? toCalendar(row) : null;
}

/** Makes `calendarId` the provider's write-back calendar (null: none); the caller holds the provider's lock. */
export async function setWriteBack(db: Db, providerId: number, calendarId: number | null): Promise<void> {
  await db('external_calendars')
    .where({ provider_id: providerId, write_back: true })
    .update({ write_back: false, write_back_error: null });
  if (calendarId !== null)
    await db('external_calendars')
      .where({ provider_id: providerId, id: calendarId })
      .update({ write_back: true, write_back_error: null });
}

export async function setWriteBackError(db: Db, calendarId: number, message: string | null): Promise<void> {
  await db('external_calendars').where({ id: calendarId }).update({ write_back_error: message });
}

export interface WriteBackRecord {
  appointmentId: number;
  calendarId: number;
  remoteEventId: string;
  start: Date;
  end: Date;
}

export async function findWriteBack(db: Db, appointmentId: number): Promise<WriteBackRecord | null> {
  const row = await db('calendar_write_backs').where({ appointment_id: appointmentId }).first();
  return row
    ? {
        appointmentId: row.appointment_id,
        calendarId: row.external_calendar_id,
        remoteEventId: row.remote_event_id,
        start: row.written_start,
        end: row.written_end,
      }
    : null;
}

export async function saveWriteBack(db: Db, record: WriteBackRecord): Promise<void> {
  await db('calendar_write_backs')
    .insert({
      appointment_id: record.appointmentId,
      external_calendar_id: record.calendarId,
      remote_event_id: record.remoteEventId,
      written_start: record.start,
      written_end: record.end,
      updated_at: db.fn.now(),
    })
    .onConflict('appointment_id')
    .merge();
}

export async function deleteWriteBack(db: Db, appointmentId: number): Promise<void> {
  await db('calendar_write_backs').where({ appointment_id: appointmentId }).delete();
}
