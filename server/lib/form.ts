// Reading posted form fields: one way for every form.

/** A posted field as text: a string as it came, a number as its digits, anything else (missing, repeated, a file) as ''. */
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * A posted checkbox or confirmation: ticked when its value is one of the usual "yes" spellings. When the
 * field is repeated (a hidden "0" before the checkbox), the last value wins.
 */
export const isChecked = (value: unknown): boolean =>
  ['1', 'on', 'true', 'yes'].includes(String(Array.isArray(value) ? value[value.length - 1] : (value ?? '')));
