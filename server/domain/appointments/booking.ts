// How bookings arrive (issue [11]; spec 3 §3 Appointment and Message): the directory lists a provider's
// free consultation slots, books one for a client and lets the client cancel it. No double booking,
// ever: the bookings of one provider take turns, each checks the slot against the calendar and the
// provider's booking rules (rules.ts: length, buffers, notice, horizon, weekly cap) inside its
// transaction, and the exclusion constraint appointments_no_overlap has the last word. A provider who
// approves bookings first gets a request, held until they answer (requests.ts). The provider hears of
// each booking and cancel through a job that carries a link, never the client's name or answers.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { HttpError, NotFoundError } from '../../lib/errors';
import { notificationContacts, providerDisplayName, userIdsWithEmail } from '../accounts';
import { encryptJson } from '../data-protection';
import type { Slot } from '../calendar';
import { addAppointmentMessage, clientUserFor, conversationWith, openConversation } from '../messaging';
import { findLiveProvider, joinProviderColumns, notifiedClinicianIds } from '../providers';
import { queueCalendarWriteBack } from './calendar-write-back';
import { dropReminders, scheduleReminders } from './reminder-schedule';
import { BOOKING_RULE_LIMITS, bookingRulesOf } from './rules';
import { bookableSlots, isBookable } from './slots';
import { formTimeIn, longDateIn, timeRangeIn } from './time';

type Db = Knex | Knex.Transaction;

const MINUTE_MS = 60_000;
// PostgreSQL's exclusion_violation: another live consultation of the provider overlaps this one.
const EXCLUSION_VIOLATION = '23P01';
// deadlock_detected and serialization_failure: PostgreSQL rolled this transaction back to let another
// through; running it again is safe (no outside call happens inside it).
const GAVE_WAY = new Set(['40P01', '40001']);
const BOOKING_ATTEMPTS = 3;

export const PROVIDER_NOTIFICATION_JOB = 'appointments.notify-provider';

export type BookingConflictCode = 'slot_unavailable' | 'already_canceled' | 'consultation_ended' | 'not_cancelable';

/** The booking or cancel cannot happen as asked (409): the code tells the directory why. */
export class BookingConflict extends HttpError {
  constructor(
    public readonly code: BookingConflictCode,
    message: string,
  ) {
    super(409, message);
  }
}

export const BOOKING_CONFLICTS = {
  slot_unavailable: 'This time is not available for a phone consultation. Choose another slot.',
  already_canceled: 'This phone consultation was already canceled.',
  consultation_ended: 'This phone consultation has already taken place.',
  not_cancelable: 'This phone consultation cannot be canceled here. Please contact the provider.',
} as const satisfies Record<BookingConflictCode, string>;

const conflict = (code: BookingConflictCode) => new BookingConflict(code, BOOKING_CONFLICTS[code]);

