// The generic form validator: a joi schema run over a posted body, answering the value or one message
// per field, with NUL bytes refused on every field (PostgreSQL cannot store them).
import type Joi from 'joi';

/** Runs a joi schema and returns either the value or field → message (first message per field). */
export function validate<T>(
  schema: Joi.ObjectSchema<T>,
  input: unknown,
): { value: T; errors: null } | { value: null; errors: Record<string, string> } {
  const { value, error } = schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  const errors: Record<string, string> = controlCharacterErrors(input);
  if (!error) return Object.keys(errors).length ? { value: null, errors } : { value, errors: null };
  for (const detail of error.details) {
    const key = String(detail.path[0] ?? 'form');
    errors[key] ??= detail.message;
  }
  return { value: null, errors };
}

export const CONTROL_CHARACTER =
  'This field contains an invisible control character that cannot be saved. Please remove it.';

/** Fields holding a NUL byte (PostgreSQL cannot store one in text): each gets its own message. */
export function controlCharacterErrors(input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input || typeof input !== 'object') return errors;
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('\u0000') || holdsNul(value)) errors[key] = CONTROL_CHARACTER;
  }
  return errors;
}

/** True when a string, or any string or key inside an array or object (at any depth), holds a NUL byte. */
export function holdsNul(value: unknown): boolean {
  // A walk with its own stack: a deeply nested body cannot overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
