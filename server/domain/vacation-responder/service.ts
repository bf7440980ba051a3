// The vacation responder (spec 2 §3 Out-of-office message, §4, §5, §7 "Out of office"): saving its
// dates and message, switching it on or off, and the automated reply messaging sends while it runs.
// Provider-facing functions reach the row through the acting user's clinician access (else not found).
import type { Knex } from 'knex';
import { ValidationError } from '../../lib/errors';
import { type PolicyActor, editableProviderId } from '../accounts';
import * as repo from './repo';
import { responderWindow, validateVacation, VACATION_MESSAGES } from './validation';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';
import { isChecked } from '../../lib/form';
export type { OutOfOffice } from './repo';

/** The message type of the automated reply (spec 3 §3 Message). */
export const OUT_OF_OFFICE_MESSAGE_TYPE = 'automated_message_out_of_office';

/** Keys of a ValidationError that the page shows as a question rather than a field message. */

const EMPTY: repo.OutOfOffice = { status: 'inactive', startDate: null, endDate: null, message: null };

export interface VacationView extends repo.OutOfOffice {
  startsAt: Date | null;
  endsAt: Date | null;
  /** Active and replying now, active but not started yet, active with its end passed, or off. */
  phase: 'running' | 'scheduled' | 'ended' | 'off';
}

export function describe(row: repo.OutOfOffice, now: Date): VacationView {
  const window = row.startDate && row.endDate ? responderWindow(row.startDate, row.endDate) : null;
  let phase: VacationView['phase'] = 'off';
  if (row.status === 'active' && window)
    phase = now < window.startsAt ? 'scheduled' : now > window.endsAt ? 'ended' : 'running';
  return { ...row, startsAt: window?.startsAt ?? null, endsAt: window?.endsAt ?? null, phase };
}

export async function loadVacation(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  now = new Date(),
): Promise<VacationView> {
  editableProviderId(actor, providerId);
  return describe((await repo.find(db, providerId)) ?? EMPTY, now);
}

/** Saves dates and message (status unchanged). Answers 'unchanged' when nothing differs from what is saved. */
export async function saveVacation(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<'updated' | 'unchanged'> {
  editableProviderId(actor, providerId);
  const checked = validateVacation(body, now);
  if (!checked.value) throw new ValidationError(checked.errors);
  const value = checked.value;
  return db.transaction(async (trx) => {
    const saved = (await repo.find(trx, providerId, { lock: true })) ?? EMPTY;
    if (saved.startDate === value.start_date && saved.endDate === value.end_date && saved.message === value.message)
      return 'unchanged';
    await repo.save(trx, providerId, value);
    return 'updated';
  });
}

const typedDiffers = (body: Record<string, unknown>, saved: repo.OutOfOffice): boolean => {
  const typed = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : undefined);
  const pairs: [string, string | null][] = [
    ['start_date', saved.startDate],
    ['end_date', saved.endDate],
    ['message', saved.message],
  ];
  return pairs.some(([key, value]) => typed(key) !== undefined && typed(key) !== (value ?? ''));
};

/**
 * Switches the responder on or off (spec 2 §4). On needs saved, valid data. When the switch is pressed
 * in the open form with edits not saved yet, it asks first (askFirst) unless `confirmed`;
 * confirmed, the edits are discarded and the saved data used.
 */
export async function switchVacation(
  db: Knex,
  actor: PolicyActor,
  providerId: number,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<'active' | 'inactive' | ConfirmationNeeded> {
  editableProviderId(actor, providerId);
  const status = body.status === 'active' ? 'active' : body.status === 'inactive' ? 'inactive' : null;
  if (!status) throw new ValidationError({ status: 'Please choose on or off.' });
  return db.transaction(async (trx) => {
    const saved = (await repo.find(trx, providerId, { lock: true })) ?? EMPTY;
    if (typedDiffers(body, saved) && !isChecked(body.confirmed)) return askFirst(VACATION_MESSAGES.unsavedSwitch);
    if (status === 'active') {
      const checked = validateVacation(
        { start_date: saved.startDate ?? '', end_date: saved.endDate ?? '', message: saved.message ?? '' },
        now,
      );
      if (!checked.value) {
        throw new ValidationError({
          status:
            checked.errors.end_date === VACATION_MESSAGES.endInFuture
              ? VACATION_MESSAGES.endInFuture
              : VACATION_MESSAGES.needsSavedData,
        });
      }
    }
    await repo.setStatus(trx, providerId, status);
    return status;
  });
}

export interface OutOfOfficeReply {
  type: typeof OUT_OF_OFFICE_MESSAGE_TYPE;
  sender: 'provider';
  message_content: string;
}

/**
 * The automated reply to a new client message received at `at` (for messaging): the provider's
 * out-of-office message while the responder is active and `at` lies in its window (00:00 UTC on the
 * start date to 23:59 UTC on the end date), else null. Messaging stores it as a provider message of
 * type automated_message_out_of_office in the same conversation.
 */
export async function outOfOfficeReplyFor(
  db: Knex | Knex.Transaction,
  providerId: number,
  at: Date = new Date(),
): Promise<OutOfOfficeReply | null> {
  const row = await repo.find(db, providerId);
  if (row?.status !== 'active' || !row.message || !row.startDate || !row.endDate) return null;
  const window = responderWindow(row.startDate, row.endDate);
  if (!window || at < window.startsAt || at > window.endsAt) return null;
  return { type: OUT_OF_OFFICE_MESSAGE_TYPE, sender: 'provider', message_content: row.message };
}

/** The days an active responder covers (calendar dates, YYYY-MM-DD). */
export interface Absence {
  startDate: string;
  endDate: string;
}

/**
 * The provider's absence while the responder is on (whether it has started yet or not), for the calendar:
 * those days take no bookings and the calendar says so. Null when it is off or has no dates.
 */
export async function activeAbsence(db: Knex | Knex.Transaction, providerId: number): Promise<Absence | null> {
  const row = await repo.find(db, providerId);
  if (row?.status !== 'active' || !row.startDate || !row.endDate || row.endDate < row.startDate) return null;
  return { startDate: row.startDate, endDate: row.endDate };
}
