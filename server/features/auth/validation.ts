// Sign-in form rules with the exact messages of spec 1 §5 Login.
import Joi from 'joi';

export const loginSchema = Joi.object({
  email: Joi.string().trim().lowercase().required().email({ tlds: false }).messages({
    'any.required': 'You must enter an email address',
    'string.empty': 'You must enter an email address',
    'string.email': 'Invalid email address format',
  }),
  password: Joi.string().required().messages({
    'any.required': 'You must enter a password',
    'string.empty': 'You must enter a password',
  }),
}).unknown(true);

/** Runs a joi schema and returns either the value or field → message (first message per field). */
export function validate<T>(schema: Joi.ObjectSchema<T>, input: unknown): { value: T; errors: null } | { value: null; errors: Record<string, string> } {
  const { value, error } = schema.validate(input, { abortEarly: false, stripUnknown: true });
  if (!error) return { value, errors: null };
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const key = String(detail.path[0] ?? 'form');
    errors[key] ??= detail.message;
  }
  return { value: null, errors };
}
