// The payment form's messages (spec 3 §5 "Payment form"), exact.
import Joi from 'joi';

export const PAYMENT_MESSAGES = {
  sourceRequired: 'Payment method required.',
  line1Required: 'Address line 1 required.',
  cityRequired: 'City required.',
  stateRequired: 'State required.',
  postalRequired: 'Postal code required.',
  termsRequired: 'Please accept our terms of service.',
  previewFailed: 'We could not work out the price of this plan just now. Please try again in a moment.',
  taxChanged: 'The sales tax for this billing address changes the total. Please check the new total and pay again.',
  attemptExpired: 'This payment page has expired, so nothing was charged. Please check the total and pay again.',
} as const;

export interface PaymentInput { source: string; address_line1: string; address_line2: string; address_city: string; address_state: string; address_postal_code: string; terms: string }

const required = (message: string) => Joi.string().trim().required().messages({ 'any.required': message, 'string.empty': message });

const paymentSchema = Joi.object<PaymentInput>({
  source: Joi.string(),
  address_line1: required(PAYMENT_MESSAGES.line1Required).max(200),
  address_line2: Joi.string().trim().max(200).allow('').default(''),
  address_city: required(PAYMENT_MESSAGES.cityRequired).max(100),
  address_state: required(PAYMENT_MESSAGES.stateRequired).uppercase().pattern(/^[A-Z]{2}$/).messages({ 'string.pattern.base': PAYMENT_MESSAGES.stateRequired }),
  address_postal_code: required(PAYMENT_MESSAGES.postalRequired).pattern(/^\d{5}(-\d{4})?$/).messages({ 'string.pattern.base': PAYMENT_MESSAGES.postalRequired }),
  terms: Joi.string().valid('1').required().messages({ 'any.required': PAYMENT_MESSAGES.termsRequired, 'any.only': PAYMENT_MESSAGES.termsRequired, 'string.empty': PAYMENT_MESSAGES.termsRequired }),
});

export const PAYMENT_FIELDS = ['source', 'address_line1', 'address_line2', 'address_city', 'address_state', 'address_postal_code', 'terms'] as const;

const SOURCE = /^(new|pm_[A-Za-z0-9]+)$/;

/** The payment form's rules; a payment method is required unless a subscription already exists (spec 3 §5). */
export const paymentSchemaFor = (sourceRequired: boolean) => paymentSchema.keys({
  source: sourceRequired
    ? required(PAYMENT_MESSAGES.sourceRequired).pattern(SOURCE).messages({ 'string.pattern.base': PAYMENT_MESSAGES.sourceRequired })
    : Joi.string().trim().allow('').pattern(SOURCE).default('').messages({ 'string.pattern.base': PAYMENT_MESSAGES.sourceRequired }),
});
