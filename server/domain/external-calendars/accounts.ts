// The provider's Microsoft 365 / Outlook account, linked through OAuth like Google's: link it, choose its
// calendars (only ids the account lists), unlink it with every calendar of it. Each change is one
// transaction, the sync it needs enqueued in it; the calls to Microsoft happen before, never inside.
import {
  type CalendarEntry,
  CalendarSyncError,
  type CalendarSync,
  type GoogleTokens,
} from '../../integrations/calendar-sync';
import type { JobQueue } from '../../jobs/queue';
import { ValidationError } from '../../lib/errors';
import { lockProvider } from '../providers';
import { withAccessToken } from './google-account';
import * as repo from './repo';
import { enqueueSync } from './service';

export const MICROSOFT_LINK_MESSAGES = {
  calendarLinked: 'Outlook calendar linked successfully.',
  accountLinked: 'Your Microsoft account is linked. Choose the calendars whose busy times should block your calendar.',
  calendarUnlinked: 'Your Outlook calendar has been unlinked.',
  accountUnlinked: 'Your Microsoft account has been unlinked and its calendars removed.',
  chooseCalendar: 'Please choose one of your Outlook calendars.',
  alreadyLinked: 'This Outlook calendar is already linked.',
  notLinked: 'Please link your Microsoft account first.',
  refused: 'Microsoft did not link your account. Please try again.',
} as const;

export interface AccountStatus {
  linked: boolean;
  /** "Linked as …": the account's address or user name. */
  accountName: string | null;
  /** A CalDAV account's server (host only). */
  server: string | null;
  linkedAt: Date | null;
}

const hostOf = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
};

export async function accountStatus(
  db: repo.Db,
  providerId: number,
  service: repo.AccountService,
): Promise<AccountStatus> {
  const link = await repo.findAccountLink(db, providerId, service);
  return {
    linked: Boolean(link),
    accountName: link?.accountName ?? null,
    server: hostOf(link?.serverUrl),
    linkedAt: link?.linkedAt ?? null,
  };
}

/** Stores the tokens of a consent (the OAuth callback); a later consent replaces them. */
export async function linkMicrosoftAccount(db: repo.Db, providerId: number, tokens: GoogleTokens): Promise<void> {
  await db.transaction((trx) =>
    repo.saveOAuthAccountLink(trx, {
      providerId,
      service: 'microsoft',
      accountName: tokens.email,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scopes,
    }),
  );
}

const microsoftCalendars = (db: repo.Db, sync: CalendarSync, providerId: number) =>
  withAccessToken(db, sync, providerId, 'microsoft', (token) => sync.listCalendars(token));

/** The account's calendars not linked yet (the potential list). */
export async function potentialMicrosoftCalendars(
  db: repo.Db,
  sync: CalendarSync,
  providerId: number,
): Promise<CalendarEntry[]> {
  const calendars = await microsoftCalendars(db, sync, providerId);
  const linked = new Set(
    (await repo.listCalendars(db, providerId)).filter((c) => c.kind === 'microsoft').map((c) => c.remoteCalendarId),
  );
  return calendars.filter((c) => !linked.has(c.id));
}

/**
 * Links one calendar of an account: it must be among the calendars the account lists now (an id is never
 * taken on trust). The list is read before the transaction; the insert and its sync are one transaction.
 */
export async function linkAccountCalendar(
  db: repo.Db,
  jobs: JobQueue,
  input: {
    providerId: number;
    service: repo.AccountService;
    chosen: unknown;
    field: string;
    messages: { notLinked: string; chooseCalendar: string; alreadyLinked: string };
    /** The account's calendars now, read from its service. */
    calendars: () => Promise<CalendarEntry[]>;
  },
): Promise<number> {
  const { providerId, service, field, messages } = input;
  const link = await repo.findAccountLink(db, providerId, service);
  if (!link) throw new ValidationError({ [field]: messages.notLinked });
  const id = typeof input.chosen === 'string' ? input.chosen : '';
  if (!id) throw new ValidationError({ [field]: messages.chooseCalendar });
  let entries: CalendarEntry[];
  try {
    entries = await input.calendars();
  } catch (error) {
    if (error instanceof CalendarSyncError) throw new ValidationError({ [field]: error.message });
    throw error;
  }
  const entry = entries.find((c) => c.id === id);
  if (!entry) throw new ValidationError({ [field]: messages.chooseCalendar });
  return db.transaction(async (trx) => {
    await lockProvider(trx, providerId);
    // The account may have been unlinked (or linked again) meanwhile.
    const current = await repo.findAccountLink(trx, providerId, service);
    if (!current || current.id !== link.id) throw new ValidationError({ [field]: messages.notLinked });
    if (
      (await repo.listCalendars(trx, providerId)).some((c) => c.accountLinkId === link.id && c.remoteCalendarId === id)
    )
      throw new ValidationError({ [field]: messages.alreadyLinked });
    const calendarId = await repo.insertCalendar(trx, {
      providerId,
      kind: service,
      name: entry.name,
      accountLinkId: link.id,
      remoteCalendarId: id,
    });
    await enqueueSync(trx, jobs, calendarId);
    return calendarId;
  });
}

export const linkMicrosoftCalendar = (
  db: repo.Db,
  jobs: JobQueue,
  sync: CalendarSync,
  providerId: number,
  chosen: unknown,
): Promise<number> =>
  linkAccountCalendar(db, jobs, {
    providerId,
    service: 'microsoft',
    chosen,
    field: 'microsoft_calendar_id',
    messages: MICROSOFT_LINK_MESSAGES,
    calendars: () => microsoftCalendars(db, sync, providerId),
  });

/**
 * Unlinks an account: its tokens or password and every calendar of it, with their busy blocks. (Microsoft
 * has no call that withdraws one app's consent; the provider can remove it from their account.)
 */
export async function unlinkAccount(db: repo.Db, providerId: number, service: repo.AccountService): Promise<void> {
  await db.transaction((trx) => repo.deleteAccountLink(trx, providerId, service));
}
