// A consultation booked, moved, canceled or confirmed is written to the provider's chosen calendar by a
// job of the external-calendars module (write-back, issue [23] item 3). This module only announces the
// change, in the change's own transaction; the job reads the consultation as it is when it runs, so one
// announcement per change is enough whatever their order. The job's name lives here because the
// external-calendars module reads appointments (this module cannot import it back).
import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/queue';

export const CALENDAR_WRITE_BACK_JOB = 'external-calendars.write-back';

export interface CalendarWriteBackData {
  appointmentId: number;
  providerId: number;
}

export const queueCalendarWriteBack = (
  trx: Knex.Transaction,
  jobs: JobQueue,
  consultation: { id: number; providerId: number },
): Promise<void> =>
  jobs.enqueue(trx, CALENDAR_WRITE_BACK_JOB, {
    appointmentId: consultation.id,
    providerId: consultation.providerId,
  } satisfies CalendarWriteBackData);
