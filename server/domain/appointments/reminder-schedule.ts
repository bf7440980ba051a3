// When a consultation's reminders run (issue [23] item 1): one scheduled job per reminder, 24 hours and
// 2 hours before the start, keyed by appointment and kind. Booking schedules them, a reschedule cancels
// the waiting ones and schedules the new times, a cancel (or a declined request) cancels them: always
// through the change's own transaction, so a rollback leaves the queue as it was. A reminder whose time
// has already passed when the consultation is booked or moved is not scheduled.
import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/queue';

export const CLIENT_REMINDER_JOB = 'appointments.remind-client';

export const REMINDER_KINDS = ['day_before', 'two_hours_before'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const HOUR_MS = 3_600_000;
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = {
  day_before: 24 * HOUR_MS,
  two_hours_before: 2 * HOUR_MS,
};

/** What a reminder's job carries: the consultation, the reminder and the start it was made for. */
export interface ReminderJobData {
  appointmentId: number;
  kind: ReminderKind;
  /** ISO: the consultation's start when the job was made; a job for another start sends nothing. */
  start: string;
}

/** One key per consultation and reminder: what a reschedule or a cancel finds the waiting job by. */
export const reminderKey = (appointmentId: number, kind: ReminderKind) => `appointment-${appointmentId}-${kind}`;

/** When each reminder of a consultation starting at `start` is due, leaving out those already past at `now`. */
export function reminderTimes(start: Date, now: Date): { kind: ReminderKind; at: Date }[] {
  return REMINDER_KINDS.map((kind) => ({ kind, at: new Date(start.getTime() - REMINDER_LEAD_MS[kind]) })).filter(
    ({ at }) => at > now,
  );
}

/** Schedules the reminders of a consultation just booked (in the booking's transaction). */
export async function scheduleReminders(
  trx: Knex.Transaction,
  jobs: JobQueue,
  consultation: { id: number; start: Date },
  now: Date,
): Promise<void> {
  for (const { kind, at } of reminderTimes(consultation.start, now)) {
    await jobs.enqueue(
      trx,
      CLIENT_REMINDER_JOB,
      { appointmentId: consultation.id, kind, start: consultation.start.toISOString() } satisfies ReminderJobData,
      { startAfter: at, singletonKey: reminderKey(consultation.id, kind) },
    );
  }
}

/** Cancels the reminders of a consultation that are still waiting (a cancel, a declined request). */
export async function dropReminders(trx: Knex.Transaction, jobs: JobQueue, appointmentId: number): Promise<void> {
  for (const kind of REMINDER_KINDS)
    await jobs.cancelWaiting(trx, CLIENT_REMINDER_JOB, reminderKey(appointmentId, kind));
}

/** A consultation moved: its waiting reminders are cancelled and those of the new start scheduled. */
export async function moveReminders(
  trx: Knex.Transaction,
  jobs: JobQueue,
  consultation: { id: number; start: Date },
  now: Date,
): Promise<void> {
  await dropReminders(trx, jobs, consultation.id);
  await scheduleReminders(trx, jobs, consultation, now);
}
