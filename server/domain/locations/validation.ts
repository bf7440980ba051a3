// Location rules shared by the onboarding wizard and /profile/availability-locations (spec 1 §5
// Onboarding pages; spec 2 §3 Location, §4 Accepting status and Checkbox hours, §5 Location form, §9),
// with the spec's messages word for word. Pure: the service supplies states, licences and stored rows.
import Joi from 'joi';
import { expirationYears, LICENSE_MESSAGES, LICENSE_NUMBER_MAX, LICENSE_TYPE_MAX } from '../licenses';
import { validate } from '../../lib/validation';

export const LOCATION_FORM_MESSAGES = {
  openTimes: 'Please indicate when you are accepting new clients...',
  hours: 'Please indicate practice hours for each day that your practice is open.',
  hoursMax: 'Max 70 characters. We recommend indicating specific hours, such as "9am - 4pm"!',
  duplicateAddress: 'You have already added a location with this exact same address.',
  duplicateOnline: (stateName: string) => `You already have ${stateName} listed as a state for online sessions.`,
  required: 'Required',
  atLeastOne: 'You must have at least one location.',
  selectToDelete: 'You must select one or more locations to delete.',
  // Not quoted in the spec (docs/decisions.md): the delete confirmation question, for one location (each
  // location's own Delete) or several (a post of several ids, which the API still takes).
  confirmDelete: (count: number) =>
    count === 1
      ? 'Are you sure you want to delete this location? This cannot be undone.'
      : 'Are you sure you want to delete the selected locations? This cannot be undone.',
  error: 'There was an error updating your location.',
  availabilityError: 'There was an error updating your availability.',
  noteMax: 'Please keep your note under 200 characters!',
  // The spec says only "no URLs, phones, emails" for the availability notice; worded like its siblings.
  noteContacts: 'Please do not include URLs, phone numbers, or email addresses in your note!',
} as const;

/** Accepting new clients (spec 2 §4): 40 accepting, 20 waitlist (2-3 week wait), 0 not accepting. */
export const ACCEPTING_OPTIONS = [
  { value: 40, label: 'Yes' },
  { value: 20, label: 'Waitlist', hint: '2-3 week wait' },
  { value: 0, label: 'No' },
] as const;
export type Accepting = 0 | 20 | 40;
export const DEFAULT_ACCEPTING: Accepting = 40;
export const acceptingLabel = (value: number) =>
  value === 40 ? 'Yes' : value === 20 ? 'Waitlist (2-3 week wait)' : 'No';

/** The time-of-day bands of spec 2 §9, one flag each on a location. */
export const TIME_FLAGS = [
  { name: 'morning_availability', label: 'Morning (before 10am)' },
  { name: 'daytime_availability', label: 'Daytime (10am - 1pm)' },
  { name: 'afternoon_availability', label: 'Afternoon (1pm - 5pm)' },
  { name: 'evening_availability', label: 'Evening (after 5pm)' },
  { name: 'weekend_availability', label: 'Weekends' },
] as const;
export type TimeFlag = (typeof TIME_FLAGS)[number]['name'];
export type TimeFlags = Record<TimeFlag, boolean>;

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const CLOSED = 'Closed';
export const INQUIRE = 'Please inquire about hours';
export const HOURS_MAX = 70;
export const NOTE_MAX = 200;

// --- The office fields, shared with the wizard's Locations step ------------------------------------

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const requiredMessage = (label: string) => `${label} is required.`;

/** One office field: "{Label} is required.", "{Label} is too long.", and the zip pattern's message. */
export function officeFieldSchema(label: string, max: number, pattern?: RegExp) {
  let field = Joi.string().trim().max(max).required();
  if (pattern) field = field.pattern(pattern);
  return field.messages({
    'any.required': requiredMessage(label),
    'string.empty': requiredMessage(label),
    'string.max': `${label} is too long.`,
    'string.pattern.base': `Please enter a valid ${label.toLowerCase()} code.`,
  });
}

export const OFFICE_FIELDS = {
  address: () => officeFieldSchema('Address', 200),
  address_2: () => Joi.string().trim().max(200).allow(''),
  city: () => officeFieldSchema('City', 100),
  zip: () => officeFieldSchema('Zip', 10, ZIP_PATTERN),
  state: () => officeFieldSchema('State', 2),
} as const;

// --- Hours (spec 2 §4 Checkbox hours) --------------------------------------------------------------
/** Unchecked → Closed; checked with nothing entered → Please inquire about hours. */
export const formToHours = (open: boolean[], text: string[]): string[] =>
  DAYS.map((_, i) => (!open[i] ? CLOSED : text[i]!.trim() || INQUIRE));

// --- Reading a posted form -------------------------------------------------------------------------

const str = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
const checked = (value: unknown): boolean => ['1', 'on', 'true', 'yes'].includes(str(value));

/** The location form's field names (spec 2 §7 "Locations": the location's own fields). */
export const dayOpenField = (i: number) => `open_${i}`;
export const dayHoursField = (i: number) => `hours_${i}`;

export interface LocationInput {
  remote_location: boolean;
  location_name: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  zip: string | null;
  state: string;
  accepting_patients: Accepting;
  hours: string[];
  display_address: boolean;
  ada_accessible: boolean;
  in_home: boolean;
  flags: TimeFlags;
}

export interface LicenseInput {
  number: string;
  license_type: string;
  expiration: number;
}

