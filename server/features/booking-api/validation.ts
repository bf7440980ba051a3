// The booking endpoints' input (docs/api.md "Bookings"): joi schemas whose messages are what the
// directory shows or logs, keyed by the field's path ("client.email") in the error's details.
import Joi from 'joi';
import { normalizePhone, PHONE_MESSAGES } from '../../domain/accounts';
import { REPLIES_PAGE_MAX } from '../../domain/messaging';

export const SLOT_RANGE_MAX_DAYS = 31;
export const SLOT_RANGE_DEFAULT_DAYS = 14;
const INTAKE_MAX_KEYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// An instant must name its zone (Z or an offset): a bare local time would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point of this pattern
const NO_NUL = /^[^\u0000]*$/;
// A name is shown in pages, e-mail subjects and .ics files: markup would be escaped, but read as raw tags.
const NO_MARKUP = /^[^<>]*$/;

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
  nameMarkup: (field: string) => `${field} may not contain < or >.`,
} as const;

const instant = (required: string) =>
  Joi.string()
    .trim()
    .pattern(INSTANT)
    .required()
    .custom((value: string, helpers) => {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? helpers.error('string.pattern.base') : date;
    })
    .messages({
      'any.required': required,
      'string.empty': required,
      'string.base': BOOKING_FIELD_MESSAGES.instant,
      'string.pattern.base': BOOKING_FIELD_MESSAGES.instant,
    });

const name = (field: string, message: string) =>
  Joi.string()
    .trim()
    .max(100)
    .pattern(NO_NUL)
    .pattern(NO_MARKUP, { name: 'markup' })
    .required()
    .messages({
      'any.required': message,
      'string.empty': message,
      'string.base': message,
      'string.max': message,
      'string.pattern.base': BOOKING_FIELD_MESSAGES.text,
      'string.pattern.name': BOOKING_FIELD_MESSAGES.nameMarkup(field),
    });

const email = (required: string) =>
  Joi.string().trim().lowercase().max(254).email({ tlds: false }).required().messages({
    'any.required': required,
    'string.empty': required,
    'string.base': BOOKING_FIELD_MESSAGES.email,
    'string.email': BOOKING_FIELD_MESSAGES.email,
    'string.max': BOOKING_FIELD_MESSAGES.email,
  });

// The provider calls the client back, so a US number is needed, written as the portal stores it (+1…).
const phone = Joi.any()
  .required()
  .custom((value: unknown, helpers) => {
    if (typeof value !== 'string' || !value.trim()) return helpers.error('phone.required');
    const result = normalizePhone(value);
    return 'error' in result ? helpers.error(`phone.${result.error}`) : result.phone;
  })
  .messages({
    'any.required': PHONE_MESSAGES.required,
    'phone.required': PHONE_MESSAGES.required,
    'phone.invalid': PHONE_MESSAGES.invalid,
    'phone.international': PHONE_MESSAGES.international,
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
    first_name: name('client.first_name', BOOKING_FIELD_MESSAGES.firstName),
    last_name: name('client.last_name', BOOKING_FIELD_MESSAGES.lastName),
    phone_number: phone,
  })
    .required()
    .messages({
      'any.required': BOOKING_FIELD_MESSAGES.clientRequired,
      'object.base': BOOKING_FIELD_MESSAGES.clientRequired,
    }),
  intake_form: Joi.object()
    .pattern(/^[A-Za-z0-9_-]{1,50}$/, Joi.string().trim().max(2000).pattern(NO_NUL).allow(''))
    .max(INTAKE_MAX_KEYS)
    .default({})
    // A question key we cannot store is refused, not silently dropped.
    .prefs({ stripUnknown: false })
    .messages({
      'object.base': BOOKING_FIELD_MESSAGES.intake,
      'object.unknown': BOOKING_FIELD_MESSAGES.intake,
      'object.max': BOOKING_FIELD_MESSAGES.intake,
      'string.base': BOOKING_FIELD_MESSAGES.intake,
      'string.max': BOOKING_FIELD_MESSAGES.intake,
      'string.pattern.base': BOOKING_FIELD_MESSAGES.intake,
    }),
});

export interface CancelBody {
  client_email: string;
  cancel_message: string | null;
}

export const cancelSchema = Joi.object<CancelBody>({
  client_email: email(BOOKING_FIELD_MESSAGES.clientEmail),
  cancel_message: Joi.string().trim().max(2000).pattern(NO_NUL).allow('', null).default(null).empty('').messages({
    'string.base': BOOKING_FIELD_MESSAGES.cancelMessage,
    'string.max': BOOKING_FIELD_MESSAGES.cancelMessage,
    'string.pattern.base': BOOKING_FIELD_MESSAGES.cancelMessage,
  }),
});

const FREE_FORM_FIELDS = ['intake_form', 'vob_data', 'vob_input_info'];

