// Reading back what a form posted, to show it again after a refused post (the form round trip).

/** A posted field as text (the first of repeated values). */
export const postedText = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';

/** A posted checkbox: ticked for the usual "yes" spellings. */
export const postedChecked = (value: unknown): boolean => ['1', 'on', 'true', 'yes'].includes(postedText(value));
