// A session's fee (whole dollars) and length (minutes): one definition for the onboarding wizard's
// ongoing session and every session type of /profile/insurance-fees (spec 2 §3, §5 "Sessions and fees").
import Joi from 'joi';

export const FEE_AND_LENGTH = 'Fee and length required';

export const FEE_MESSAGES = {
  format: 'Please enter the fee in whole dollars.',
  max: 'Please enter a fee of at most $10,000.',
} as const;

export const LENGTH_MESSAGES = {
  format: 'Please enter the length in minutes.',
  max: 'Please enter a length of at most 600 minutes.',
} as const;

/** A fee in whole dollars, 0–10,000; '' counts as absent. */
export const feeField = () =>
  Joi.number().integer().min(0).max(10000).empty('').messages({
    'number.base': FEE_MESSAGES.format,
    'number.integer': FEE_MESSAGES.format,
    'number.min': FEE_MESSAGES.format,
    'number.unsafe': FEE_MESSAGES.max,
    'number.max': FEE_MESSAGES.max,
  });

/** A length in minutes, 1–600; '' counts as absent. */
export const lengthField = () =>
  Joi.number().integer().min(1).max(600).empty('').messages({
    'number.base': LENGTH_MESSAGES.format,
    'number.integer': LENGTH_MESSAGES.format,
    'number.min': LENGTH_MESSAGES.format,
    'number.unsafe': LENGTH_MESSAGES.max,
    'number.max': LENGTH_MESSAGES.max,
  });
