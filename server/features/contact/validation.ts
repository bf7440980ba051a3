// The Contact Us form (spec 1 §7, spec 2 §2): the spec names the fields (email, firstname, lastname)
// but not the messages; ours are recorded in docs/decisions.md.
import Joi from 'joi';
export const CONTACT_MESSAGES = {
  firstname: 'First name required.',
  lastname: 'Last name required.',
  nameLength: 'Please keep names under 100 characters.',
  email: 'Email required.',
  emailInvalid: 'Please enter a valid email address.',
  message: 'Enter your message.',
  messageLength: 'Please keep your message under 5000 characters.',
  sent: 'Thank you! Your message has been sent. We will get back to you within one business day.',
  error: 'There was an error sending your message. Please try again, or e-mail us if you continue to have this issue.',
} as const;

export const MAX_NAME = 100;
export const MAX_MESSAGE = 5000;

const name = (required: string) =>
  Joi.string().trim().max(MAX_NAME).required().messages({
    'any.required': required,
    'string.empty': required,
    'string.base': required,
    'string.max': CONTACT_MESSAGES.nameLength,
  });

export interface ContactInput {
  firstname: string;
  lastname: string;
  email: string;
  message: string;
}

export const contactSchema = Joi.object<ContactInput>({
  firstname: name(CONTACT_MESSAGES.firstname),
  lastname: name(CONTACT_MESSAGES.lastname),
  email: Joi.string().trim().max(254).email({ tlds: false }).required().messages({
    'any.required': CONTACT_MESSAGES.email,
    'string.empty': CONTACT_MESSAGES.email,
    'string.base': CONTACT_MESSAGES.email,
    'string.email': CONTACT_MESSAGES.emailInvalid,
    'string.max': CONTACT_MESSAGES.emailInvalid,
  }),
  message: Joi.string().trim().max(MAX_MESSAGE).required().messages({
    'any.required': CONTACT_MESSAGES.message,
    'string.empty': CONTACT_MESSAGES.message,
    'string.base': CONTACT_MESSAGES.message,
    'string.max': CONTACT_MESSAGES.messageLength,
  }),
});
