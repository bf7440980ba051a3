// The directory API's booking endpoints (docs/api.md "Bookings"; issue [11]): a live provider's free
// consultation slots, booking one (Idempotency-Key), and the client's own cancel; the messaging
// endpoints (messages.ts) are mounted with them. Thin: read the input, call one domain function,
// answer JSON; the domain's refusals become the API's one error shape.
import type { Knex } from 'knex';
import { ApiError, type ApiEndpoints } from '../../api';
import type { JobQueue } from '../../jobs';
import { NotFoundError } from '../../lib/errors';
import * as appointments from '../../domain/appointments';
import { messagingApi } from './messages';
import { profileEventsApi } from './profile-events';
import { bookingSchema, cancelSchema, check, slotRange } from './validation';

export interface BookingApiDeps {
  db: Knex;
  jobs: JobQueue;
  now?: () => Date;
}

/** UTC, to the second, as docs/api.md writes times. */
const isoTime = (instant: Date) => instant.toISOString().replace(/\.000Z$/, 'Z');

/** Ids are strings in the API; anything but a positive integer names nothing. */
const idFrom = (raw: unknown) => (typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);

const consultationJson = (c: appointments.Consultation) => ({
  id: String(c.id),
  provider_id: String(c.providerId),
  start_time: isoTime(c.start),
  end_time: isoTime(c.end),
  status: c.status,
  // A request held for the provider's approval: by when they answer (else null).
  request_deadline: c.status === 'pending' && c.requestDeadline ? isoTime(c.requestDeadline) : null,
});

const invalid = (details: Record<string, string>) =>
  new ApiError(422, 'validation_failed', 'Some fields are missing or not valid: see details.', details);
const noProvider = () => new ApiError(404, 'not_found', 'There is no live provider with this id.');
const noConsultation = () =>
  new ApiError(404, 'not_found', 'There is no such consultation booked with this e-mail address.');

/** The domain's refusals in the API's words: a 404 keeps the endpoint's own message. */
async function answering<T>(notFound: () => ApiError, act: () => Promise<T>): Promise<T> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof appointments.BookingConflict) throw new ApiError(409, error.code, error.message);
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

export function bookingApi({ db, jobs, now = () => new Date() }: BookingApiDeps): ApiEndpoints {
  // The messaging endpoints share the API's mount (docs/api.md "Messages").
  const messages = messagingApi({ db, jobs, now });
  const profileEvents = profileEventsApi({ db, now });
  return (router, { idempotent }) => {
    messages(router, { idempotent });
    profileEvents(router, { idempotent });
    router.get('/providers/:providerId/slots', async (req, res) => {
      const providerId = idFrom(req.params.providerId);
      if (!providerId) throw noProvider();
      const at = now();
      const range = slotRange(req.query as Record<string, unknown>, at);
      if (range.errors) throw invalid(range.errors);
      const found = await answering(noProvider, () => appointments.consultationSlots(db, providerId, range.value, at));
      res.json({
        provider_id: String(found.providerId),
        time_zone: found.timeZone,
        slots: found.slots.map((slot) => ({ start_time: isoTime(slot.start), end_time: isoTime(slot.end) })),
      });
    });

    router.post('/providers/:providerId/consultations', idempotent, async (req, res) => {
      const providerId = idFrom(req.params.providerId);
      if (!providerId) throw noProvider();
      const body = check(bookingSchema, req.body);
      if (body.errors) throw invalid(body.errors);
      const { start_time: start, client, intake_form: intakeForm } = body.value;
      const booked = await answering(noProvider, () =>
        appointments.bookConsultation(
          db,
          jobs,
          {
            providerId,
            start,
            client: {
              email: client.email,
              firstName: client.first_name,
              lastName: client.last_name,
              phoneNumber: client.phone_number,
            },
            intakeForm,
          },
          now(),
        ),
      );
      // conversation_token: when this booking made the client's conversation with the provider (else null).
      res
        .status(201)
        .json({ consultation: consultationJson(booked), conversation_token: booked.conversationToken ?? null });
    });

    router.post('/consultations/:consultationId/cancel', idempotent, async (req, res) => {
      const appointmentId = idFrom(req.params.consultationId);
      if (!appointmentId) throw noConsultation();
      const body = check(cancelSchema, req.body);
      if (body.errors) throw invalid(body.errors);
      const canceled = await answering(noConsultation, () =>
        appointments.cancelConsultationAsClient(
          db,
          jobs,
          {
            appointmentId,
            clientEmail: body.value.client_email,
            cancelMessage: body.value.cancel_message,
          },
          now(),
        ),
      );
      res.json({ consultation: consultationJson(canceled) });
    });
  };
}