/** Accepting value as posted; anything but 0/20/40 is refused (the radios only offer those). */
export function parseAccepting(value: unknown): Accepting | null {
  const raw = str(value).trim();
  if (raw === '') return null;
  const n = Number(raw);
  return n === 0 || n === 20 || n === 40 ? n : null;
}

/** Flags of a posted form; `suffix` names a location's fields in the availability section. */
export const postedFlags = (body: Record<string, unknown>, suffix = ''): TimeFlags =>
  Object.fromEntries(TIME_FLAGS.map((f) => [f.name, checked(body[f.name + suffix])])) as TimeFlags;

/** "When accepting, at least one open-time checkbox" (spec 2 §5). */
export const needsOpenTimes = (accepting: number, flags: TimeFlags) =>
  accepting > 0 && !TIME_FLAGS.some((f) => flags[f.name]);

/**
 * The location form (spec 2 §5): the office fields for an in-person location (its name required when
 * editing), the state, accepting status, time flags and hours. When accepting, each open day needs its
 * hours; a location that is not accepting may leave an open day empty ("Please inquire about hours").
 */
export function validateLocationForm(
  body: Record<string, unknown>,
  options: { remote: boolean; editing: boolean; states: string[] },
): { value: LocationInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  const schema = Joi.object({
    state: officeFieldSchema('State', 2)
      .uppercase()
      .valid(...options.states)
      .messages({ 'any.only': requiredMessage('State') }),
    ...(options.remote
      ? {}
      : {
          address: OFFICE_FIELDS.address(),
          address_2: OFFICE_FIELDS.address_2(),
          city: OFFICE_FIELDS.city(),
          zip: OFFICE_FIELDS.zip(),
          location_name: options.editing
            ? officeFieldSchema('Location Name', 100)
            : Joi.string().trim().max(100).allow('').messages({ 'string.max': 'Location Name is too long.' }),
        }),
  });
  for (const key of ['state', ...(options.remote ? [] : ['address', 'address_2', 'city', 'zip', 'location_name'])])
    fields[key] = str(body[key]);
  const office = validate<Record<string, string>>(schema, fields);
  Object.assign(errors, office.errors ?? {});

  const accepting =
    parseAccepting(body.accepting_patients) ?? (str(body.accepting_patients) === '' ? DEFAULT_ACCEPTING : null);
  if (accepting === null) errors.accepting_patients = 'Please choose Yes, Waitlist or No.';
  const flags = postedFlags(body);
  if (accepting !== null && needsOpenTimes(accepting, flags)) errors.open_times = LOCATION_FORM_MESSAGES.openTimes;

  const open = DAYS.map((_, i) => checked(body[dayOpenField(i)]));
  const text = DAYS.map((_, i) => str(body[dayHoursField(i)]));
  DAYS.forEach((_, i) => {
    if (text[i]!.trim().length > HOURS_MAX) errors[dayHoursField(i)] = LOCATION_FORM_MESSAGES.hoursMax;
    else if (accepting && open[i] && !text[i]!.trim()) errors[dayHoursField(i)] = LOCATION_FORM_MESSAGES.hours;
  });

  if (Object.keys(errors).length || accepting === null || !office.value) return { value: null, errors };
  const v = office.value;
  const orNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);
  return {
    errors,
    value: {
      remote_location: options.remote,
      state: v.state!,
      location_name: options.remote ? null : orNull(v.location_name),
      address: options.remote ? null : orNull(v.address),
      address_2: options.remote ? null : orNull(v.address_2),
      city: options.remote ? null : orNull(v.city),
      zip: options.remote ? null : orNull(v.zip),
      accepting_patients: accepting,
      hours: formToHours(open, text),
      display_address: options.remote ? true : checked(body.display_address),
      ada_accessible: options.remote ? false : checked(body.ada_accessible),
      in_home: options.remote ? false : checked(body.in_home),
      flags,
    },
  };
}

/** The licence asked for a location in a state without one: number, type and year, each "Required". */
export function validateLocationLicense(
  body: Record<string, unknown>,
  now = new Date(),
): { value: LicenseInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const number = str(body.license_number).trim();
  const type = str(body.license_type).trim();
  const yearText = str(body.license_expiration).trim();
  if (!number) errors.license_number = LOCATION_FORM_MESSAGES.required;
  else if (number.length > LICENSE_NUMBER_MAX) errors.license_number = LICENSE_MESSAGES.numberMax;
  if (!type) errors.license_type = LOCATION_FORM_MESSAGES.required;
  else if (type.length > LICENSE_TYPE_MAX) errors.license_type = LICENSE_MESSAGES.typeMax;
  const year = Number(yearText);
  if (!yearText) errors.license_expiration = LOCATION_FORM_MESSAGES.required;
  else if (!expirationYears(now).includes(year)) errors.license_expiration = LICENSE_MESSAGES.yearFromList;
  return Object.keys(errors).length
    ? { value: null, errors }
    : { value: { number, license_type: type, expiration: year }, errors };
}

/** Same address: compared without case and extra spaces, suite and zip included. */
export function sameAddress(
  a: Pick<LocationInput, 'address' | 'address_2' | 'city' | 'state' | 'zip'>,
  b: Pick<LocationInput, 'address' | 'address_2' | 'city' | 'state' | 'zip'>,
): boolean {
  const norm = (s: string | null) => (s ?? '').toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim();
  return (['address', 'address_2', 'city', 'state', 'zip'] as const).every((k) => norm(a[k]) === norm(b[k]));
}