/** Runs a schema over a JSON body: the value, or one message per field path. Unknown fields are dropped. */
export function check<T>(
  schema: Joi.ObjectSchema<T>,
  input: unknown,
): { value: T; errors: null } | { value: null; errors: Record<string, string> } {
  const { value, error } = schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  if (!error) return { value, errors: null };
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    // An intake answer (or a benefits-check value) is reported on its object: its keys are the client's, not ours.
    const path = FREE_FORM_FIELDS.includes(String(detail.path[0])) ? String(detail.path[0]) : detail.path.join('.');
    errors[path || 'body'] ??= detail.message;
  }
  return { value: null, errors };
}

/** from/to of a slot listing: now and 14 days later by default, at most 31 days apart. */
export function slotRange(
  query: Record<string, unknown>,
  now: Date,
): { value: { from: Date; to: Date }; errors: null } | { value: null; errors: Record<string, string> } {
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
  if (to.getTime() - from.getTime() > SLOT_RANGE_MAX_DAYS * DAY_MS)
    return { value: null, errors: { to: BOOKING_FIELD_MESSAGES.rangeLength } };
  return { value: { from, to }, errors: null };
}

// The messaging endpoints' input (docs/api.md "Messages").
export const MESSAGE_CONTENT_MAX = 10_000;
const VOB_MAX_KEYS = 30;

export const MESSAGE_FIELD_MESSAGES = {
  type: "type is 'message' or 'messaging_tool_intake'.",
  contentRequired: `message_content is required for a message (text of at most ${MESSAGE_CONTENT_MAX.toLocaleString('en-US')} characters).`,
  content: `message_content is text of at most ${MESSAGE_CONTENT_MAX.toLocaleString('en-US')} characters.`,
  clientRequired: 'client is required: email, first_name, last_name and optionally phone_number.',
  intakeRequired: 'intake_form is required for a messaging_tool_intake: the answers the client gave.',
  intakeOnlyForIntake: 'intake_form, vob_data and vob_input_info belong to a messaging_tool_intake only.',
  vob: `vob_data and vob_input_info map at most ${VOB_MAX_KEYS} keys to text, numbers, true/false or null.`,
  clientEmailQuery: 'client_email is required: the e-mail address the client writes from.',
  limit: `limit is a whole number from 1 to ${REPLIES_PAGE_MAX}.`,
  cursor: 'cursor is the next_cursor of a previous answer, as it was given.',
} as const;

const intakeAnswers = () =>
  Joi.object()
    .pattern(/^[A-Za-z0-9_-]{1,50}$/, Joi.string().trim().max(2000).pattern(NO_NUL).allow(''))
    .max(INTAKE_MAX_KEYS)
    .prefs({ stripUnknown: false })
    .messages({
      'object.base': BOOKING_FIELD_MESSAGES.intake,
      'object.unknown': BOOKING_FIELD_MESSAGES.intake,
      'object.max': BOOKING_FIELD_MESSAGES.intake,
      'string.base': BOOKING_FIELD_MESSAGES.intake,
      'string.max': BOOKING_FIELD_MESSAGES.intake,
      'string.pattern.base': BOOKING_FIELD_MESSAGES.intake,
    });

// A benefits check the directory ran: flat and small, stored and shown as given.
const vobObject = () =>
  Joi.object()
    .pattern(
      /^[A-Za-z0-9_-]{1,80}$/,
      Joi.alternatives(Joi.string().max(500).pattern(NO_NUL), Joi.number(), Joi.boolean()).allow(null),
    )
    .max(VOB_MAX_KEYS)
    .prefs({ stripUnknown: false })
    .messages({
      'object.base': MESSAGE_FIELD_MESSAGES.vob,
      'object.unknown': MESSAGE_FIELD_MESSAGES.vob,
      'object.max': MESSAGE_FIELD_MESSAGES.vob,
      'alternatives.match': MESSAGE_FIELD_MESSAGES.vob,
      'alternatives.types': MESSAGE_FIELD_MESSAGES.vob,
      'string.max': MESSAGE_FIELD_MESSAGES.vob,
      'string.pattern.base': MESSAGE_FIELD_MESSAGES.vob,
    });

// Optional here: a message needs no call back, but a number given must be one the portal can store.
const optionalPhone = Joi.any()
  .custom((value: unknown, helpers) => {
    if (value === null || value === undefined || (typeof value === 'string' && !value.trim())) return null;
    if (typeof value !== 'string') return helpers.error('phone.invalid');
    const result = normalizePhone(value);
    return 'error' in result ? helpers.error(`phone.${result.error}`) : result.phone;
  })
  .default(null)
  .messages({
    'phone.invalid': PHONE_MESSAGES.invalid,
    'phone.international': PHONE_MESSAGES.international,
    'phone.required': PHONE_MESSAGES.invalid,
  });

