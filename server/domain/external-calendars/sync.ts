// One sync of one external calendar: read its busy time (the ICS feed, or Google), turn it into busy
// rows of the provider's calendar and replace the calendar's rows in one transaction. A feed that
// cannot be read keeps its previous rows and says why in last_error (shown on the connections page); one
// refused for what it holds (over the size or expansion limits, too slow to read) is also marked refused
// and not read again until the provider chooses Try again. The feed's text is read in a worker thread.
import { Temporal } from 'temporal-polyfill';
import {
  CalendarSyncError,
  type CaldavService,
  type CalendarSync,
  type ExternalBusy,
} from '../../integrations/calendar-sync';
import { caldavAccountOf, caldavTransport, mergeCalendarObjects } from './caldav';
import type { ExternalBusyBlock } from '../calendar';
import { withAccessToken } from './google-account';
import { MAX_BUSY_SPANS, type Window } from './ics';
import { readBusyOffThread, type ReadLimits } from './ics-reader';
import * as repo from './repo';
import { FeedError, fetchFeed, type FetchFeedOptions } from './safe-fetch';

const DAY_MS = 24 * 3_600_000;
/** Busy time is kept from a day ago to 90 days ahead: the calendar's booking window (spec 3 §9). */
export const SYNC_WINDOW = { pastDays: 1, futureDays: 90 } as const;
/** The shortest availability event (spec 3 §9): shorter busy events are widened to it. */
export const MIN_BLOCK_MINUTES = 10;

export const syncWindow = (now: Date): Window => ({
  from: new Date(now.getTime() - SYNC_WINDOW.pastDays * DAY_MS),
  to: new Date(now.getTime() + SYNC_WINDOW.futureDays * DAY_MS),
});

/** Midnight starting a date in a zone (the first moment of the day where midnight falls in a DST gap). */
const dayStartIn = (date: string, timeZone: string) =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);

/**
 * The rows to write: all-day dates placed in the provider's zone (busy from midnight to midnight),
 * spans clipped to the window, widened to 10 minutes, one row per event instance, earliest first.
 */
export function busyBlocks(busy: ExternalBusy[], window: Window, timeZone: string): ExternalBusyBlock[] {
  const blocks: ExternalBusyBlock[] = [];
  for (const item of busy) {
    const start = 'start' in item ? item.start : dayStartIn(item.startDate, timeZone);
    const end = 'start' in item ? item.end : dayStartIn(item.endDate, timeZone);
    if (end < window.from || start >= window.to) continue;
    // biome-ignore lint/complexity/useMathMinMax: these are Dates, and Math.min/Math.max would turn them into numbers
    const from = start < window.from ? window.from : start;
    // biome-ignore lint/complexity/useMathMinMax: these are Dates, and Math.min/Math.max would turn them into numbers
    let to = end > window.to ? window.to : end;
    if (to.getTime() - from.getTime() < MIN_BLOCK_MINUTES * 60_000)
      to = new Date(from.getTime() + MIN_BLOCK_MINUTES * 60_000);
    blocks.push({ uid: item.uid, start: from, end: to });
  }
  blocks.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  const seen = new Set<string>();
  return blocks.filter((b) => !seen.has(b.uid) && seen.add(b.uid)).slice(0, MAX_BUSY_SPANS);
}

export interface SyncDeps {
  /** Google Calendar (null: not set up). */
  calendarSync: CalendarSync | null;
  /** Microsoft 365 / Outlook (null or absent: not set up). */
  microsoftCalendar?: CalendarSync | null;
  /** CalDAV servers (absent: CalDAV calendars are not read). */
  caldav?: CaldavService | null;
  /** Options of the feed fetcher (the tests' local server). */
  fetch?: FetchFeedOptions;
  /** Limits of the thread that reads the feed (the tests' smaller ones). */
  read?: ReadLimits;
  now?: Date;
}

export type SyncOutcome =
  | { status: 'synced'; blocks: number }
  | { status: 'failed'; error: string }
  | { status: 'refused'; error: string }
  | { status: 'gone' };

async function readBusy(
  db: repo.Db,
  calendar: repo.ExternalCalendar,
  deps: SyncDeps,
  window: Window,
  now: Date,
): Promise<ExternalBusy[]> {
  if (calendar.kind === 'ics') {
    const text = await fetchFeed(calendar.url!, deps.fetch);
    return readBusyOffThread(text, window, await repo.providerTimeZone(db, calendar.providerId), deps.read);
  }
  if (calendar.kind === 'caldav') {
    if (!deps.caldav) throw new FeedError('CalDAV calendars are not read by this process.');
    const caldavDeps = { caldav: deps.caldav, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
    const objects = await deps.caldav.calendarObjects(
      await caldavTransport(caldavDeps),
      await caldavAccountOf(db, calendar.providerId),
      calendar.remoteCalendarId!,
      window.from,
      window.to,
    );
    const timeZone = await repo.providerTimeZone(db, calendar.providerId);
    return readBusyOffThread(mergeCalendarObjects(objects), window, timeZone, deps.read);
  }
  if (calendar.kind === 'microsoft') {
    const microsoft = deps.microsoftCalendar;
    if (!microsoft) throw new FeedError('Outlook is not set up on this server.');
    return withAccessToken(
      db,
      microsoft,
      calendar.providerId,
      'microsoft',
      (token) => microsoft.busyTimes(token, calendar.remoteCalendarId!, window.from, window.to),
      now,
    );
  }
  const google = deps.calendarSync;
  if (!google) throw new FeedError('Google Calendar is not set up on this server.');
  return withAccessToken(
    db,
    google,
    calendar.providerId,
    'google',
    (token) => google.busyTimes(token, calendar.googleCalendarId!, window.from, window.to),
    now,
  );
}

/** Syncs one calendar; an unreadable feed or a refused Google access is an outcome, not a thrown error. */
export async function syncExternalCalendar(db: repo.Db, calendarId: number, deps: SyncDeps): Promise<SyncOutcome> {
  const now = deps.now ?? new Date();
  const calendar = await repo.findCalendarForSync(db, calendarId);
  if (!calendar) return { status: 'gone' };
  // A sync queued before the feed was refused.
  if (calendar.syncRefusedAt) return { status: 'refused', error: calendar.lastError ?? '' };
  const window = syncWindow(now);
  let busy: ExternalBusy[];
  try {
    busy = await readBusy(db, calendar, deps, window, now);
  } catch (error) {
    // Google being down is worth a retry by the queue; everything else is the feed's to fix.
    if (error instanceof CalendarSyncError && error.reason === 'unavailable') {
      await repo.recordSyncError(db, calendar.id, error.message);
      throw error;
    }
    if (!(error instanceof FeedError) && !(error instanceof CalendarSyncError)) throw error;
    if (error instanceof FeedError && error.permanent) {
      await repo.recordSyncRefusal(db, calendar.id, error.message, now);
      return { status: 'refused', error: error.message };
    }
    await repo.recordSyncError(db, calendar.id, error.message);
    return { status: 'failed', error: error.message };
  }
  const timeZone = await repo.providerTimeZone(db, calendar.providerId);
  const blocks = busyBlocks(busy, window, timeZone);
  return db.transaction(async (trx) => {
    // Removed while it was being read: nothing to write.
    const locked = await repo.findCalendarForSync(trx, calendar.id, { lock: true });
    if (!locked) return { status: 'gone' } as const;
    await repo.replaceBusyBlocks(trx, locked, blocks, now);
    return { status: 'synced', blocks: blocks.length } as const;
  });
}
