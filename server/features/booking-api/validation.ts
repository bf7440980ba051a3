// The booking endpoints' input (docs/api.md "Bookings"): joi schemas whose messages are what the
// directory shows or logs, keyed by the field's path ("client.email") in the error's details.
import Joi from 'joi';
import { normalizePhone, PHONE_MESSAGES } from '../../domain/accounts';

export const SLOT_RANGE_MAX_DAYS = 31;
export const SLOT_RANGE_DEFAULT_DAYS = 14;
const INTAKE_MAX_KEYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// An instant must name its zone (Z or an offset): a bare local time would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const NO_NUL = /^[^\u0000]*$/;

export const BOOKING_FIELD_MESSAGES = {
  instant: 'Give an ISO 8601 time with its zone, e.g. 2026-12-01T15:00:00Z.',
  startRequired: 'start_time is required.',
  emailRequired: 'client.email is required.',
  email: 'client.email is not a valid e-mail address.',
  firstName: 'client.first_name is required (at most 100 characters).',
  lastName: 'client.last_name is required (at most 100 characters).',
  clientRequired: 'client is required: email, first_name, last_name and phone_number.',
  intake: `intake_form maps at most ${INTAKE_MAX_KEYS} question keys (letters, digits, _ and -) to text answers of at most 2,000 characters.`,
  cancelMessage: 'cancel_message is text of at most 2,000 characters.',
  clientEmail: 'client_email is required: the e-mail address the consultation was booked with.',
  rangeOrder: 'to must be after from.',
  rangeLength: `from and to may be at most ${SLOT_RANGE_MAX_DAYS} days apart.`,
  text: 'This field must be text without control characters.',
} as const;

const instant = (required: string) => Joi.string().trim().pattern(INSTANT).required().custom((value: string, helpers) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? helpers.error('string.pattern.base') : date;
}).messages({ 'any.required': required, 'string.empty': required, 'string.base': BOOKING_FIELD_MESSAGES.instant, 'string.pattern.base': BOOKING_FIELD_MESSAGES.instant });

const name = (message: string) => Joi.string().trim().max(100).pattern(NO_NUL).required()
  .messages({ 'any.required': message, 'string.empty': message, 'string.base': message, 'string.max': message, 'string.pattern.base': BOOKING_FIELD_MESSAGES.text });

const email = (required: string) => Joi.string().trim().lowercase().max(254).email({ tlds: false }).required()
  .messages({ 'any.required': required, 'string.empty': required, 'string.base': BOOKING_FIELD_MESSAGES.email, 'string.email': BOOKING_FIELD_MESSAGES.email, 'string.max': BOOKING_FIELD_MESSAGES.email });

// The provider calls the client back, so a US number is needed, written as the portal stores it (+1…).
const phone = Joi.any().required().custom((value: unknown, helpers) => {
  if (typeof value !== 'string' || !value.trim()) return helpers.error('phone.required');
  const result = normalizePhone(value);
  return 'error' in result ? helpers.error(`phone.${result.error}`) : result.phone;
}).messages({
  'any.required': PHONE_MESSAGES.required, 'phone.required': PHONE_MESSAGES.required,
  'phone.invalid': PHONE_MESSAGES.invalid, 'phone.international': PHONE_MESSAGES.international,
});

export interface BookingBody {
  start_time: Date;
  client: { email: string; first_name: string; last_name: string; phone_number: string };
  intake_form: Record<string, string>;
}

export const bookingSchema = Joi.object<BookingBody>({
  start_time: instant(BOOKING_FIELD_MESSAGES.startRequired),
  client: Joi.object({
    email: email(BOOKING_FIELD_MESSAGES.emailRequired),
    first_name: name(BOOKING_FIELD_MESSAGES.firstName),
    last_name: name(BOOKING_FIELD_MESSAGES.lastName),
    phone_number: phone,
  }).required().messages({ 'any.required': BOOKING_FIELD_MESSAGES.clientRequired, 'object.base': BOOKING_FIELD_MESSAGES.clientRequired }),
  intake_form: Joi.object()
    .pattern(/^[A-Za-z0-9_-]{1,50}$/, Joi.string().trim().max(2000).pattern(NO_NUL).allow(''))
    .max(INTAKE_MAX_KEYS)
    .default({})
    // A question key we cannot store is refused, not silently dropped.
    .prefs({ stripUnknown: false })
    .messages({ 'object.base': BOOKING_FIELD_MESSAGES.intake, 'object.unknown': BOOKING_FIELD_MESSAGES.intake, 'object.max': BOOKING_FIELD_MESSAGES.intake, 'string.base': BOOKING_FIELD_MESSAGES.intake, 'string.max': BOOKING_FIELD_MESSAGES.intake, 'string.pattern.base': BOOKING_FIELD_MESSAGES.intake }),
});

export interface CancelBody { client_email: string; cancel_message: string | null }

export const cancelSchema = Joi.object<CancelBody>({
  client_email: email(BOOKING_FIELD_MESSAGES.clientEmail),
  cancel_message: Joi.string().trim().max(2000).pattern(NO_NUL).allow('', null).default(null).empty('')
    .messages({ 'string.base': BOOKING_FIELD_MESSAGES.cancelMessage, 'string.max': BOOKING_FIELD_MESSAGES.cancelMessage, 'string.pattern.base': BOOKING_FIELD_MESSAGES.cancelMessage }),
});

/** Runs a schema over a JSON body: the value, or one message per field path. Unknown fields are dropped. */
export function check<T>(schema: Joi.ObjectSchema<T>, input: unknown): { value: T; errors: null } | { value: null; errors: Record<string, string> } {
  const { value, error } = schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  if (!error) return { value, errors: null };
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    // An intake answer is reported on intake_form itself: its keys are the client's, not ours.
    const path = detail.path[0] === 'intake_form' ? 'intake_form' : detail.path.join('.');
    errors[path || 'body'] ??= detail.message;
  }
  return { value: null, errors };
}

/** from/to of a slot listing: now and 14 days later by default, at most 31 days apart. */
export function slotRange(query: Record<string, unknown>, now: Date): { value: { from: Date; to: Date }; errors: null } | { value: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const read = (key: 'from' | 'to', fallback: Date): Date | null => {
    const raw = query[key];
    if (raw === undefined || raw === '') return fallback;
    const date = typeof raw === 'string' && INSTANT.test(raw.trim()) ? new Date(raw.trim()) : null;
    if (!date || Number.isNaN(date.getTime())) {
      errors[key] = BOOKING_FIELD_MESSAGES.instant;
      return null;
    }
    return date;
  };
  const from = read('from', now);
  const to = read('to', new Date((from ?? now).getTime() + SLOT_RANGE_DEFAULT_DAYS * DAY_MS));
  if (!from || !to) return { value: null, errors };
  if (to <= from) return { value: null, errors: { to: BOOKING_FIELD_MESSAGES.rangeOrder } };
  if (to.getTime() - from.getTime() > SLOT_RANGE_MAX_DAYS * DAY_MS) return { value: null, errors: { to: BOOKING_FIELD_MESSAGES.rangeLength } };
  return { value: { from, to }, errors: null };
}
