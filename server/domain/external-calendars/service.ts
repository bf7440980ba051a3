// The rules of a provider's external calendars (spec 3 §3 Calendar state, §7 Google linking): add and
// remove ICS feeds, link a Google account, choose its calendars, unlink. Every call is for one provider,
// and an id of another provider's calendar is not found. Each change is one transaction, and the sync
// it needs is enqueued in that transaction (a rollback enqueues nothing).
import { NotFoundError, ValidationError } from '../../lib/errors';
import {
  CalendarSyncError,
  type CalendarSync,
  type GoogleCalendarEntry,
  type GoogleTokens,
} from '../../integrations/calendar-sync';
import type { JobQueue } from '../../jobs/queue';
import { lockProvider } from '../providers';
import { withAccessToken } from './google-account';
import { SYNC_CALENDAR_JOB, WATCH_CALENDAR_JOB } from './job-names';
import { enqueueStops } from './push';
import * as repo from './repo';
import { FEED_LIMITS, FEED_MESSAGES, validateFeedForm } from './validation';

export { SYNC_ALL_CALENDARS_JOB, SYNC_CALENDAR_JOB } from './job-names';

export const GOOGLE_LINK_MESSAGES = {
  calendarLinked: 'Google calendar linked successfully.',
  accountLinked: 'Your Google account is linked. Choose the calendars whose busy times should block your calendar.',
  calendarUnlinked: 'Your Google calendar has been unlinked.',
  accountUnlinked: 'Your Google account has been unlinked and its calendars removed.',
  chooseCalendar: 'Please choose one of your Google calendars.',
  alreadyLinked: 'This Google calendar is already linked.',
  notLinked: 'Please link your Google account first.',
  refused: 'Google did not link your account. Please try again.',
} as const;

/**
 * Queues a sync of one calendar (in the caller's transaction); the key keeps one waiting job per calendar.
 * `startAfter`: not before then (seconds from now), as a service that asked us to wait said.
 */
export const enqueueSync = (db: repo.Db, jobs: JobQueue, calendarId: number, options: { startAfter?: number } = {}) =>
  jobs.enqueue(db, SYNC_CALENDAR_JOB, { calendarId }, { singletonKey: `calendar-${calendarId}`, ...options });

export async function addIcsFeed(
  db: repo.Db,
  jobs: JobQueue,
  providerId: number,
  body: Record<string, unknown>,
): Promise<number> {
  const { input, errors } = validateFeedForm(body);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return db.transaction(async (trx) => {
    // The provider's row serialises two adds of the same feed (double submit).
    await lockProvider(trx, providerId);
    if (await repo.feedExists(trx, providerId, input.url))
      throw new ValidationError({ url: FEED_MESSAGES.urlDuplicate });
    if ((await repo.countFeeds(trx, providerId)) >= FEED_LIMITS.perProvider)
      throw new ValidationError({ url: FEED_MESSAGES.tooMany });
    const calendarId = await repo.insertCalendar(trx, { providerId, kind: 'ics', name: input.name, url: input.url });
    await enqueueSync(trx, jobs, calendarId);
    return calendarId;
  });
}

/**
 * Removes a feed or unlinks a calendar, and its busy blocks with it; a Google calendar's push channels
 * are stopped by a job queued in the same transaction.
 */
export async function removeExternalCalendar(
  db: repo.Db,
  providerId: number,
  calendarId: number,
  jobs?: JobQueue,
): Promise<repo.ExternalCalendar> {
  return db.transaction(async (trx) => {
    const calendar = await repo.findCalendar(trx, providerId, calendarId);
    if (!calendar) throw new NotFoundError();
    if (jobs && calendar.kind === 'google') await enqueueStops(trx, jobs, providerId, [calendarId]);
    await repo.deleteCalendar(trx, providerId, calendarId);
    return calendar;
  });
}

/**
 * "Try again" on a feed refused for what it holds: it is read again by a sync queued now (and then every
 * half hour, unless it is refused again). A feed that is not refused is left as it is.
 */
export async function retryExternalCalendar(
  db: repo.Db,
  jobs: JobQueue,
  providerId: number,
  calendarId: number,
): Promise<repo.ExternalCalendar> {
  return db.transaction(async (trx) => {
    const calendar = await repo.findCalendar(trx, providerId, calendarId);
    if (!calendar) throw new NotFoundError();
    if (calendar.syncRefusedAt) {
      await repo.clearSyncRefusal(trx, calendarId);
      await enqueueSync(trx, jobs, calendarId);
    }
    return calendar;
  });
}

