// Google Calendar push: when the portal has a public https address (PORTAL_URL), each linked Google
// calendar gets a notification channel (events.watch), so a change in Google is synced within seconds
// instead of at the next half-hourly poll, which stays as the fallback. A channel is registered by a job
// (after linking, and hourly for calendars without one or whose channel ends within a day), its row
// written before Google is asked (Google's first "sync" message can arrive before its answer). A
// notification is checked (channel id, its secret token, the resource) and queues one sync of that
// calendar per 30-second slot, however many arrive.
import crypto from 'node:crypto';
import { CalendarSyncError, type CalendarSync } from '../../integrations/calendar-sync';
import type { JobQueue } from '../../jobs/queue';
import { withAccessToken } from './google-account';
import * as repo from './repo';
import { STOP_WATCH_JOB, SYNC_CALENDAR_JOB, WATCH_CALENDAR_JOB } from './job-names';

export const GOOGLE_WEBHOOK_PATH = '/webhooks/google-calendar';

export const PUSH_LIMITS = {
  /** What a channel is asked to live; Google caps it (about a week for events). */
  ttlSeconds: 7 * 24 * 3600,
  /** A channel that ends within this is replaced by the hourly job. */
  renewBeforeMs: 24 * 3_600_000,
  /** Notifications of one calendar make at most one sync per slot of this many seconds (the next slot's when taken). */
  coalesceSeconds: 30,
} as const;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Where Google posts notifications, when push can work: Google only posts to https addresses it can
 * reach, so PORTAL_URL must be https; the sample account posts anywhere (it runs on this machine).
 */
export function pushAddress(portalUrl: string, calendarSync: CalendarSync | null): string | null {
  if (!calendarSync?.watch) return null;
  const base = portalUrl.replace(/\/+$/, '');
  return calendarSync.kind === 'local' || base.startsWith('https://') ? `${base}${GOOGLE_WEBHOOK_PATH}` : null;
}

/** Queues the registration of a calendar's channel (in the caller's transaction). */
export const enqueueWatch = (db: repo.Db, jobs: JobQueue, calendarId: number) =>
  jobs.enqueue(db, WATCH_CALENDAR_JOB, { calendarId }, { singletonKey: `watch-${calendarId}` });

export type WatchOutcome = 'watching' | 'not-google' | 'refused';

/**
 * Registers a new channel for the calendar, then stops its older ones. Google refusing (a link made before
 * the push scope, a calendar gone) leaves the calendar to polling; Google being down is thrown (retried).
 */
export async function watchCalendar(
  db: repo.Db,
  calendarSync: CalendarSync,
  calendarId: number,
  address: string,
  now = new Date(),
): Promise<WatchOutcome> {
  const calendar = await repo.findCalendarForSync(db, calendarId);
  if (calendar?.kind !== 'google' || !calendarSync.watch) return 'not-google';
  const id = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString('base64url');
  await repo.insertChannel(db, {
    id,
    calendarId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + PUSH_LIMITS.ttlSeconds * 1000),
  });
  let made: { resourceId: string; expiresAt: Date };
  try {
    made = await withAccessToken(
      db,
      calendarSync,
      calendar.providerId,
      'google',
      (accessToken) =>
        calendarSync.watch!(accessToken, calendar.googleCalendarId!, {
          id,
          token,
          address,
          ttlSeconds: PUSH_LIMITS.ttlSeconds,
        }),
      now,
    );
  } catch (error) {
    await repo.deleteChannel(db, id);
    if (error instanceof CalendarSyncError && error.reason !== 'unavailable') return 'refused';
    throw error;
  }
  await repo.confirmChannel(db, id, made.resourceId, made.expiresAt);
  const older = (await repo.channelsOf(db, [calendarId])).filter((c) => c.id !== id);
  for (const channel of older) {
    if (channel.resourceId) await stopChannel(db, calendarSync, calendar.providerId, channel.id, channel.resourceId);
    await repo.deleteChannel(db, channel.id);
  }
  return 'watching';
}

/** Asks Google to stop a channel (best effort: without access it simply ends at its expiration). */
export async function stopChannel(
  db: repo.Db,
  calendarSync: CalendarSync,
  providerId: number,
  channelId: string,
  resourceId: string,
): Promise<void> {
  if (!calendarSync.stopWatch) return;
  try {
    await withAccessToken(db, calendarSync, providerId, 'google', (accessToken) =>
      calendarSync.stopWatch!(accessToken, { id: channelId, resourceId }),
    );
  } catch (error) {
    if (!(error instanceof CalendarSyncError)) throw error;
  }
}

/**
 * The calendars' channels to stop once they are removed: each one's stop is queued in the caller's
 * transaction, which then deletes the calendars (and the channel rows with them).
 */
export async function enqueueStops(db: repo.Db, jobs: JobQueue, providerId: number, calendarIds: number[]) {
  for (const channel of await repo.channelsOf(db, calendarIds))
    if (channel.resourceId)
      await jobs.enqueue(db, STOP_WATCH_JOB, { providerId, channelId: channel.id, resourceId: channel.resourceId });
}

/** The hourly job: a registration for each Google calendar without a channel that lasts another day. */
export async function enqueueDueWatches(db: repo.Db, jobs: JobQueue, now = new Date()): Promise<number> {
  const ids = await repo.calendarsToWatch(db, new Date(now.getTime() + PUSH_LIMITS.renewBeforeMs));
  for (const id of ids) await enqueueWatch(db, jobs, id);
  return ids.length;
}

export interface GoogleNotification {
  channelId: string | undefined;
  token: string | undefined;
  resourceId: string | undefined;
  state: string | undefined;
}

export type NotificationOutcome = 'queued' | 'sync' | 'unknown';

/**
 * A notification from Google: a channel of ours with its token and resource, else unknown (nothing done).
 * "sync" (the channel's first message) needs nothing; any other state queues the calendar's sync.
 */
export async function receiveGoogleNotification(
  db: repo.Db,
  jobs: JobQueue,
  notification: GoogleNotification,
): Promise<NotificationOutcome> {
  const { channelId, token, resourceId, state } = notification;
  if (!channelId || !token || channelId.length > 200 || token.length > 300) return 'unknown';
  const channel = await repo.findChannel(db, channelId);
  if (!channel || !sameHash(sha256(token), channel.tokenHash)) return 'unknown';
  // Before Google's answer is stored the resource is not known yet; the token is the channel's proof.
  if (channel.resourceId && channel.resourceId !== resourceId) return 'unknown';
  if (state === 'sync') return 'sync';
  await jobs.enqueue(
    db,
    SYNC_CALENDAR_JOB,
    { calendarId: channel.calendarId },
    {
      singletonKey: `push-${channel.calendarId}`,
      singletonSeconds: PUSH_LIMITS.coalesceSeconds,
      singletonNextSlot: true,
    },
  );
  return 'queued';
}