export interface ClientMessageBody {
  type: 'message' | 'messaging_tool_intake';
  client: { email: string; first_name: string; last_name: string; phone_number: string | null };
  message_content: string | null;
  intake_form: Record<string, string> | null;
  vob_data: Record<string, unknown> | null;
  vob_input_info: Record<string, unknown> | null;
}

const intakeOnly = (schema: Joi.Schema) =>
  Joi.when('type', {
    is: 'messaging_tool_intake',
    then: schema,
    otherwise: Joi.any().valid(null).messages({ 'any.only': MESSAGE_FIELD_MESSAGES.intakeOnlyForIntake }),
  });

export const clientMessageSchema = Joi.object<ClientMessageBody>({
  type: Joi.string().valid('message', 'messaging_tool_intake').default('message').messages({
    'any.only': MESSAGE_FIELD_MESSAGES.type,
    'string.base': MESSAGE_FIELD_MESSAGES.type,
    'string.empty': MESSAGE_FIELD_MESSAGES.type,
  }),
  client: Joi.object({
    email: email(BOOKING_FIELD_MESSAGES.emailRequired),
    first_name: name('client.first_name', BOOKING_FIELD_MESSAGES.firstName),
    last_name: name('client.last_name', BOOKING_FIELD_MESSAGES.lastName),
    phone_number: optionalPhone,
  })
    .required()
    .messages({
      'any.required': MESSAGE_FIELD_MESSAGES.clientRequired,
      'object.base': MESSAGE_FIELD_MESSAGES.clientRequired,
    }),
  // A referral may come without words: its intake form is the message.
  message_content: Joi.when('type', {
    is: 'messaging_tool_intake',
    then: Joi.string()
      .trim()
      .max(MESSAGE_CONTENT_MAX)
      .pattern(NO_NUL)
      .allow('', null)
      .empty('')
      .default(null)
      .messages({
        'string.base': MESSAGE_FIELD_MESSAGES.content,
        'string.max': MESSAGE_FIELD_MESSAGES.content,
        'string.pattern.base': MESSAGE_FIELD_MESSAGES.content,
      }),
    otherwise: Joi.string().trim().max(MESSAGE_CONTENT_MAX).pattern(NO_NUL).required().messages({
      'any.required': MESSAGE_FIELD_MESSAGES.contentRequired,
      'string.empty': MESSAGE_FIELD_MESSAGES.contentRequired,
      'string.base': MESSAGE_FIELD_MESSAGES.contentRequired,
      'string.max': MESSAGE_FIELD_MESSAGES.content,
      'string.pattern.base': MESSAGE_FIELD_MESSAGES.content,
    }),
  }),
  intake_form: intakeOnly(
    intakeAnswers().required().messages({ 'any.required': MESSAGE_FIELD_MESSAGES.intakeRequired }),
  ).default(null),
  vob_data: intakeOnly(vobObject().allow(null)).default(null),
  vob_input_info: intakeOnly(vobObject().allow(null)).default(null),
});

/** The opaque cursor of the replies listing: the last reply's id, as the API hands it out. */
export const repliesCursor = (afterId: number) => Buffer.from(`r${afterId}`).toString('base64url');

/** The reply id a cursor of the replies listing stands for; null for anything else. */
export function readRepliesCursor(value: string): number | null {
  const match = /^r([1-9]\d{0,14})$/.exec(Buffer.from(value, 'base64url').toString('latin1'));
  return match ? Number(match[1]) : null;
}

/** ?client_email= of the replies listing, with ?limit= (1 to 100, 100 by default) and the ?cursor= of the previous answer. */
export const repliesQuerySchema = Joi.object<{ client_email: string; limit: number; cursor: string | null }>({
  client_email: email(MESSAGE_FIELD_MESSAGES.clientEmailQuery),
  limit: Joi.number().integer().min(1).max(REPLIES_PAGE_MAX).default(REPLIES_PAGE_MAX).messages({
    'number.base': MESSAGE_FIELD_MESSAGES.limit,
    'number.integer': MESSAGE_FIELD_MESSAGES.limit,
    'number.min': MESSAGE_FIELD_MESSAGES.limit,
    'number.max': MESSAGE_FIELD_MESSAGES.limit,
  }),
  cursor: Joi.string()
    .max(40)
    .default(null)
    .custom((value: string, helpers) => (readRepliesCursor(value) === null ? helpers.error('cursor.invalid') : value))
    .messages({
      'string.base': MESSAGE_FIELD_MESSAGES.cursor,
      'string.max': MESSAGE_FIELD_MESSAGES.cursor,
      'string.empty': MESSAGE_FIELD_MESSAGES.cursor,
      'cursor.invalid': MESSAGE_FIELD_MESSAGES.cursor,
    }),
});
