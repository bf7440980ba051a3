// The general-information forms' own rules (spec 2 §5 "Text fields": tagline and pronouns), with the
// spec's messages word for word. Licences live in ../licenses; About Your Practice reuses the
// onboarding About You rules.
import Joi from 'joi';
import { hasContactDetails } from '../../text/contact-details';
import { validate } from '../../lib/validation';

export const TAGLINE_MAX = 75;
export const PRONOUNS_MAX = 40;

export const GENERAL_MESSAGES = {
  taglineMax: 'Tagline must be 75 characters or less.',
  taglineContacts: 'Please do not include URLs, phone numbers, or email addresses in your tagline!',
  pronounsRequired: 'Please enter your preferred pronouns.',
  pronounsMax: 'Exceeds maximum length (40 characters).',
  error: 'There was an error updating your profile.',
} as const;

export const PRONOUN_OPTIONS = ['She/Her/Hers', 'He/Him/His', 'They/Them/Theirs', 'Other'] as const;

export const taglineSchema = Joi.object<{ tagline: string }>({
  tagline: Joi.string()
    .trim()
    .allow('')
    .max(TAGLINE_MAX)
    .default('')
    .custom((value: string, helpers) => (hasContactDetails(value) ? helpers.error('string.contacts') : value))
    .messages({ 'string.max': GENERAL_MESSAGES.taglineMax, 'string.contacts': GENERAL_MESSAGES.taglineContacts }),
});

/** Pronouns: one of the options, or Other with the person's own words; nothing chosen clears them. */
export const pronounsSchema = Joi.object<{ pronouns: string; pronouns_other: string }>({
  pronouns: Joi.string()
    .valid('', ...PRONOUN_OPTIONS)
    .default('')
    .messages({ 'any.only': 'Please choose from the list.' }),
  pronouns_other: Joi.when('pronouns', {
    is: 'Other',
    then: Joi.string().trim().max(PRONOUNS_MAX).required().empty('').messages({
      'any.required': GENERAL_MESSAGES.pronounsRequired,
      'string.max': GENERAL_MESSAGES.pronounsMax,
    }),
    otherwise: Joi.any().strip(),
  }),
});

/** The value stored in custom_content.pronouns (null: none chosen). */
export function pronounsToStore(
  body: unknown,
): { value: string | null; errors: null } | { value: null; errors: Record<string, string> } {
  const checked = validate(pronounsSchema, body);
  if (checked.errors) return { value: null, errors: checked.errors };
  const { pronouns, pronouns_other: other } = checked.value;
  return { value: pronouns === 'Other' ? other : pronouns || null, errors: null };
}

/** How stored pronouns show in the form: a listed option, or Other with the text. */
export function pronounsForForm(stored: unknown): { pronouns: string; pronouns_other: string } {
  if (typeof stored !== 'string' || !stored) return { pronouns: '', pronouns_other: '' };
  return (PRONOUN_OPTIONS as readonly string[]).includes(stored) && stored !== 'Other'
    ? { pronouns: stored, pronouns_other: '' }
    : { pronouns: 'Other', pronouns_other: stored };
}
