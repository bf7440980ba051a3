// Account Settings forms (spec 1 §5 Account settings, Phone, Passwords), with the spec's messages,
// "passsword" included.
import Joi from 'joi';
import {
  CHANGE_CONFIRMATION_MISMATCH,
  PASSWORD_REQUIRED,
  STRONG_PASSWORD,
  newPassword,
  phoneNumber,
} from '../../domain/accounts';
import { validate } from '../../lib/validation';

export const CURRENT_PASSWORD_REQUIRED =
  'Please enter your current passsword. (We just want to make sure this is you!)';
// Not quoted by the spec (a server message): ours.
export const CURRENT_PASSWORD_WRONG = 'The password you entered is not correct.';
export const TOO_MANY_ATTEMPTS = 'There have been too many attempts. Please try again later.';
export const EMAIL_TAKEN = 'This email address is already in use by another account.';
export const EMAIL_UNCHANGED = 'This is already your email address.';
export const SMS_NEEDS_PHONE = 'Please add your phone number before turning on text messages.';

export const NAME_MESSAGES = {
  first: 'First name required.',
  last: 'Last name required.',
  either: 'Either first and last or company name is required.',
} as const;

const currentPassword = () =>
  Joi.string().required().max(1024).messages({
    'any.required': CURRENT_PASSWORD_REQUIRED,
    'string.empty': CURRENT_PASSWORD_REQUIRED,
    'string.max': CURRENT_PASSWORD_WRONG,
  });

/** PUT auth/email/update: password, newEmail. */
export const emailChangeSchema = Joi.object({
  newEmail: Joi.string().trim().lowercase().max(254).required().email({ tlds: false }).messages({
    'any.required': 'New email required.',
    'string.empty': 'New email required.',
    'string.email': 'Please enter a valid email address.',
    'string.max': 'Please enter a valid email address.',
  }),
  password: currentPassword(),
}).unknown(true);

const nameField = () => Joi.string().trim().max(100).allow('').default('');

const nameFieldsSchema = Joi.object({
  first_name: nameField(),
  middle_name: nameField(),
  last_name: nameField(),
  company_name: nameField().max(200),
}).unknown(true);

export interface NameInput {
  first_name: string;
  middle_name: string;
  last_name: string;
  company_name: string;
}

/** PUT portal/me: either a company name, or both first and last name. */
export function validateName(
  input: unknown,
): { value: NameInput; errors: null } | { value: null; errors: Record<string, string> } {
  const checked = validate<NameInput>(nameFieldsSchema, input);
  if (checked.errors) return checked;
  const { first_name, last_name, company_name } = checked.value;
  if (company_name || (first_name && last_name)) return checked;
  const errors: Record<string, string> = {};
  if (!first_name) errors.first_name = NAME_MESSAGES.first;
  if (!last_name) errors.last_name = NAME_MESSAGES.last;
  if (!first_name && !last_name) errors.company_name = NAME_MESSAGES.either;
  return { value: null, errors };
}

/** PUT portal/user/phone/update: phone (plus the current password, see the service). */
export const phoneChangeSchema = Joi.object({ phone: phoneNumber(), password: currentPassword() }).unknown(true);

/** POST portal/user/phone/verify: phone_number (step 1 of two-factor setup). */
export const twoFactorStartSchema = Joi.object({ phone_number: phoneNumber(), password: currentPassword() }).unknown(
  true,
);

/** POST portal/user/phone/disable-2fa-enrollment. */
export const twoFactorRemovalSchema = Joi.object({ password: currentPassword() }).unknown(true);

/** POST auth/password/update: old_password, new_password (+ confirmation). */
export const passwordChangeSchema = Joi.object({
  old_password: Joi.string().required().max(1024).messages({
    'any.required': PASSWORD_REQUIRED,
    'string.empty': PASSWORD_REQUIRED,
    'string.max': CURRENT_PASSWORD_WRONG,
  }),
  new_password: newPassword(STRONG_PASSWORD),
  new_password_confirmation: Joi.string().required().valid(Joi.ref('new_password')).messages({
    'any.required': PASSWORD_REQUIRED,
    'string.empty': PASSWORD_REQUIRED,
    'any.only': CHANGE_CONFIRMATION_MISMATCH,
  }),
}).unknown(true);
