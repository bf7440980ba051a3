// The payment form's billing address, terms and payment method (spec 3 §5 "Payment form"), shared by the
// signed-in payment form and /zpm-signup; the messages are the spec's, word for word.
import Joi from 'joi';
import { validate } from '../../lib/validation';

export const PAYMENT_MESSAGES = {
  sourceRequired: 'Payment method required.',
  line1Required: 'Address line 1 required.',
  cityRequired: 'City required.',
  stateRequired: 'State required.',
  postalRequired: 'Postal code required.',
  // Ours: the spec has a message for a missing postal code only (§5), none for one that is there but wrong.
  postalInvalid: 'Postal code invalid: enter a 5-digit ZIP code, such as 10001 or 10001-1234.',
  termsRequired: 'Please accept our terms of service.',
} as const;

export interface PaymentInput {
  source: string;
  address_line1: string;
  address_line2: string;
  address_city: string;
  address_state: string;
  address_postal_code: string;
  terms: string;
}

export const PAYMENT_FIELDS = [
  'source',
  'address_line1',
  'address_line2',
  'address_city',
  'address_state',
  'address_postal_code',
  'terms',
] as const;

const required = (message: string) =>
  Joi.string().trim().required().messages({ 'any.required': message, 'string.empty': message });

/** A saved card (pm_…) or "new" (the card processor's hosted page). */
const SOURCE = /^(new|pm_[A-Za-z0-9]+)$/;

const addressAndTerms = {
  address_line1: required(PAYMENT_MESSAGES.line1Required).max(200),
  address_line2: Joi.string().trim().max(200).allow('').default(''),
  address_city: required(PAYMENT_MESSAGES.cityRequired).max(100),
  address_state: required(PAYMENT_MESSAGES.stateRequired)
    .uppercase()
    .pattern(/^[A-Z]{2}$/)
    .messages({ 'string.pattern.base': PAYMENT_MESSAGES.stateRequired }),
  address_postal_code: required(PAYMENT_MESSAGES.postalRequired)
    .pattern(/^\d{5}(-\d{4})?$/)
    .messages({ 'string.pattern.base': PAYMENT_MESSAGES.postalInvalid }),
  terms: Joi.string().valid('1').required().messages({
    'any.required': PAYMENT_MESSAGES.termsRequired,
    'any.only': PAYMENT_MESSAGES.termsRequired,
    'string.empty': PAYMENT_MESSAGES.termsRequired,
  }),
};

const paymentSchemas = {
  sourceRequired: Joi.object<PaymentInput>({
    source: required(PAYMENT_MESSAGES.sourceRequired)
      .pattern(SOURCE)
      .messages({ 'string.pattern.base': PAYMENT_MESSAGES.sourceRequired }),
    ...addressAndTerms,
  }),
  // Paying for a change of an existing subscription may keep its card: no source, no change of card.
  sourceOptional: Joi.object<PaymentInput>({
    source: Joi.string()
      .trim()
      .allow('')
      .pattern(SOURCE)
      .default('')
      .messages({ 'string.pattern.base': PAYMENT_MESSAGES.sourceRequired }),
    ...addressAndTerms,
  }),
};

/** The payment form's rules; a payment method is required unless a subscription already exists (spec 3 §5). */
export const validatePayment = (values: unknown, { sourceRequired }: { sourceRequired: boolean }) =>
  validate(sourceRequired ? paymentSchemas.sourceRequired : paymentSchemas.sourceOptional, values);

/** The pay step's fields filled from what is on file: the billing address, the card chosen, the terms (accepted: '1'). */
export function paymentValuesFrom(
  address: { line1: string; line2: string; city: string; state: string; postalCode: string },
  source: string,
  terms = '',
): PaymentInput {
  return {
    source,
    address_line1: address.line1,
    address_line2: address.line2,
    address_city: address.city,
    address_state: address.state,
    address_postal_code: address.postalCode,
    terms,
  };
}
