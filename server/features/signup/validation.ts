// The registration form of spec 1 §5 (Registration form, Phone, Passwords) with its exact messages,
// for the three ways in: a new account (/signup), an invitation (/signup/invite/{token}) and a client
// adding a provider account (/signup-from-client).
import Joi from 'joi';
import {
  INVALID_EMAIL,
  INVITE_PASSWORD,
  REGISTRATION_PASSWORD,
  type PasswordRule,
  phoneNumber,
  REFERRAL_OFFER,
  registrationEmail,
  registrationText,
  requiredMessage,
} from '../../domain/accounts';
export const SIGNUP_MESSAGES = {
  terms: 'You must agree to the terms of service.',
  passwordsDiffer: 'Passwords do not match.',
  invalidEmail: INVALID_EMAIL,
  referrals: 'Please choose where to send referrals',
  // Our words: the spec leaves these open.
  botCheck: 'We could not confirm that you are a person. Please try again.',
  createFailed: 'There was an error creating your account.',
} as const;

/** The field names used in the messages and as the labels of the form. */
export const FIELD_NAMES = {
  first_name: 'First name',
  last_name: 'Last name',
  company_name: 'Company name',
  full_name: 'Full name',
  email: 'Email',
  password: 'Password',
  password_confirmation: 'Confirm password',
} as const;

/** Where a group practice's client referrals go (stored as custom_content.send_referrals_to). */
export const REFERRAL_DESTINATIONS = {
  practice: 'To the practice (one inbox for everyone)',
  clinicians: 'To each clinician of the practice directly',
} as const;

const requiredText = (field: keyof typeof FIELD_NAMES, options: { normalize?: boolean } = {}) =>
  registrationText(FIELD_NAMES[field], options);

const personName = (field: 'first_name' | 'last_name' | 'full_name') => requiredText(field, { normalize: true });

const email = () => registrationEmail(FIELD_NAMES.email);

const newPassword = (rule: PasswordRule) =>
  Joi.string()
    .required()
    .max(1024)
    .custom((value: string, helpers) => (rule.test(value) ? value : helpers.error('password.rule')))
    .messages({
      'any.required': requiredMessage(FIELD_NAMES.password),
      'string.empty': requiredMessage(FIELD_NAMES.password),
      'string.max': rule.message,
      'password.rule': rule.message,
    });

const confirmation = () =>
  Joi.string()
    .required()
    .custom((value: string, helpers) =>
      value === helpers.state.ancestors[0]?.password ? value : helpers.error('any.only'),
    )
    .messages({
      'any.required': requiredMessage(FIELD_NAMES.password_confirmation),
      'string.empty': requiredMessage(FIELD_NAMES.password_confirmation),
      'any.only': SIGNUP_MESSAGES.passwordsDiffer,
    });

const terms = () =>
  Joi.string().valid('1', 'on', 'yes').required().messages({
    'any.required': SIGNUP_MESSAGES.terms,
    'any.only': SIGNUP_MESSAGES.terms,
    'string.empty': SIGNUP_MESSAGES.terms,
  });

/** The provider part: type and names, phone (required for individuals only), referrals for practices. */
const providerFields = {
  type: Joi.string()
    .valid('individual', 'practice')
    .default('individual')
    .messages({ 'any.only': 'Please choose a profile type.' }),
  first_name: Joi.when('type', { is: 'individual', then: personName('first_name'), otherwise: Joi.any().strip() }),
  last_name: Joi.when('type', { is: 'individual', then: personName('last_name'), otherwise: Joi.any().strip() }),
  company_name: Joi.when('type', { is: 'practice', then: requiredText('company_name'), otherwise: Joi.any().strip() }),
  full_name: Joi.when('type', { is: 'practice', then: personName('full_name'), otherwise: Joi.any().strip() }),
  send_referrals_to: Joi.when('type', {
    is: 'practice',
    then: Joi.string()
      .valid(...Object.keys(REFERRAL_DESTINATIONS))
      .required()
      .messages({
        'any.required': SIGNUP_MESSAGES.referrals,
        'any.only': SIGNUP_MESSAGES.referrals,
        'string.empty': SIGNUP_MESSAGES.referrals,
      }),
    otherwise: Joi.any().strip(),
  }),
  // Group practice signups may leave the phone out (spec 1 §5 Phone).
  phone_number: Joi.when('type', {
    is: 'individual',
    then: phoneNumber(),
    otherwise: phoneNumber({ required: false }),
  }),
  terms: terms(),
};

export interface ProviderInput {
  type: 'individual' | 'practice';
  first_name?: string;
  last_name?: string;
  company_name?: string;
  full_name?: string;
  send_referrals_to?: keyof typeof REFERRAL_DESTINATIONS;
  phone_number: string | null;
}

export interface RegistrationInput extends ProviderInput {
  email: string;
  password: string;
}

/** /signup: a new login, account and profile (six-character registration password rule). */
export const registrationSchema = Joi.object<RegistrationInput & { password_confirmation: string }>({
  ...providerFields,
  email: email(),
  password: newPassword(REGISTRATION_PASSWORD),
  password_confirmation: confirmation(),
}).unknown(true);

export interface InviteInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone_number: string | null;
}

/** /signup/invite/{token}: the profile exists already; eight-character invite rule; phone optional. */
export const inviteSchema = Joi.object<InviteInput & { password_confirmation: string; terms: string }>({
  first_name: personName('first_name'),
  last_name: personName('last_name'),
  email: email(),
  password: newPassword(INVITE_PASSWORD),
  password_confirmation: confirmation(),
  phone_number: phoneNumber({ required: false }),
  terms: terms(),
}).unknown(true);

/** /signup-from-client when signed in: only the provider part. */
export const fromClientSchema = Joi.object<ProviderInput>(providerFields).unknown(true);

/** /signup-from-client when not signed in: the client's own e-mail and password prove who it is. */
export const fromClientWithLoginSchema = Joi.object<ProviderInput & { email: string; password: string }>({
  ...providerFields,
  email: email(),
  password: Joi.string()
    .required()
    .max(1024)
    .messages({
      'any.required': requiredMessage(FIELD_NAMES.password),
      'string.empty': requiredMessage(FIELD_NAMES.password),
      'string.max': requiredMessage(FIELD_NAMES.password),
    }),
}).unknown(true);

// ---- offers carried from the signup link to payment (spec 1 §2, §9)

export const PARTNERS = { owl: { name: 'Owl', offer: '25% off first year' } } as const;

export type SignupOffer =
  | { kind: 'partner'; partner: keyof typeof PARTNERS; text: string }
  | { kind: 'referral'; code: string; text: string };

/** ?partner=owl, or ?referral=CODE (referral_code= too): anything else is ignored, never an error. */
export function parseOffer(source: Record<string, unknown>): SignupOffer | null {
  const partner = typeof source.partner === 'string' ? source.partner.trim().toLowerCase() : '';
  if (partner in PARTNERS) {
    const key = partner as keyof typeof PARTNERS;
    return { kind: 'partner', partner: key, text: PARTNERS[key].offer };
  }
  const raw = source.referral ?? source.referral_code;
  const code = typeof raw === 'string' ? raw.trim() : '';
  if (/^[A-Za-z0-9_-]{3,40}$/.test(code)) return { kind: 'referral', code, text: REFERRAL_OFFER };
  return null;
}

/** What providers.signup_source records for an offer (or the way in). */
export function signupSource(offer: SignupOffer | null, fallback: string): string {
  if (offer?.kind === 'partner') return `partner:${offer.partner}`;
  if (offer?.kind === 'referral') return `referral:${offer.code}`;
  return fallback;
}
