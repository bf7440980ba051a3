// Cancel and reschedule (spec 3 §4, §5, §8): one transaction each that changes the appointment, writes
// the provider's note into the client's conversation (cancel_message / reschedule_message) and queues
// the client's e-mail. The row is locked first, so two posts about one appointment run one after the other;
// no double booking is the database's exclusion constraint, turned into a form message here.
import type { Knex } from 'knex';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import type { JobQueue, Outgoing } from '../../jobs';
import { askFirst, type ConfirmationNeeded } from '../../lib/confirmation';
import { isChecked } from '../../lib/form';
import { addDays, dateKeyOf, unusualTimeWarnings } from '../calendar';
import { addAppointmentMessage, conversationWith } from '../messaging';
import { RESCHEDULE_WINDOW_DAYS, isChangeable, typeLabelOf } from './panel';
import { queueCalendarWriteBack } from './calendar-write-back';
import { dropReminders, moveReminders } from './reminder-schedule';
import * as repo from './repo';
import { instantOf, longDateIn, timeRangeIn } from './time';
import { APPOINTMENT_MESSAGES, validateCancel, validateReschedule } from './validation';

export interface AppointmentChangeDeps {
  db: Knex;
  outgoing: Outgoing;
  /** The reminders' scheduled jobs, moved and dropped in the change's transaction. */
  jobs: JobQueue;
  brandName: string;
  /** Where clients read their messages. */
  clientSiteUrl: string;
}

/** The appointment may no longer change: not a form error, a state the page explains. */
export class AppointmentLockedError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

function refuseUnchangeable(a: repo.AppointmentRecord, now: Date): void {
  if (isChangeable(a, now)) return;
  if (a.legacy) throw new AppointmentLockedError(APPOINTMENT_MESSAGES.legacy);
  if (a.canceled) throw new AppointmentLockedError(APPOINTMENT_MESSAGES.canceled);
  if (a.request?.status === 'pending' && a.end > now)
    throw new AppointmentLockedError(APPOINTMENT_MESSAGES.answerFirst);
  throw new AppointmentLockedError(APPOINTMENT_MESSAGES.ended);
}

async function lockedAppointment(
  trx: Knex.Transaction,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  now: Date,
): Promise<repo.AppointmentRecord> {
  const appointment = await repo.findAppointment(trx, owner, appointmentId, { forUpdate: true });
  if (!appointment) throw new NotFoundError();
  refuseUnchangeable(appointment, now);
  return appointment;
}

const isOverlap = (error: unknown) =>
  (error as { code?: string; constraint?: string })?.code === '23P01' &&
  (error as { constraint?: string }).constraint === 'appointments_no_overlap';

/** What a change asks before it happens (a cancel always; a reschedule to an unusual time). */
export interface ChangeQuestion {
  /** Why the time is unusual (a reschedule); empty for a cancel. */
  warnings: string[];
  /** The start the question is about (ISO): a confirmation holds for that start only. */
  start: string | null;
}

/**
 * Cancels one live, future appointment of the owner, with the provider's optional note. The client is
 * e-mailed, so it asks first ('Cancel this consultation?') unless the post is confirmed.
 */
