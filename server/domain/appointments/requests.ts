// Approve-before-confirm (issue [23] item 2): a provider who approves bookings first gets each one as a
// request, held (its slot is taken) until they accept or decline it from the appointment's page, by its
// deadline (24 hours, or its start when that comes first). A request left unanswered is declined by the
// job below when its deadline passes. The client is told each answer by e-mail, with the time and the
// provider's name only: never a message's text, never the intake answers.
import type { Knex } from 'knex';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { createOutgoing, type JobDefinition, type JobQueue, type Outgoing } from '../../jobs';
import { text } from '../../lib/form';
import { addAppointmentMessage, conversationWith } from '../messaging';
import { queueCalendarWriteBack } from './calendar-write-back';
import { dropReminders } from './reminder-schedule';
import * as repo from './repo';
import { formTimeIn, longDateIn, timeRangeIn } from './time';
import { MESSAGE_MAX } from './validation';

export const REQUEST_MESSAGES = {
  accepted: 'You accepted the phone consultation. The client has been told by e-mail.',
  declined: 'You declined the phone consultation. The client has been told by e-mail.',
  notPending: 'This request has already been answered.',
  expired: 'This request has expired: it was declined when its deadline passed.',
  messageMax: 'Please keep your message under 2000 characters!',
} as const;

export const EXPIRE_REQUESTS_JOB = 'appointments.expire-requests';

/** The request can no longer be answered (409): the page says why. */
export class RequestClosedError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface RequestAnswerDeps {
  db: Knex;
  outgoing: Outgoing;
  /** A declined request's reminders are dropped in the answer's transaction. */
  jobs: JobQueue;
  brandName: string;
  /** Where clients read their messages and book again. */
  clientSiteUrl: string;
}

/** The provider's pending request, locked; anything else is refused with the reason. */
async function lockedRequest(
  trx: Knex.Transaction,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  now: Date,
): Promise<repo.AppointmentRecord> {
  const appointment = await repo.findAppointment(trx, owner, appointmentId, { forUpdate: true });
  if (!appointment?.request) throw new NotFoundError();
  if (appointment.request.status === 'expired') throw new RequestClosedError(REQUEST_MESSAGES.expired);
  if (appointment.request.status !== 'pending' || appointment.canceled)
    throw new RequestClosedError(REQUEST_MESSAGES.notPending);
  // Past its deadline, the request is the job's to decline (it may not have run yet).
  if (appointment.request.deadline <= now) throw new RequestClosedError(REQUEST_MESSAGES.expired);
  return appointment;
}

/** Accepts a pending request of the owner's: the consultation is confirmed and the client e-mailed. */
export async function acceptRequest(
  deps: RequestAnswerDeps,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const appointment = await lockedRequest(trx, owner, appointmentId, now);
    await repo.decideRequest(trx, appointment.id, 'accepted', now);
    await queueCalendarWriteBack(trx, deps.jobs, appointment);
    await tellClientOfAnswer(trx, deps, appointment, 'accepted', false);
  });
}

/**
 * Declines a pending request of the owner's: its slot is free again, the provider's optional note goes
 * into the conversation, and the client is e-mailed (the e-mail points to the note, never quotes it).
 */
export async function declineRequest(
  deps: RequestAnswerDeps,
  owner: repo.AppointmentOwner,
  appointmentId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const note = text(body.decline_message).trim();
  await deps.db.transaction(async (trx) => {
    const appointment = await lockedRequest(trx, owner, appointmentId, now);
    if (note.length > MESSAGE_MAX) throw new ValidationError({ decline_message: REQUEST_MESSAGES.messageMax });
    await repo.decideRequest(trx, appointment.id, 'declined', now);
    await dropReminders(trx, deps.jobs, appointment.id);
    if (note && appointment.clientUserId !== null) {
      await addAppointmentMessage(trx, {
        conversationId: await conversationWith(trx, appointment.providerId, appointment.clientUserId, now),
        providerId: appointment.providerId,
        clientUserId: appointment.clientUserId,
        appointmentId: appointment.id,
        type: 'cancel_message',
        sender: 'provider',
        content: note,
        at: now,
      });
    }
    await tellClientOfAnswer(trx, deps, appointment, 'declined', Boolean(note));
  });
}

/** How many overdue requests one run of the job declines per transaction. */
const EXPIRY_BATCH = 50;

/** Declines every request whose deadline has passed, a batch per transaction; answers how many. */
export async function expireOverdueRequests(deps: RequestAnswerDeps, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await deps.db.transaction(async (trx) => {
      const overdue = await repo.lockOverdueRequests(trx, now, EXPIRY_BATCH);
      for (const { id, providerId } of overdue) {
        const appointment = await repo.findAppointment(trx, { providerId }, id);
        await repo.decideRequest(trx, id, 'expired', now);
        await dropReminders(trx, deps.jobs, id);
        if (appointment) await tellClientOfAnswer(trx, deps, appointment, 'expired', false);
      }
      return overdue.length;
    });
    expired += done;
    if (done < EXPIRY_BATCH) return expired;
  }
}

/** The client's e-mail about the answer, queued in the answer's transaction. */
async function tellClientOfAnswer(
  trx: Knex.Transaction,
  deps: RequestAnswerDeps,
  a: repo.AppointmentRecord,
  answer: 'accepted' | 'declined' | 'expired',
  withNote: boolean,
): Promise<void> {
  if (!a.client.email) return;
  const when = `${longDateIn(a.start, a.timeZone)}, ${timeRangeIn(a.start, a.end, a.timeZone)}`;
  const lines =
    answer === 'accepted'
      ? [`${a.providerName} accepted your phone consultation of ${when}. It is confirmed.`]
      : answer === 'declined'
        ? [
            `${a.providerName} could not accept your phone consultation request of ${when}.`,
            ...(withNote
              ? ['', `${a.providerName} also sent you a message. Sign in to read it: ${deps.clientSiteUrl}`]
              : []),
            '',
            `You can choose another time: ${deps.clientSiteUrl}`,
          ]
        : [
            `${a.providerName} did not answer your phone consultation request of ${when} in time, so it was not confirmed.`,
            '',
            `You can choose another time: ${deps.clientSiteUrl}`,
          ];
  await deps.outgoing.mail(trx, {
    to: a.client.email,
    subject:
      answer === 'accepted'
        ? `Your phone consultation with ${a.providerName} is confirmed`
        : `Your phone consultation request with ${a.providerName} was not accepted`,
    text: [a.client.firstName ? `Hello ${a.client.firstName},` : 'Hello,', '', ...lines, '', deps.brandName].join('\n'),
  });
}

/** "Monday, December 7, 2026, 3:00pm": a request's deadline as the provider reads it. */
export const deadlineText = (deadline: Date, timeZone: string): string =>
  `${longDateIn(deadline, timeZone)}, ${formTimeIn(deadline, timeZone)}`;

export const requestJobs: JobDefinition<never>[] = [
  {
    name: EXPIRE_REQUESTS_JOB,
    // Every five minutes: an unanswered request is declined at most five minutes after its deadline.
    cron: '*/5 * * * *',
    retryLimit: 2,
    handle: async (_data, { db, integrations, config, logger }) => {
      const expired = await expireOverdueRequests(
        {
          db,
          outgoing: createOutgoing(integrations.jobs),
          jobs: integrations.jobs,
          brandName: config.brandName,
          clientSiteUrl: config.clientSiteUrl,
        },
        new Date(),
      );
      if (expired) logger.info({ expired }, 'unanswered consultation requests declined');
    },
  },
] as JobDefinition<never>[];
