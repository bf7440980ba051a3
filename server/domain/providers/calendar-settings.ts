// The profile's call-calendar columns (time zone, open, the practice-management booking link), for the
// calendar module, which holds the rules; the facts it reads of the profile's locations and account are
// their modules' subqueries, so the calendar's state stays one query.
import type { Knex } from 'knex';
import { practiceManagementAccountQuery } from '../accounts';
import { acceptingLocationsQuery } from '../locations';

type Db = Knex | Knex.Transaction;

export interface CalendarSettings {
  hasCalendar: boolean;
  timeZone: string | null;
  open: boolean;
  /** Some location accepts patients. */
  accepting: boolean;
  /** The account has practice management (a paid plan or a clinic): the booking link may apply. */
  hasPracticeManagement: boolean;
  /** providers.practice_management_booking_link as stored (the practice-management module writes it). */
  bookingLink: unknown;
}

export async function calendarSettingsOf(db: Db, providerId: number): Promise<CalendarSettings | null> {
  const row = await db('providers as p')
    .where('p.id', providerId)
    .first<
      | {
          has_calendar: boolean;
          timezone: string | null;
          calendar_open: boolean;
          practice_management_booking_link: unknown;
          accepting: boolean;
          practice_management: boolean;
        }
      | undefined
    >(
      'p.has_calendar',
      'p.timezone',
      'p.calendar_open',
      'p.practice_management_booking_link',
      db.raw('exists ? as accepting', [acceptingLocationsQuery(db, 'p.id')]),
      db.raw('exists ? as practice_management', [practiceManagementAccountQuery(db, 'p.account_id')]),
    );
  if (!row) return null;
  return {
    hasCalendar: row.has_calendar,
    timeZone: row.timezone,
    open: row.calendar_open,
    accepting: row.accepting,
    hasPracticeManagement: row.practice_management,
    bookingLink: row.practice_management_booking_link,
  };
}

/** The profile's time zone (null: none set, or no such profile). */
export async function providerTimeZone(db: Db, providerId: number): Promise<string | null> {
  return (await db('providers').where({ id: providerId }).first('timezone'))?.timezone ?? null;
}

/**
 * Locks the profile's row for the rest of the caller's transaction: changes of what belongs to one profile
 * (its calendars, its feeds) made under it are serialised, so a double submit cannot add a thing twice.
 */
export async function lockProvider(trx: Knex.Transaction, providerId: number): Promise<void> {
  await trx('providers').where({ id: providerId }).forUpdate().first('id');
}

/** Sets the calendar's columns; false when there is no such profile. */
export async function updateCalendarSettings(
  db: Db,
  providerId: number,
  columns: { timezone?: string; calendar_open?: boolean },
): Promise<boolean> {
  return (await db('providers').where({ id: providerId }).update(columns)) > 0;
}

/** The profile's booking-link column (the document is the practice-management module's); locked on request. */
export function bookingLinkColumnsOf(
  db: Db,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<{ id: number; account_id: number; practice_management_booking_link: unknown } | undefined> {
  const query = db('providers').where({ id: providerId }).first('id', 'account_id', 'practice_management_booking_link');
  if (options.lock) void query.forUpdate();
  return query;
}

export async function saveBookingLink(db: Db, providerId: number, document: object): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .update({ practice_management_booking_link: JSON.stringify(document) });
}

/** Turns the booking link off (the dashboard's Hide Link): the call calendar applies again. */
export async function hideBookingLink(db: Db, providerId: number): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .whereNotNull('practice_management_booking_link')
    .update({
      practice_management_booking_link: db.raw(`practice_management_booking_link || '{"status":"inactive"}'::jsonb`),
    });
}