export interface BookingClient {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface BookingRequest {
  providerId: number;
  start: Date;
  client: BookingClient;
  /** The client's answers to the directory's intake questions (key → answer). */
  intakeForm: Record<string, string>;
}

export interface ClientCancelRequest {
  appointmentId: number;
  clientEmail: string;
  cancelMessage: string | null;
}

export interface Consultation {
  id: number;
  providerId: number;
  start: Date;
  end: Date;
  /** pending: held as a request until the provider accepts it (or it is declined, or expires at `requestDeadline`). */
  status: 'booked' | 'pending' | 'canceled';
  /** A pending request: by when the provider answers. */
  requestDeadline?: Date | null;
  /** On a booking that made the client's conversation with the provider: its token (the key to the provider's replies). */
  conversationToken?: string | null;
}

export interface ProviderSlots {
  providerId: number;
  timeZone: string;
  slots: Slot[];
}

/**
 * The free consultation slots of a live provider between two instants. The calendar decides what is
 * free: none while it is closed or not attached, or no location accepts new clients.
 */
export async function consultationSlots(
  db: Knex,
  providerId: number,
  range: { from: Date; to: Date },
  now: Date,
): Promise<ProviderSlots> {
  const provider = await findLiveProvider(db, providerId);
  if (!provider) throw new NotFoundError();
  return {
    providerId: provider.id,
    timeZone: provider.timezone,
    slots: await bookableSlots(db, provider.id, range.from, range.to, now),
  };
}

/**
 * Books a consultation in one transaction: the slot must be free in the calendar, the client is found
 * by e-mail (or made), the booking's intake goes into the client's conversation and the provider's
 * notification is queued. A race lost to another booking is a 409 slot_unavailable, like a taken slot.
 */
export async function bookConsultation(
  db: Knex,
  jobs: JobQueue,
  request: BookingRequest,
  now: Date,
): Promise<Consultation> {
  return retriedWhenGivingWay(() => bookIn(db, jobs, request, now));
}

/** A request waits 24 hours for the provider's answer, or until its start when that comes first. */
export const requestDeadlineOf = (start: Date, now: Date): Date =>
  new Date(Math.min(start.getTime(), now.getTime() + BOOKING_RULE_LIMITS.requestHours * 60 * MINUTE_MS));

/** `attempt` again when PostgreSQL chose it to give way (a deadlock with another writer of appointments). */
async function retriedWhenGivingWay<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= BOOKING_ATTEMPTS || !GAVE_WAY.has(String((error as { code?: unknown }).code))) throw error;
    }
  }
}

/**
 * Bookings of one provider take turns, from the start of their transaction to its end. Without the turn,
 * bookings that all found the slot free insert at once, and concurrent inserts into one exclusion
 * constraint wait on each other: PostgreSQL breaks each such deadlock (40P01) after deadlock_timeout by
 * rolling one back, and under load 49 of 50 racers died so, one a second, each a 500. With it, the
 * first holds the turn, the next ones read its committed booking and refuse the slot without inserting.
 */
