// Plan Management's messages (spec 3 §5 "Billing address editing", §8) and the billing address form.
import Joi from 'joi';
import { PAY_OPEN_INVOICE } from '../../domain/billing';

export const PLAN_MESSAGES = {
  addressUpdated: 'Your billing information has been updated!',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Please enter a 5-digit zip code (or ZIP+4).',
  cardAdded: 'Your payment method has been added.',
  cardReplaced: 'Your payment method has been replaced.',
  defaultChanged: 'Your default payment method has been updated.',
  cardNotSaved: 'Your card could not be saved.',
  incomplete:
    'We were unable to successfully charge your card for this membership. Please update your payment method so we can try again.',
  expiredBeforeStart: 'This membership expired before it started: its first payment did not go through.',
  // Past due and unpaid memberships (spec 3 §4 live statuses; the texts are ours: docs/decisions.md [17]).
  payOpenInvoice: PAY_OPEN_INVOICE,
  openInvoicePaid: 'Your unpaid invoice has been paid. Thank you!',
  openInvoiceDeclined: 'Your unpaid invoice could not be paid with this card:',
  chooseCard: 'Please choose a card to pay with.',
  invoicesDelay: 'Invoices can take up to an hour to appear here.',
  linkUnavailable: 'This link is not available right now. Please contact support and we will send you a copy.',
  cancelFailed: 'We are sorry but there was an error submitting your cancel request. Please email the support address.',
  cancelTerms:
    'Memberships carry an annual commitment for the first year. Changes need 15 days\u2019 notice, and payments are not refunded unless you bought a starter bundle.',
  failure: 'Sorry, something went wrong. Your changes were not saved. Please try again.',
} as const;

export interface AddressInput {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}

export const addressSchema = Joi.object<AddressInput>({
  line1: Joi.string()
    .trim()
    .max(200)
    .required()
    .messages({ 'any.required': PLAN_MESSAGES.streetRequired, 'string.empty': PLAN_MESSAGES.streetRequired }),
  line2: Joi.string().trim().max(200).allow('').default(''),
  city: Joi.string()
    .trim()
    .max(100)
    .required()
    .messages({ 'any.required': PLAN_MESSAGES.cityRequired, 'string.empty': PLAN_MESSAGES.cityRequired }),
  state: Joi.string()
    .trim()
    .uppercase()
    .pattern(/^[A-Z]{2}$/)
    .required()
    .messages({
      'any.required': PLAN_MESSAGES.stateRequired,
      'string.empty': PLAN_MESSAGES.stateRequired,
      'string.pattern.base': PLAN_MESSAGES.stateRequired,
    }),
  postal_code: Joi.string()
    .trim()
    .pattern(/^\d{5}(-\d{4})?$/)
    .required()
    .messages({
      'any.required': PLAN_MESSAGES.zipRequired,
      'string.empty': PLAN_MESSAGES.zipRequired,
      'string.pattern.base': PLAN_MESSAGES.zipInvalid,
    }),
});
