// Registration rules that other pages repeat: how a typed name is tidied, the referral offer's words, and
// the registration form's own fields with their messages.
import Joi from 'joi';

/**
 * Names are trimmed; a name entirely in upper case with 3 or more characters is lower-cased, then its
 * first letter capitalised ("DANA" → "Dana"; "AL", "McKay" and "de la Cruz" stay as typed).
 */
export function normalizeName(raw: string): string {
  const name = raw.trim();
  const allUpper = name === name.toUpperCase() && name !== name.toLowerCase();
  if (!allUpper || name.length < 3) return name;
  const lower = name.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** What a referral gives both sides (sign-up banner, Refer a Colleague). */
export const REFERRAL_OFFER = '$49 off for both of you';

// ---- fields of the registration form (spec 1 §5), shared by sign-up and by profile creation's practice-owner fields

/** "{Field name} required." (spec 1 §5 Registration form). */
export const requiredMessage = (fieldName: string) => `${fieldName} required.`;

/** The registration form's e-mail message (spec 1 §5: "Invalid email."). */
export const INVALID_EMAIL = 'Invalid email.';

/** A required text named `label` in its messages; a person's name is tidied by normalizeName. */
export function registrationText(label: string, options: { normalize?: boolean } = {}): Joi.StringSchema {
  const base = Joi.string().trim().max(100).required();
  return (options.normalize ? base.custom((value: string) => normalizeName(value)) : base).messages({
    'any.required': requiredMessage(label),
    'string.empty': requiredMessage(label),
    'string.max': `${label} is too long.`,
  });
}

/** A required person's name ("{label} required.", trimmed and tidied). */
export const registrationName = (label: string) => registrationText(label, { normalize: true });

/** A required e-mail address ("{label} required.", "Invalid email."), trimmed and lower-cased. */
export const registrationEmail = (label: string) =>
  Joi.string()
    .trim()
    .lowercase()
    .max(254)
    .required()
    .email({ tlds: false })
    .messages({
      'any.required': requiredMessage(label),
      'string.empty': requiredMessage(label),
      'string.email': INVALID_EMAIL,
      'string.max': INVALID_EMAIL,
    });
