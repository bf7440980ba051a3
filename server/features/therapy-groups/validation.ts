// The therapy group form, word for word from spec 2 §5 "Therapy group form" (and §4 "Therapy group
// status", §9: default expiry 4 months, at most 12). Dates are calendar dates in UTC.
import { UTCDate } from '@date-fns/utc';
import { addMonths } from 'date-fns';
import Joi from 'joi';
import { hasContactDetails } from '../../text/contact-details';
import { validate } from '../../lib/validation';

export const GROUP_MESSAGES = {
  required: (field: string) => `${field} required.`,
  notActiveProfile: 'Your group may not become active until your profile is active!',
  shortTooLong: 'Your short description exceeds the maximum length. (255 characters)',
  contacts: 'Please do not include URLs, phone numbers, or email addresses in your description!',
  future: 'Expiration date must be in the future.',
  withinYear: 'Expiration date must be within 12 months.',
  image: 'Image required.',
  // Not worded by the spec (docs/decisions.md).
  quotes: 'Please do not use double quotes (") in the name.',
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less.`,
  date: 'Please enter the expiration date as a date (YYYY-MM-DD).',
  zip: 'Please enter a valid zip code.',
  state: 'Please choose a state from the list.',
  createInactive: 'Therapy groups can be created once your profile is active.',
  confirmDelete: 'Are you sure you want to delete this therapy group?',
} as const;

export const SHORT_DESCRIPTION_MAX = 255;
export const DEFAULT_EXPIRY_MONTHS = 4;
export const MAX_EXPIRY_MONTHS = 12;

export interface GroupInput {
  name: string;
  status: 'active' | 'inactive';
  expired_at: string | null;
  hours: string;
  costs: string;
  short_description: string;
  description: string;
  remote_location: boolean;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string;
  zip: string | null;
}

const text = (label: string, max: number) =>
  Joi.string()
    .trim()
    .max(max)
    .required()
    .messages({
      'any.required': GROUP_MESSAGES.required(label),
      'string.empty': GROUP_MESSAGES.required(label),
      'string.max': GROUP_MESSAGES.tooLong(label, max),
    });
const inPerson = (label: string, max: number) =>
  Joi.when('remote_location', {
    is: true,
    then: Joi.any().strip(),
    otherwise: text(label, max),
  });

const schema = Joi.object<GroupInput>({
  name: text('Name', 120)
    .pattern(/^[^"]*$/)
    .messages({ 'string.pattern.base': GROUP_MESSAGES.quotes }),
  status: Joi.string()
    .valid('active', 'inactive')
    .default('inactive')
    .messages({ 'any.only': 'Please choose active or inactive.' }),
  expired_at: Joi.string()
    .trim()
    .allow('')
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .messages({ 'string.pattern.base': GROUP_MESSAGES.date }),
  hours: text('Hours', 200),
  costs: text('Costs', 200),
  short_description: Joi.string()
    .trim()
    .required()
    .max(SHORT_DESCRIPTION_MAX)
    .messages({
      'any.required': GROUP_MESSAGES.required('Short description'),
      'string.empty': GROUP_MESSAGES.required('Short description'),
      'string.max': GROUP_MESSAGES.shortTooLong,
    }),
  // 2000: the shared multipart parser reads text fields of up to 4096 bytes.
  description: text('Description', 2000),
  remote_location: Joi.boolean().truthy('1').falsy('0', '').default(false),
  address: inPerson('Address', 200),
  address_2: Joi.when('remote_location', {
    is: true,
    then: Joi.any().strip(),
    otherwise: Joi.string().trim().max(200).allow(''),
  }),
  city: inPerson('City', 100),
  state: Joi.string()
    .trim()
    .uppercase()
    .required()
    .length(2)
    .messages({
      'any.required': GROUP_MESSAGES.required('State'),
      'string.empty': GROUP_MESSAGES.required('State'),
      'string.length': GROUP_MESSAGES.state,
    }),
  zip: Joi.when('remote_location', {
    is: true,
    then: Joi.any().strip(),
    otherwise: text('Zip', 10)
      .pattern(/^\d{5}(-\d{4})?$/)
      .messages({ 'string.pattern.base': GROUP_MESSAGES.zip }),
  }),
});

/** Today's calendar date in UTC as YYYY-MM-DD. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

const monthsAfter = (date: string, months: number): string =>
  addMonths(new UTCDate(`${date}T00:00:00Z`), months)
    .toISOString()
    .slice(0, 10);

/** The form's default expiration date: 4 months from today. */
export const defaultExpiry = (now = new Date()): string => monthsAfter(todayUtc(now), DEFAULT_EXPIRY_MONTHS);

/** A real calendar date (2026-02-30 is not). */
const isRealDate = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

export interface GroupContext {
  /** The provider profile is active (only then may a group be active). */
  profileActive: boolean;
  /** The group has an image already, or a file was chosen. */
  hasImage: boolean;
  now?: Date;
}

/** Every rule of the form; the rules that need more than one field or today's date come after joi's. */
export function validateGroup(
  body: unknown,
  context: GroupContext,
): { value: GroupInput; errors: null } | { value: null; errors: Record<string, string> } {
  const checked = validate<GroupInput>(schema, body);
  const errors: Record<string, string> = { ...(checked.errors ?? {}) };
  const raw = (body ?? {}) as Record<string, unknown>;
  const posted = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : '');

  for (const key of ['short_description', 'description']) {
    if (!errors[key] && hasContactDetails(posted(key))) errors[key] = GROUP_MESSAGES.contacts;
  }
  const status = posted('status') === 'active' ? 'active' : 'inactive';
  if (status === 'active' && !context.profileActive) errors.status ??= GROUP_MESSAGES.notActiveProfile;

  const date = posted('expired_at').trim();
  if (!errors.expired_at) {
    if (date && !isRealDate(date)) errors.expired_at = GROUP_MESSAGES.date;
    else if (status === 'active') {
      const today = todayUtc(context.now);
      if (!date) errors.expired_at = GROUP_MESSAGES.required('Expiration date');
      else if (date <= today) errors.expired_at = GROUP_MESSAGES.future;
      else if (date > monthsAfter(today, MAX_EXPIRY_MONTHS)) errors.expired_at = GROUP_MESSAGES.withinYear;
    }
  }
  if (!context.hasImage) errors.image = GROUP_MESSAGES.image;

  if (Object.keys(errors).length > 0) return { value: null, errors };
  const value = checked.value!;
  return {
    value: {
      ...value,
      expired_at: value.expired_at || null,
      address: value.address ?? null,
      address_2: value.address_2 || null,
      city: value.city ?? null,
      zip: value.zip ?? null,
    },
    errors: null,
  };
}

/** The stored moment of an expiration date: the end of that day in UTC. */
export const expiryMoment = (date: string | null): string | null => (date ? `${date}T23:59:59.999Z` : null);
