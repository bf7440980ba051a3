// The create-profile form (spec 1 §5 Create profile, Phone; §7 POST portal/provider) with its exact
// messages. Three types: an individual profile, a practice, and "new-user": an individual profile for
// another clinician, who is invited by e-mail.
import Joi from 'joi';
import { phoneNumber, normalizeName } from '../../domain/accounts';
import { validate } from '../../lib/validation';

export const PROFILE_TYPES = ['individual', 'practice', 'new-user'] as const;
export type CreationType = (typeof PROFILE_TYPES)[number];

/** Where the new clinician's client e-mails go (contact_email). */
export const CONTACT_EMAIL_CHOICES = ['provider-email', 'other-email', 'owner-email'] as const;
export type ContactEmailChoice = (typeof CONTACT_EMAIL_CHOICES)[number];

export const CREATE_MESSAGES = {
  invalidEmail: 'Invalid email.',
  providerEmailRequired: 'Provider email required.',
  createFailed: 'There was an error creating your account.',
  // Our words: the spec names these rules without quoting a message.
  type: 'Please choose a profile type.',
  otherEmailRequired: 'Other email required.',
  contactChoice: 'Please choose where client emails should go.',
  ownerPermission: 'Please choose whether you keep access to this profile.',
  ownerPermissionWithoutEmail: "Without the provider's email nobody else can open this profile: keep access, or enter their email.",
} as const;

const requiredName = (label: string) =>
  Joi.string().trim().max(100).required().custom((value: string) => normalizeName(value)).messages({
    'any.required': `${label} required.`,
    'string.empty': `${label} required.`,
    'string.max': `${label} is too long.`,
  });

const optionalEmail = () =>
  Joi.string().trim().lowercase().max(254).email({ tlds: false }).allow('').default('').messages({
    'string.email': CREATE_MESSAGES.invalidEmail,
    'string.max': CREATE_MESSAGES.invalidEmail,
  });

export interface CreateProfileInput {
  type: CreationType;
  account_id: number | null;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  full_name?: string;
  phone_number: string | null;
  /** new-user: the clinician's own address (the invitation goes there). */
  email?: string;
  contact_email_choice?: ContactEmailChoice;
  other_email_value?: string;
  ownerHasClinicianPermission?: 'yes' | 'no';
  /** Set by "Create anyway" on the duplicate-name page. */
  confirm_duplicate: boolean;
}

const isType = (type: CreationType | CreationType[]) => ({ is: Joi.valid(...([] as CreationType[]).concat(type)) });
const only = <T extends Joi.Schema>(type: CreationType | CreationType[], schema: T) => Joi.when('type', { ...isType(type), then: schema, otherwise: Joi.any().strip() });

export const createProfileSchema = Joi.object<CreateProfileInput>({
  type: Joi.string().valid(...PROFILE_TYPES).required().messages({ 'any.required': CREATE_MESSAGES.type, 'any.only': CREATE_MESSAGES.type, 'string.empty': CREATE_MESSAGES.type }),
  account_id: Joi.number().integer().positive().empty('').default(null),
  first_name: only(['individual', 'new-user'], requiredName('First name')),
  last_name: only(['individual', 'new-user'], requiredName('Last name')),
  company_name: only('practice', Joi.string().trim().max(200).required().messages({
    'any.required': 'Company name required.', 'string.empty': 'Company name required.', 'string.max': 'Company name is too long.',
  })),
  full_name: only('practice', requiredName('Full name')),
  phone_number: Joi.when('type', { is: 'new-user', then: phoneNumber({ required: false }), otherwise: phoneNumber() }),
  email: only('new-user', optionalEmail()),
  contact_email_choice: only('new-user', Joi.string().valid(...CONTACT_EMAIL_CHOICES).required().messages({
    'any.required': CREATE_MESSAGES.contactChoice, 'any.only': CREATE_MESSAGES.contactChoice, 'string.empty': CREATE_MESSAGES.contactChoice,
  })),
  other_email_value: only('new-user', Joi.when('contact_email_choice', {
    is: 'other-email',
    then: Joi.string().trim().lowercase().max(254).required().email({ tlds: false }).messages({
      'any.required': CREATE_MESSAGES.otherEmailRequired, 'string.empty': CREATE_MESSAGES.otherEmailRequired,
      'string.email': CREATE_MESSAGES.invalidEmail, 'string.max': CREATE_MESSAGES.invalidEmail,
    }),
    otherwise: Joi.any().strip(),
  })),
  ownerHasClinicianPermission: only('new-user', Joi.string().valid('yes', 'no').required().messages({
    'any.required': CREATE_MESSAGES.ownerPermission, 'any.only': CREATE_MESSAGES.ownerPermission, 'string.empty': CREATE_MESSAGES.ownerPermission,
  })),
  confirm_duplicate: Joi.boolean().truthy('1').falsy('', '0').default(false),
});

/** The rules that tie fields together (Provider email required. and the like), on the input as posted or as checked. */
function crossFieldErrors(fields: { type?: unknown; email?: unknown; contact_email_choice?: unknown; ownerHasClinicianPermission?: unknown }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (fields.type !== 'new-user') return errors;
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  if (fields.contact_email_choice === 'provider-email' && !email) errors.email = CREATE_MESSAGES.providerEmailRequired;
  else if (!email && fields.ownerHasClinicianPermission === 'no') errors.ownerHasClinicianPermission = CREATE_MESSAGES.ownerPermissionWithoutEmail;
  return errors;
}

/** Runs the schema and the cross-field rules together, so every error is reported at once (a field's own error wins). */
export function validateCreateProfile(body: unknown): ReturnType<typeof validate<CreateProfileInput>> {
  const checked = validate(createProfileSchema, body);
  const cross = crossFieldErrors(checked.errors ? ((body ?? {}) as Record<string, unknown>) : checked.value);
  if (!checked.errors && Object.keys(cross).length === 0) return checked;
  return { value: null, errors: { ...cross, ...(checked.errors ?? {}) } };
}

/** The form's own fields, as typed, to put back into a re-rendered form. */
export const FORM_FIELDS = [
  'type', 'account_id', 'first_name', 'last_name', 'company_name', 'full_name', 'phone_number',
  'email', 'contact_email_choice', 'other_email_value', 'ownerHasClinicianPermission',
] as const;
export type FormValues = Partial<Record<(typeof FORM_FIELDS)[number], string>>;

export function formValues(body: Record<string, unknown>): FormValues {
  return Object.fromEntries(FORM_FIELDS.map((key) => [key, typeof body[key] === 'string' ? (body[key] as string) : ''])) as FormValues;
}