export interface GoogleAccountStatus {
  linked: boolean;
  email: string | null;
  linkedAt: Date | null;
}

export async function googleAccountStatus(db: repo.Db, providerId: number): Promise<GoogleAccountStatus> {
  const link = await repo.findGoogleLink(db, providerId);
  return { linked: Boolean(link), email: link?.email ?? null, linkedAt: link?.linkedAt ?? null };
}

/** Stores the tokens of a consent (the OAuth callback); a later consent replaces them. */
export async function linkGoogleAccount(db: repo.Db, providerId: number, tokens: GoogleTokens): Promise<void> {
  await db.transaction((trx) =>
    repo.saveGoogleLink(trx, {
      providerId,
      email: tokens.email,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scopes,
    }),
  );
}

/** The account's calendars not linked yet (spec: the potential list). */
export async function potentialGoogleCalendars(
  db: repo.Db,
  calendarSync: CalendarSync,
  providerId: number,
): Promise<GoogleCalendarEntry[]> {
  const calendars = await withAccessToken(db, calendarSync, providerId, 'google', (token) =>
    calendarSync.listCalendars(token),
  );
  const linked = new Set((await repo.listCalendars(db, providerId)).map((c) => c.googleCalendarId));
  return calendars.filter((c) => !linked.has(c.id));
}

/** Links one calendar of the account: it must be in the account's list (an id is never taken on trust). */
export async function linkGoogleCalendar(
  db: repo.Db,
  jobs: JobQueue,
  calendarSync: CalendarSync,
  providerId: number,
  googleCalendarId: unknown,
): Promise<number> {
  if (!(await repo.findGoogleLink(db, providerId)))
    throw new ValidationError({ google_calendar_id: GOOGLE_LINK_MESSAGES.notLinked });
  const id = typeof googleCalendarId === 'string' ? googleCalendarId : '';
  if (!id) throw new ValidationError({ google_calendar_id: GOOGLE_LINK_MESSAGES.chooseCalendar });
  let entries: GoogleCalendarEntry[];
  try {
    entries = await withAccessToken(db, calendarSync, providerId, 'google', (token) =>
      calendarSync.listCalendars(token),
    );
  } catch (error) {
    if (error instanceof CalendarSyncError) throw new ValidationError({ google_calendar_id: error.message });
    throw error;
  }
  const entry = entries.find((c) => c.id === id);
  if (!entry) throw new ValidationError({ google_calendar_id: GOOGLE_LINK_MESSAGES.chooseCalendar });
  return db.transaction(async (trx) => {
    await lockProvider(trx, providerId);
    if ((await repo.listCalendars(trx, providerId)).some((c) => c.googleCalendarId === id))
      throw new ValidationError({ google_calendar_id: GOOGLE_LINK_MESSAGES.alreadyLinked });
    const calendarId = await repo.insertCalendar(trx, {
      providerId,
      kind: 'google',
      name: entry.name,
      googleCalendarId: id,
    });
    await enqueueSync(trx, jobs, calendarId);
    // Push, when this portal can receive it (the job decides; without it, polling alone).
    await jobs.enqueue(trx, WATCH_CALENDAR_JOB, { calendarId }, { singletonKey: `watch-${calendarId}` });
    return calendarId;
  });
}

/** Unlinks the account: its tokens and every Google calendar with their busy blocks; then withdraws the consent. */
export async function unlinkGoogleAccount(
  db: repo.Db,
  calendarSync: CalendarSync | null,
  providerId: number,
): Promise<void> {
  const { link, channels } = await db.transaction(async (trx) => {
    const googleIds = (await repo.listCalendars(trx, providerId)).filter((c) => c.kind === 'google').map((c) => c.id);
    const held = await repo.channelsOf(trx, googleIds);
    await repo.deleteGoogleCalendars(trx, providerId);
    return { link: await repo.deleteGoogleLink(trx, providerId), channels: held };
  });
  // Push channels stop before the consent goes (best effort, with the access token still held).
  if (calendarSync?.stopWatch && link?.accessToken)
    for (const channel of channels)
      if (channel.resourceId)
        await calendarSync
          .stopWatch(link.accessToken, { id: channel.id, resourceId: channel.resourceId })
          .catch(() => undefined);
  const token = link?.refreshToken ?? link?.accessToken;
  if (calendarSync && token) await calendarSync.revoke(token);
}

/** Queues a sync of every external calendar (the half-hourly job). */
export async function enqueueAllSyncs(db: repo.Db, jobs: JobQueue): Promise<number> {
  const ids = await repo.allCalendarIds(db);
  for (const id of ids) await enqueueSync(db, jobs, id);
  return ids.length;
}
