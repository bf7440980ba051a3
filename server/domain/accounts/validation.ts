// Form rules of sign-in, two-factor, password reset and account recovery, with the exact messages of
// spec 1 §5 (Login, Phone, Passwords, Reset request and recovery). Shared pieces (phone, password
// rules, e-mail) are exported for Account Settings.
import Joi from 'joi';
import { PASSWORD_REQUIRED, RESET_CONFIRMATION_MISMATCH, STRONG_PASSWORD, type PasswordRule } from './password-rules';

export const PHONE_MESSAGES = {
  required: 'Phone number required.',
  invalid: 'Please enter a valid US phone number. Note that we do not share your phone number with anyone.',
  // The spec asks for "a message asking to contact support for an international number"; the words are ours.
  international:
    'International phone numbers cannot be entered here. Please contact support to use an international phone number.',
} as const;

export const PHONE_MAX_LENGTH = 12; // spec 1 §9

/**
 * A US phone number as +1 and ten digits (E.164). People type "(212) 555-0142" or "212.555.0142";
 * separators are dropped first. Longer numbers or another country code get the international message.
 */
export function normalizePhone(raw: string): { phone: string } | { error: keyof typeof PHONE_MESSAGES } {
  const trimmed = raw.trim();
  if (!trimmed) return { error: 'required' };
  const compact = trimmed.replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return { error: 'invalid' };
  const digits = compact.replace(/^\+/, '');
  if (compact.startsWith('+') && !digits.startsWith('1')) return { error: 'international' };
  if (compact.length > PHONE_MAX_LENGTH || digits.length > 11) return { error: 'international' };
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return { error: 'invalid' };
  return { phone: `+1${national}` };
}

/**
 * joi field for a US phone number; the value becomes +1XXXXXXXXXX. An optional one (spec 1 §5 Phone:
 * invited and group signups) lets an empty value through as null.
 */
export const phoneNumber = ({ required = true }: { required?: boolean } = {}) =>
  (required ? Joi.any().required() : Joi.any().default(null))
    .custom((value: unknown, helpers) => {
      if (value !== null && typeof value !== 'string') return helpers.error('phone.invalid');
      const text = value ?? '';
      if (!text.trim()) return required ? helpers.error('phone.required') : null;
      const result = normalizePhone(text);
      if ('error' in result) return helpers.error(`phone.${result.error}`);
      return result.phone;
    })
    .messages({
      'phone.required': PHONE_MESSAGES.required,
      'phone.invalid': PHONE_MESSAGES.invalid,
      'phone.international': PHONE_MESSAGES.international,
      'any.required': PHONE_MESSAGES.required,
    });

/** joi field for a new password under one of the three rules. */
export const newPassword = (rule: PasswordRule) =>
  Joi.string()
    .required()
    .custom((value: string, helpers) => (rule.test(value) ? value : helpers.error('password.rule')))
    .messages({ 'any.required': PASSWORD_REQUIRED, 'string.empty': PASSWORD_REQUIRED, 'password.rule': rule.message });

const email = (messages: { required: string; invalid: string }) =>
  Joi.string().trim().lowercase().max(254).required().email({ tlds: false }).messages({
    'any.required': messages.required,
    'string.empty': messages.required,
    'string.email': messages.invalid,
    'string.max': messages.invalid,
  });

export const loginSchema = Joi.object({
  email: email({ required: 'You must enter an email address', invalid: 'Invalid email address format' }),
  password: Joi.string().required().max(1024).messages({
    'any.required': 'You must enter a password',
    'string.empty': 'You must enter a password',
    'string.max': 'You must enter a password',
  }),
  origin: Joi.string().valid('client').empty('').optional(),
  reimbursify_redirect_url: Joi.string().max(2048).empty('').optional(),
}).unknown(true);

export const TWO_FACTOR_WRONG_CODE = 'The code you entered is not correct. Please try again, or request a new code.';

/** The code field is "token" (spec 1 §7 PUT /auth/provider-verify-2fa); spaces people type are ignored. */
export const twoFactorCodeSchema = Joi.object({
  token: Joi.string()
    .required()
    .replace(/\s+/g, '')
    .pattern(/^\d{6}$/)
    .messages({
      'any.required': TWO_FACTOR_WRONG_CODE,
      'string.empty': TWO_FACTOR_WRONG_CODE,
      'string.pattern.base': TWO_FACTOR_WRONG_CODE,
    }),
  remember: Joi.string().valid('1').optional(),
}).unknown(true);

export const resetRequestSchema = Joi.object({
  email: email({ required: 'Email required.', invalid: 'Please enter a valid email address.' }),
}).unknown(true);

export const resetPasswordSchema = Joi.object({
  password: newPassword(STRONG_PASSWORD),
  password_confirmation: Joi.any()
    .valid(Joi.ref('password'))
    .required()
    .messages({ 'any.only': RESET_CONFIRMATION_MISMATCH, 'any.required': RESET_CONFIRMATION_MISMATCH }),
}).unknown(true);

export const recoverSchema = Joi.object({
  first_name: Joi.string()
    .trim()
    .max(100)
    .required()
    .messages({ 'any.required': 'First name required.', 'string.empty': 'First name required.' }),
  last_name: Joi.string()
    .trim()
    .max(100)
    .required()
    .messages({ 'any.required': 'Last name required.', 'string.empty': 'Last name required.' }),
  phone_number: phoneNumber(),
}).unknown(true);
