// Availability rules (spec 3 §4 Calendar): create, edit a single event, one instance or all instances
// of a series, delete, and restore an instance an exception replaced. Every function reaches rows
// through the provider's id (another provider's id is not found) and runs as one transaction, joining
// the caller's when it is given one. Blocks read from an external calendar are view-only.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { CALENDAR_MESSAGES as M, isTimeZone } from './constants';
import { alignToFirstOccurrence, isOccurrence, occurrenceEnd } from './expand';
import * as repo from './repo';
import type { AvailabilityEvent, AvailabilityInput } from './types';

type Db = repo.Db;

/** The field key of a message about the whole block rather than one field. */
export const FORM_KEY = 'form';

function inTransaction<T>(db: Db, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Knex.Transaction) : db.transaction(work);
}

/** An event of the provider the form may change: not another provider's, not an external calendar's. */
async function editableEvent(trx: Db, providerId: number, eventId: number): Promise<AvailabilityEvent> {
  const event = await repo.findEvent(trx, providerId, eventId, { lock: true });
  if (!event) throw new NotFoundError();
  if (event.externalCalendarId !== null) throw new ValidationError({ [FORM_KEY]: M.external }, M.external);
  return event;
}

/** A series of the provider and one of its real instances. */
async function seriesInstance(
  trx: Db,
  providerId: number,
  seriesId: number,
  originalStart: Date,
): Promise<AvailabilityEvent> {
  const series = await editableEvent(trx, providerId, seriesId);
  if (
    !series.isRecurring ||
    series.parentId !== null ||
    Number.isNaN(originalStart.getTime()) ||
    !isOccurrence(series, originalStart)
  ) {
    throw new NotFoundError();
  }
  return series;
}

function firstOccurrenceOf(input: AvailabilityInput): AvailabilityInput {
  const aligned = alignToFirstOccurrence(input);
  if (!aligned) throw new ValidationError({ recurrence: M.noOccurrences });
  return aligned;
}

export async function updateCalendarSettings(
  db: Db,
  providerId: number,
  settings: { timeZone?: string; open?: boolean },
): Promise<void> {
  if (settings.timeZone !== undefined && !isTimeZone(settings.timeZone))
    throw new ValidationError({ timezone: M.timeZone });
  await repo.updateProviderCalendar(db, providerId, {
    ...(settings.timeZone !== undefined ? { timezone: settings.timeZone } : {}),
    ...(settings.open !== undefined ? { calendar_open: settings.open } : {}),
  });
}

export async function createAvailability(
  db: Db,
  providerId: number,
  input: AvailabilityInput,
): Promise<AvailabilityEvent> {
  return repo.insertEvent(db, providerId, repo.columnsOf(firstOccurrenceOf(input)));
}

/**
 * Edits a single event, an exception (as itself), or a whole series ("all instances"). A series keeps
 * the exceptions whose instance the new rule still has (a rename keeps a moved or deleted instance as it
 * is); those whose instance no longer exists are dropped with it. A series edited to "Does not repeat"
 * becomes a single event and loses its exceptions.
 */
export async function updateAvailability(
  db: Db,
  providerId: number,
  eventId: number,
  input: AvailabilityInput,
): Promise<AvailabilityEvent> {
  return inTransaction(db, async (trx) => {
    const event = await editableEvent(trx, providerId, eventId);
    if (event.parentId !== null) {
      if (input.rrule) throw new ValidationError({ recurrence: M.exceptionCannotRepeat });
      return repo.updateEvent(trx, providerId, event.id, { ...repo.columnsOf(input), removed: false });
    }
    const aligned = firstOccurrenceOf(input);
    const updated = await repo.updateEvent(trx, providerId, event.id, repo.columnsOf(aligned));
    if (event.isRecurring) {
      const exceptions = await repo.exceptionsOf(trx, providerId, event.id);
      const orphaned = updated.isRecurring
        ? exceptions.filter((exception) => !isOccurrence(updated, exception.originalStart!))
        : exceptions;
      await repo.deleteEvents(
        trx,
        providerId,
        orphaned.map((exception) => exception.id),
      );
    }
    return updated;
  });
}

/** "This instance": the instance of the series that started at originalStart becomes an exception with the input's times. */
export async function editInstance(
  db: Db,
  providerId: number,
  seriesId: number,
  originalStart: Date,
  input: AvailabilityInput,
): Promise<AvailabilityEvent> {
  if (input.rrule) throw new ValidationError({ recurrence: M.exceptionCannotRepeat });
  return inTransaction(db, async (trx) => {
    const series = await seriesInstance(trx, providerId, seriesId, originalStart);
    return upsertException(trx, series, originalStart, { ...repo.columnsOf(input), removed: false });
  });
}

/** Deletes one instance of a series: an exception that removes it (restorable). */
export async function removeInstance(db: Db, providerId: number, seriesId: number, originalStart: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const series = await seriesInstance(trx, providerId, seriesId, originalStart);
    await upsertException(trx, series, originalStart, {
      name: series.name,
      free: series.free,
      start_time: originalStart,
      end_time: occurrenceEnd(series, originalStart),
      duration_in_minutes: series.durationInMinutes,
      removed: true,
    });
  });
}

async function upsertException(
  trx: Db,
  series: AvailabilityEvent,
  originalStart: Date,
  columns: repo.NewEventColumns,
): Promise<AvailabilityEvent> {
  // Exceptions never repeat themselves; their series carries the rule.
  const own = { ...columns, is_recurring: false, rrule: null, rrule_tzid: null };
  const existing = await repo.findException(trx, series.providerId, series.id, originalStart);
  if (existing) return repo.updateEvent(trx, series.providerId, existing.id, own);
  return repo.insertEvent(trx, series.providerId, {
    ...own,
    parent_id: series.id,
    original_start_time: originalStart,
    location_id: series.locationId,
  });
}

/** Deletes a single event, a series with its exceptions, or an exception's instance (which stays deleted, restorable). */
export async function deleteAvailability(db: Db, providerId: number, eventId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const event = await editableEvent(trx, providerId, eventId);
    if (event.parentId !== null) await repo.updateEvent(trx, providerId, event.id, { removed: true });
    else await repo.deleteEvents(trx, providerId, [event.id]);
  });
}

/** Undoes an exception: its row goes and the series' original instance comes back. */
export async function restoreOriginalInstance(db: Db, providerId: number, exceptionId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const exception = await editableEvent(trx, providerId, exceptionId);
    if (exception.parentId === null) throw new NotFoundError();
    await repo.deleteEvents(trx, providerId, [exception.id]);
  });
}
