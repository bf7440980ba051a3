// The generic form validator: a joi schema run over a posted body, answering the value or one message
// per field, with NUL bytes refused on every field (PostgreSQL cannot store them).
import type Joi from 'joi';

/** Runs a joi schema and returns either the value or field → message (first message per field). */
export function validate<T>(schema: Joi.ObjectSchema<T>, input: unknown): { value: T; errors: null } | { value: null; errors: Record<string, string> } {
  const { value, error } = schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  const errors: Record<string, string> = controlCharacterErrors(input);
  if (!error) return Object.keys(errors).length ? { value: null, errors } : { value, errors: null };
  for (const detail of error.details) {
    const key = String(detail.path[0] ?? 'form');
    errors[key] ??= detail.message;
  }
  return { value: null, errors };
}

export const CONTROL_CHARACTER = 'This field contains an invisible control character that cannot be saved. Please remove it.';

/** Fields holding a NUL byte (PostgreSQL cannot store one in text): each gets its own message. */
export function controlCharacterErrors(input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input || typeof input !== 'object') return errors;
  for (const [key, value] of Object.entries(input)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.includes('\u0000'))) errors[key] = CONTROL_CHARACTER;
  }
  return errors;
}