async function takeBookingTurn(trx: Knex.Transaction, providerId: number): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('appointments.booking:' || ?::text, 0))`, [providerId]);
}

async function bookIn(db: Knex, jobs: JobQueue, request: BookingRequest, now: Date): Promise<Consultation> {
  return db.transaction(async (trx) => {
    await takeBookingTurn(trx, request.providerId);
    const provider = await findLiveProvider(trx, request.providerId);
    if (!provider) throw new NotFoundError();
    // Read in the turn: every rule (the weekly cap too) sees the bookings committed before it.
    const rules = await bookingRulesOf(trx, provider.id);
    const end = new Date(request.start.getTime() + rules.consultationMinutes * MINUTE_MS);
    if (!(await isBookable(trx, provider.id, request.start, end, now, rules))) throw conflict('slot_unavailable');
    const requestDeadline = rules.approvalRequired ? requestDeadlineOf(request.start, now) : null;
    const clientUserId = await clientUserFor(trx, request.client);
    let inserted: { id: number; start_time: Date; end_time: Date };
    try {
      [inserted] = await trx('appointments')
        .insert({
          provider_id: provider.id,
          client_user_id: clientUserId,
          type: 'phone_consultation',
          start_time: request.start,
          end_time: end,
          intake_form: JSON.stringify(await encryptJson(trx, request.intakeForm)),
          ...(requestDeadline ? { request_status: 'pending', request_deadline: requestDeadline } : {}),
        })
        .returning(['id', 'start_time', 'end_time']);
    } catch (error) {
      if ((error as { code?: string }).code === EXCLUSION_VIOLATION) throw conflict('slot_unavailable');
      throw error;
    }
    const appointmentId = inserted.id;
    const { firstName, lastName, phoneNumber } = request.client;
    const conversation = await openConversation(
      trx,
      provider.id,
      clientUserId,
      { firstName, lastName, phoneNumber },
      now,
    );
    await addAppointmentMessage(trx, {
      conversationId: conversation.id,
      providerId: provider.id,
      clientUserId,
      appointmentId,
      type: 'booking_tool_intake',
      sender: 'client',
      content: null,
      intakeForm: request.intakeForm,
      at: now,
    });
    await jobs.enqueue(trx, PROVIDER_NOTIFICATION_JOB, {
      appointmentId,
      event: requestDeadline ? 'requested' : 'booked',
    } satisfies NotificationData);
    // A request's reminders wait too: when they come due, only an accepted one is reminded of.
    await scheduleReminders(trx, jobs, { id: appointmentId, start: new Date(inserted.start_time) }, now);
    await queueCalendarWriteBack(trx, jobs, { id: appointmentId, providerId: provider.id });
    return {
      id: appointmentId,
      providerId: provider.id,
      start: new Date(inserted.start_time),
      end: new Date(inserted.end_time),
      status: requestDeadline ? 'pending' : 'booked',
      requestDeadline,
      conversationToken: conversation.token,
    };
  });
}

/**
 * The client's own cancel: only with the e-mail the booking was made with (any other is not found, so
 * an id cannot be probed), only while it is live and still ahead; the cancel message goes into the
 * conversation and the provider is told.
 */
export async function cancelConsultationAsClient(
  db: Knex,
  jobs: JobQueue,
  request: ClientCancelRequest,
  now: Date,
): Promise<Consultation> {
  return db.transaction(async (trx) => {
    const row = await trx('appointments')
      .where({ id: request.appointmentId })
      .whereIn('client_user_id', userIdsWithEmail(trx, request.clientEmail))
      .forUpdate()
      .first('id', 'provider_id', 'client_user_id', 'start_time', 'end_time', 'canceled', 'legacy');
    // Found through the client's e-mail, so it has a client.
    if (!row?.client_user_id) throw new NotFoundError();
    if (row.canceled) throw conflict('already_canceled');
    if (row.end_time <= now) throw conflict('consultation_ended');
    if (row.legacy) throw conflict('not_cancelable');
    await cancelAsClientIn(trx, jobs, { ...row, client_user_id: row.client_user_id }, request.cancelMessage, now);
    return {
      id: row.id,
      providerId: row.provider_id,
      start: row.start_time,
      end: row.end_time,
      status: 'canceled',
    };
  });
}

/**
 * The client's cancel of a live consultation locked by the caller's transaction (the API's cancel, a
 * reminder's one-tap link): the row is canceled, the client's note (if any) goes into the conversation,
 * the provider is told and the reminders still waiting are dropped.
 */
export async function cancelAsClientIn(
  trx: Knex.Transaction,
  jobs: JobQueue,
  row: { id: number; provider_id: number; client_user_id: number },
  cancelMessage: string | null,
  now: Date,
): Promise<void> {
  await trx('appointments')
    .where({ id: row.id })
    .update({ canceled: true, canceled_at: now, cancel_message: cancelMessage });
  await addAppointmentMessage(trx, {
    conversationId: await conversationWith(trx, row.provider_id, row.client_user_id, now),
    providerId: row.provider_id,
    clientUserId: row.client_user_id,
    appointmentId: row.id,
    type: 'cancel_message',
    sender: 'client',
    content: cancelMessage,
    at: now,
  });
  await jobs.enqueue(trx, PROVIDER_NOTIFICATION_JOB, {
    appointmentId: row.id,
    event: 'canceled',
  } satisfies NotificationData);
  await dropReminders(trx, jobs, row.id);
  await queueCalendarWriteBack(trx, jobs, { id: row.id, providerId: row.provider_id });
}

// --- The provider's notification ------------------------------------------------------------------------

export interface NotificationData {
  appointmentId: number;
  /** reschedule_requested: the client asked for another time through a reminder's link (the booking stays). */
  event: 'booked' | 'requested' | 'canceled' | 'reschedule_requested';
}

export interface ProviderNotification {
  subject: string;
  text: string;
  sms: string;
}

/** What the provider is told: when, and a link to the portal. Never who, never the intake answers. */
export function providerNotificationText(
  event: NotificationData['event'],
  consultation: {
    id: number;
    start: Date;
    end: Date;
    providerName: string;
    timeZone: string;
    requestDeadline?: Date | null;
  },
  site: { portalUrl: string; brandName: string },
): ProviderNotification {
  const link = `${site.portalUrl}/calendar/appointments/${consultation.id}`;
  const when = `${longDateIn(consultation.start, consultation.timeZone)}, ${timeRangeIn(consultation.start, consultation.end, consultation.timeZone)}`;
  if (event === 'requested') {
    const deadline = consultation.requestDeadline ?? consultation.start;
    const by = `${longDateIn(deadline, consultation.timeZone)}, ${formTimeIn(deadline, consultation.timeZone)}`;
    return {
      subject: 'A phone consultation request waits for your answer',
      text: `A client asks for a phone consultation with ${consultation.providerName} on ${when}.\n\nAccept or decline it by ${by}; after that it is declined for you.\n\nAnswer it: ${link}\n\n${site.brandName}`,
      sms: `${site.brandName}: A phone consultation request waits for your answer by ${by}. Answer it: ${link}`,
    };
  }
  if (event === 'reschedule_requested') {
    return {
      subject: 'A client asks for another time',
      text: `A client asks to move the phone consultation with ${consultation.providerName} on ${when} to another time. The consultation stays booked until you reschedule or cancel it.\n\nReschedule it or reply: ${link}\n\n${site.brandName}`,
      sms: `${site.brandName}: A client asks to move a phone consultation to another time. View it: ${link}`,
    };
  }
  if (event === 'booked') {
    return {
      subject: 'New phone consultation request',
      text: `You have a new phone consultation request for ${consultation.providerName} on ${when}.\n\nView it: ${link}\n\n${site.brandName}`,
      sms: `${site.brandName}: You have a new phone consultation request. View it: ${link}`,
    };
  }
  return {
    subject: 'A phone consultation was canceled',
    text: `A client canceled the phone consultation with ${consultation.providerName} on ${when}.\n\nView it: ${link}\n\n${site.brandName}`,
    sms: `${site.brandName}: A phone consultation was canceled. View it: ${link}`,
  };
}

/**
 * Who hears of a profile's bookings: every user with clinician access who receives its notifications
 * (else the profile's contact e-mail); an SMS too for those who turned it on (settings.sms_notifications)
 * and have a phone number.
 */
export async function notificationRecipients(
  db: Db,
  providerId: number,
  contactEmail: string | null,
): Promise<{ emails: string[]; phones: string[] }> {
  const users = await notificationContacts(db, notifiedClinicianIds(db, providerId));
  const emails = users.length ? users.map((u) => u.email) : contactEmail ? [contactEmail] : [];
  const phones = users.flatMap((u) => (u.smsNotifications && u.phoneNumber ? [u.phoneNumber] : []));
  return { emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

export const bookingJobs: JobDefinition<never>[] = [
  {
    name: PROVIDER_NOTIFICATION_JOB,
    retryLimit: 6,
    // At least once: a retry after a failed SMS may repeat the e-mail, which beats a provider never hearing.
    handle: async ({ appointmentId, event }: NotificationData, { db, integrations, config }) => {
      const row:
        | (Pick<Row<'appointments'>, 'id' | 'start_time' | 'end_time' | 'provider_id' | 'request_deadline'> &
            Pick<Row<'providers'>, 'type' | 'first_name' | 'last_name' | 'company_name' | 'timezone' | 'contact_email'>)
        | undefined = await joinProviderColumns(
        db('appointments as a'),
        'a.provider_id',
        ['type', 'first_name', 'last_name', 'company_name', 'timezone', 'contact_email'],
        '',
      )
        .where('a.id', appointmentId)
        .first('a.id', 'a.start_time', 'a.end_time', 'a.provider_id', 'a.request_deadline');
      if (!row) return; // the profile or the booking was deleted since
      const message = providerNotificationText(
        event,
        {
          id: row.id,
          start: row.start_time,
          end: row.end_time,
          providerName: providerDisplayName(row),
          timeZone: row.timezone,
          requestDeadline: row.request_deadline,
        },
        config,
      );
      const { emails, phones } = await notificationRecipients(db, row.provider_id, row.contact_email);
      for (const to of emails) await integrations.mail.send({ to, subject: message.subject, text: message.text });
      for (const to of phones) await integrations.sms.send(to, message.sms);
    },
  },
] as JobDefinition<never>[];
