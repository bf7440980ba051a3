// The directory's profile events (docs/api.md "Profile events"; issue [22] item 3): profile views and
// contact clicks, batched. Idempotent twice over: the Idempotency-Key replays the first answer, and each
// event id is stored once per provider, so a batch resent under a new key counts nothing twice.
import Joi from 'joi';
import type { Knex } from 'knex';
import { ApiError, type ApiEndpoints } from '../../api';
import { isLiveProvider } from '../../domain/providers';
import { PROFILE_EVENT_KINDS, type ProfileEvent, recordProfileEvents } from '../../domain/profile-events';
import { check } from './validation';

export const EVENTS_PER_BATCH = 500;
/** The directory's clock may run a little ahead of ours. */
export const EVENT_CLOCK_SKEW_MINUTES = 5;
/** Older events are of no use to a monthly funnel kept a year back, and may be a client's replayed backlog. */
export const EVENT_MAX_AGE_DAYS = 400;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// An instant must name its zone (Z or an offset), as everywhere in the API.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export const EVENT_FIELD_MESSAGES = {
  events: `events is a list of 1 to ${EVENTS_PER_BATCH} events.`,
  id: "id is required: the directory's id of the event, 1 to 200 visible characters.",
  type: "type is 'profile_view' or 'contact_click'.",
  occurredAt: 'occurred_at is required: an ISO 8601 time with its zone, e.g. 2026-12-01T15:00:00Z.',
  future: `occurred_at may not be in the future (more than ${EVENT_CLOCK_SKEW_MINUTES} minutes ahead).`,
  tooOld: `occurred_at may be at most ${EVENT_MAX_AGE_DAYS} days ago.`,
} as const;

interface EventsBody {
  events: { id: string; type: ProfileEvent['kind']; occurred_at: Date }[];
}

export const eventsSchema = (now: Date) =>
  Joi.object<EventsBody>({
    events: Joi.array()
      .min(1)
      .max(EVENTS_PER_BATCH)
      .required()
      .items(
        Joi.object({
          id: Joi.string()
            .pattern(/^[\x21-\x7e]{1,200}$/)
            .required()
            .messages({
              'any.required': EVENT_FIELD_MESSAGES.id,
              'string.base': EVENT_FIELD_MESSAGES.id,
              'string.empty': EVENT_FIELD_MESSAGES.id,
              'string.pattern.base': EVENT_FIELD_MESSAGES.id,
            }),
          type: Joi.string()
            .valid(...PROFILE_EVENT_KINDS)
            .required()
            .messages({
              'any.required': EVENT_FIELD_MESSAGES.type,
              'any.only': EVENT_FIELD_MESSAGES.type,
              'string.base': EVENT_FIELD_MESSAGES.type,
              'string.empty': EVENT_FIELD_MESSAGES.type,
            }),
          occurred_at: Joi.string()
            .trim()
            .pattern(INSTANT)
            .required()
            .custom((value: string, helpers) => {
              const date = new Date(value);
              if (Number.isNaN(date.getTime())) return helpers.error('string.pattern.base');
              if (date.getTime() > now.getTime() + EVENT_CLOCK_SKEW_MINUTES * MINUTE_MS)
                return helpers.error('instant.future');
              if (date.getTime() < now.getTime() - EVENT_MAX_AGE_DAYS * DAY_MS) return helpers.error('instant.old');
              return date;
            })
            .messages({
              'any.required': EVENT_FIELD_MESSAGES.occurredAt,
              'string.base': EVENT_FIELD_MESSAGES.occurredAt,
              'string.empty': EVENT_FIELD_MESSAGES.occurredAt,
              'string.pattern.base': EVENT_FIELD_MESSAGES.occurredAt,
              'instant.future': EVENT_FIELD_MESSAGES.future,
              'instant.old': EVENT_FIELD_MESSAGES.tooOld,
            }),
        }).messages({ 'object.base': EVENT_FIELD_MESSAGES.events }),
      )
      .messages({
        'any.required': EVENT_FIELD_MESSAGES.events,
        'array.base': EVENT_FIELD_MESSAGES.events,
        'array.min': EVENT_FIELD_MESSAGES.events,
        'array.max': EVENT_FIELD_MESSAGES.events,
      }),
  });

const idFrom = (raw: unknown) => (typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);
const noProvider = () => new ApiError(404, 'not_found', 'There is no live provider with this id.');

export function profileEventsApi({ db, now }: { db: Knex; now: () => Date }): ApiEndpoints {
  return (router, { idempotent }) => {
    router.post('/providers/:providerId/events', idempotent, async (req, res) => {
      const providerId = idFrom(req.params.providerId);
      if (!providerId || !(await isLiveProvider(db, providerId))) throw noProvider();
      const body = check(eventsSchema(now()), req.body);
      if (body.errors)
        throw new ApiError(422, 'validation_failed', 'Some fields are missing or not valid: see details.', body.errors);
      const counted = await recordProfileEvents(
        db,
        providerId,
        body.value.events.map((event) => ({ eventId: event.id, kind: event.type, occurredAt: event.occurred_at })),
      );
      res.status(202).json(counted);
    });
  };
}