export async function cancelAppointment(
  deps: AppointmentChangeDeps,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<'done' | ConfirmationNeeded<ChangeQuestion>> {
  const { value, errors } = validateCancel(body);
  return deps.db.transaction(async (trx) => {
    const appointment = await lockedAppointment(trx, owner, appointmentId, now);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (!isChecked(body.confirmed)) return askFirst(APPOINTMENT_MESSAGES.cancelQuestion, { warnings: [], start: null });
    await repo.markCanceled(trx, appointment.id, value.message, now);
    await dropReminders(trx, deps.jobs, appointment.id);
    await queueCalendarWriteBack(trx, deps.jobs, appointment);
    await tellClient(trx, deps, { ...appointment, canceled: true }, 'cancel_message', value.message, now);
    return 'done' as const;
  });
}

/**
 * Moves one live, future appointment of the owner to a date and start time of the calendar's zone,
 * keeping its length. The start must lie between now and the end of the 90-day window, and not on
 * another live appointment of the provider. An unusual time (the night, Unavailable or linked busy time)
 * asks first, unless the post confirms that very start (confirmed_start).
 */
export async function rescheduleAppointment(
  deps: AppointmentChangeDeps,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<'done' | ConfirmationNeeded<ChangeQuestion>> {
  const { value, errors } = validateReschedule(body);
  return deps.db.transaction(async (trx) => {
    const appointment = await lockedAppointment(trx, owner, appointmentId, now);
    if (!value) throw new ValidationError(errors);
    const zone = appointment.timeZone;
    const today = dateKeyOf(now, zone);
    if (value.date < today || value.date > addDays(today, RESCHEDULE_WINDOW_DAYS))
      throw new ValidationError({ ...errors, date: APPOINTMENT_MESSAGES.window });
    const start = instantOf(value.date, value.startMinutes, zone);
    if (start <= now) throw new ValidationError({ ...errors, start_time: APPOINTMENT_MESSAGES.passed });
    if (start.getTime() === appointment.start.getTime())
      throw new ValidationError({ ...errors, start_time: APPOINTMENT_MESSAGES.sameTime });
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const end = new Date(start.getTime() + (appointment.end.getTime() - appointment.start.getTime()));
    if (body.confirmed_start !== start.toISOString()) {
      const warnings = await unusualTimeWarnings(trx, appointment.providerId, start, end, zone);
      if (warnings.length)
        return askFirst(`Reschedule to ${longDateIn(start, zone)}, ${timeRangeIn(start, end, zone)}?`, {
          warnings,
          start: start.toISOString(),
        });
    }
    try {
      await repo.moveAppointment(trx, appointment.id, start, end, now);
    } catch (error) {
      if (isOverlap(error)) throw new ValidationError({ start_time: APPOINTMENT_MESSAGES.overlap });
      throw error;
    }
    await moveReminders(trx, deps.jobs, { id: appointment.id, start }, now);
    await queueCalendarWriteBack(trx, deps.jobs, appointment);
    await tellClient(
      trx,
      deps,
      { ...appointment, start, end, rescheduledAt: now },
      'reschedule_message',
      value.message,
      now,
    );
    return 'done' as const;
  });
}

/**
 * The note goes into the conversation (it is the provider's message to the client); the e-mail says what
 * changed, with the time and the provider's name only, and points to the note. A client who deleted
 * their account gets neither.
 */
async function tellClient(
  trx: Knex.Transaction,
  deps: AppointmentChangeDeps,
  a: repo.AppointmentRecord,
  type: 'cancel_message' | 'reschedule_message',
  note: string | null,
  now: Date,
): Promise<void> {
  if (a.clientUserId === null) return;
  await addAppointmentMessage(trx, {
    conversationId: await conversationWith(trx, a.providerId, a.clientUserId, now),
    providerId: a.providerId,
    clientUserId: a.clientUserId,
    appointmentId: a.id,
    type,
    sender: 'provider',
    content: note,
    at: now,
  });
  if (!a.client.email) return;
  const when = `${longDateIn(a.start, a.timeZone)}, ${timeRangeIn(a.start, a.end, a.timeZone)}`;
  const what = typeLabelOf(a) === 'Phone Consult' ? 'phone consultation' : 'contact request';
  const cancelled = type === 'cancel_message';
  await deps.outgoing.mail(trx, {
    to: a.client.email,
    subject: cancelled
      ? `Your ${what} with ${a.providerName} has been cancelled`
      : `Your ${what} with ${a.providerName} has been rescheduled`,
    text: [
      a.client.firstName ? `Hello ${a.client.firstName},` : 'Hello,',
      '',
      cancelled
        ? `${a.providerName} has cancelled your ${what} of ${when}.`
        : `${a.providerName} has moved your ${what} to ${when}.`,
      ...(note ? ['', `${a.providerName} also sent you a message. Sign in to read it: ${deps.clientSiteUrl}`] : []),
      '',
      deps.brandName,
    ].join('\n'),
  });
}
