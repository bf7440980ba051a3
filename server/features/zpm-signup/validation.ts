// The /zpm-signup forms: the details that make the standalone account and the plan; the payment form's
// rules are the billing domain's (validatePayment). Messages the spec leaves open are our words.
import Joi from 'joi';
import { normalizeName } from '../../domain/accounts';

export const ZPM_MESSAGES = {
  firstNameRequired: 'First name required.',
  lastNameRequired: 'Last name required.',
  emailRequired: 'Email required.',
  invalidEmail: 'Invalid email.',
  emailTaken: 'An account with this email already exists. Please log in, or use another email.',
  botCheck: 'We could not confirm that you are a person. Please try again.',
  tierRequired: 'Please choose Pro or Premium.',
  quantityInvalid: 'Please enter a number of clinicians from 1 to 100.',
  previewFailed: 'We could not work out the price just now. Please try again in a moment.',
  taxChanged: 'The sales tax for this billing address changes the total. Please check the new total and pay again.',
  clinicMissing: 'The practice management sign-up did not come through. Please fill in its form again.',
  expired: 'This sign-up has expired. Please start again.',
  createFailed: 'There was an error creating your account.',
} as const;

export const TIERS = {
  pro: { label: 'Pro', lookupKey: 'standalone_practice_management_pro_monthly_v3' },
  premium: { label: 'Premium', lookupKey: 'standalone_practice_management_premium_monthly_v3' },
} as const;
export type ZpmTier = keyof typeof TIERS;

const required = (message: string) =>
  Joi.string().trim().required().messages({ 'any.required': message, 'string.empty': message });
const name = (message: string) =>
  required(message)
    .max(100)
    .custom((value: string) => normalizeName(value));

export interface DetailsInput {
  first_name: string;
  last_name: string;
  email: string;
}

export const detailsSchema = Joi.object<DetailsInput>({
  first_name: name(ZPM_MESSAGES.firstNameRequired),
  last_name: name(ZPM_MESSAGES.lastNameRequired),
  email: Joi.string().trim().lowercase().max(254).required().email({ tlds: false }).messages({
    'any.required': ZPM_MESSAGES.emailRequired,
    'string.empty': ZPM_MESSAGES.emailRequired,
    'string.email': ZPM_MESSAGES.invalidEmail,
  }),
});

export interface PlanInput {
  zpm_tier: ZpmTier;
  quantity: number;
  coupon: string;
}

export const planSchema = Joi.object<PlanInput>({
  zpm_tier: Joi.string()
    .valid(...Object.keys(TIERS))
    .required()
    .messages({
      'any.required': ZPM_MESSAGES.tierRequired,
      'any.only': ZPM_MESSAGES.tierRequired,
      'string.empty': ZPM_MESSAGES.tierRequired,
    }),
  quantity: Joi.number().integer().min(1).max(100).required().messages({
    'any.required': ZPM_MESSAGES.quantityInvalid,
    'number.base': ZPM_MESSAGES.quantityInvalid,
    'number.integer': ZPM_MESSAGES.quantityInvalid,
    'number.min': ZPM_MESSAGES.quantityInvalid,
    'number.max': ZPM_MESSAGES.quantityInvalid,
  }),
  coupon: Joi.string().trim().max(100).allow('').default(''),
});
