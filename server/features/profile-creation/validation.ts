// The create-profile form (spec 1 §5 Create profile, Phone; §7 POST portal/provider) with its exact
// messages. Three types: an individual profile, a practice, and "new-user": an individual profile for
// another clinician, who is invited by e-mail. A practice may be someone else's: then the form also asks
// for its owner's name, e-mail and phone (spec 1 §5 Registration form), by the registration form's rules.
import Joi from 'joi';
import { phoneNumber, registrationEmail, registrationName } from '../../domain/accounts';
import { validate } from '../../lib/validation';

export const PROFILE_TYPES = ['individual', 'practice', 'new-user'] as const;
export type CreationType = (typeof PROFILE_TYPES)[number];

/** Whose practice a practice profile is: the creator's own, or someone else's (then its owner is asked for). */
export const PRACTICE_OWNERS = ['me', 'someone-else'] as const;
export type PracticeOwner = (typeof PRACTICE_OWNERS)[number];

/** The practice owner's fields, as named in the registration messages ("{Field name} required."). */
export const OWNER_FIELD_NAMES = {
  owner_first_name: 'Owner first name',
  owner_last_name: 'Owner last name',
  owner_email: 'Owner email',
  owner_phone_number: 'Owner phone number',
} as const;

/** Where the new clinician's client e-mails go (contact_email). */
export const CONTACT_EMAIL_CHOICES = ['provider-email', 'other-email', 'owner-email'] as const;
export type ContactEmailChoice = (typeof CONTACT_EMAIL_CHOICES)[number];

export const CREATE_MESSAGES = {
  invalidEmail: 'Invalid email.',
  providerEmailRequired: 'Provider email required.',
  createFailed: 'There was an error creating your account.',
  // Our words: the spec names these rules without quoting a message.
  type: 'Please choose a profile type.',
  otherEmailRequired: 'Enter the other email address.',
  contactChoice: 'Please choose where client emails should go.',
  ownerPermission: 'Please choose whether you keep access to this profile.',
  ownerPermissionWithoutEmail:
    "Without the provider's email nobody else can open this profile: keep access, or enter their email.",
  practiceOwner: 'Please choose whose practice this is.',
} as const;

/** Names follow the registration form's rule and message ("{Field name} required.", tidied). */
const requiredName = registrationName;

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
  /** practice: whose practice it is; for someone else's, its owner's name, e-mail and phone. */
  practice_owner?: PracticeOwner;
  owner_first_name?: string;
  owner_last_name?: string;
  owner_email?: string;
  owner_phone_number?: string;
  /** Set by "Create anyway" on the duplicate-name page. */
  confirm_duplicate: boolean;
}

const isType = (type: CreationType | CreationType[]) => ({ is: Joi.valid(...([] as CreationType[]).concat(type)) });
const only = <T extends Joi.Schema>(type: CreationType | CreationType[], schema: T) =>
  Joi.when('type', { ...isType(type), then: schema, otherwise: Joi.any().strip() });

/** A field of the practice owner: asked only for someone else's practice, dropped otherwise. */
const ownerField = (schema: Joi.Schema) =>
  only('practice', Joi.when('practice_owner', { is: 'someone-else', then: schema, otherwise: Joi.any().strip() }));

export const createProfileSchema = Joi.object<CreateProfileInput>({
  type: Joi.string()
    .valid(...PROFILE_TYPES)
    .required()
    .messages({
      'any.required': CREATE_MESSAGES.type,
      'any.only': CREATE_MESSAGES.type,
      'string.empty': CREATE_MESSAGES.type,
    }),
  account_id: Joi.number().integer().positive().empty('').default(null),
  first_name: only(['individual', 'new-user'], requiredName('First name')),
  last_name: only(['individual', 'new-user'], requiredName('Last name')),
  company_name: only(
    'practice',
    Joi.string().trim().max(200).required().messages({
      'any.required': 'Company name required.',
      'string.empty': 'Company name required.',
      'string.max': 'Company name is too long.',
    }),
  ),
  full_name: only('practice', requiredName('Full name')),
  phone_number: Joi.when('type', { is: 'new-user', then: phoneNumber({ required: false }), otherwise: phoneNumber() }),
  email: only('new-user', optionalEmail()),
  contact_email_choice: only(
    'new-user',
    Joi.string()
      .valid(...CONTACT_EMAIL_CHOICES)
      .required()
      .messages({
        'any.required': CREATE_MESSAGES.contactChoice,
        'any.only': CREATE_MESSAGES.contactChoice,
        'string.empty': CREATE_MESSAGES.contactChoice,
      }),
  ),
  other_email_value: only(
    'new-user',
    Joi.when('contact_email_choice', {
      is: 'other-email',
      then: Joi.string().trim().lowercase().max(254).required().email({ tlds: false }).messages({
        'any.required': CREATE_MESSAGES.otherEmailRequired,
        'string.empty': CREATE_MESSAGES.otherEmailRequired,
        'string.email': CREATE_MESSAGES.invalidEmail,
        'string.max': CREATE_MESSAGES.invalidEmail,
      }),
      otherwise: Joi.any().strip(),
    }),
  ),
  ownerHasClinicianPermission: only(
    'new-user',
    Joi.string().valid('yes', 'no').required().messages({
      'any.required': CREATE_MESSAGES.ownerPermission,
      'any.only': CREATE_MESSAGES.ownerPermission,
      'string.empty': CREATE_MESSAGES.ownerPermission,
    }),
  ),
  practice_owner: only(
    'practice',
    Joi.string()
      .valid(...PRACTICE_OWNERS)
      .empty('')
      .default('me')
      .messages({ 'any.only': CREATE_MESSAGES.practiceOwner }),
  ),
  owner_first_name: ownerField(registrationName(OWNER_FIELD_NAMES.owner_first_name)),
  owner_last_name: ownerField(registrationName(OWNER_FIELD_NAMES.owner_last_name)),
  owner_email: ownerField(registrationEmail(OWNER_FIELD_NAMES.owner_email)),
  owner_phone_number: ownerField(phoneNumber()),
  confirm_duplicate: Joi.boolean().truthy('1').falsy('', '0').default(false),
});

/** The rules that tie fields together (Provider email required. and the like), on the input as posted or as checked. */
function crossFieldErrors(fields: {
  type?: unknown;
  email?: unknown;
  contact_email_choice?: unknown;
  ownerHasClinicianPermission?: unknown;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (fields.type !== 'new-user') return errors;
  const email = typeof fields.email === 'string' ? fields.email.trim() : '';
  if (fields.contact_email_choice === 'provider-email' && !email) errors.email = CREATE_MESSAGES.providerEmailRequired;
  else if (!email && fields.ownerHasClinicianPermission === 'no')
    errors.ownerHasClinicianPermission = CREATE_MESSAGES.ownerPermissionWithoutEmail;
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
  'type',
  'account_id',
  'first_name',
  'last_name',
  'company_name',
  'full_name',
  'phone_number',
  'email',
  'contact_email_choice',
  'other_email_value',
  'ownerHasClinicianPermission',
  'practice_owner',
  'owner_first_name',
  'owner_last_name',
  'owner_email',
  'owner_phone_number',
] as const;
export type FormValues = Partial<Record<(typeof FORM_FIELDS)[number], string>>;

export function formValues(body: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    FORM_FIELDS.map((key) => [key, typeof body[key] === 'string' ? (body[key] as string) : '']),
  ) as FormValues;
}
