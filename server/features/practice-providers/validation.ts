// The unregistered practice provider form (spec 2 §5 "Unregistered practice providers") and the
// messages of the Practice Providers page.
export const PRACTICE_MESSAGES = {
  required: 'Please fill out all of the required fields.',
  // Not worded by the spec (docs/decisions.md).
  replaceImage: 'Please confirm that you want to replace the current image.',
  confirmRemove: 'Are you sure you want to remove this provider from your practice?',
  removeDetails:
    'Your billing is not affected. To add this provider back later, you will need to contact our support team.',
  confirmDelete: 'Are you sure you want to delete this provider?',
  confirmReplace: "Are you sure you want to change this provider's image?",
  orderError: 'There was an error saving the order of your providers.',
  tooLong: 'Please keep each field under 100 characters.',
  degree: 'Please choose a degree from the list.',
} as const;

export interface UnregisteredInput {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  degree_tag_id: number | null;
  title: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * First name, last name, a degree or a position, and an image (spec 2 §5). Every missing field is
 * marked, and the form carries the spec's one message.
 */
export function validateUnregistered(
  body: Record<string, unknown>,
  context: { degreeIds: number[]; hasImage: boolean },
): { value: UnregisteredInput; errors: null } | { value: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const first = text(body.first_name);
  const middle = text(body.middle_name);
  const last = text(body.last_name);
  const title = text(body.title);
  const degreeText = text(body.degree_tag_id);
  const degree = degreeText === '' ? null : Number(degreeText);
  if (!first) errors.first_name = 'Required';
  if (!last) errors.last_name = 'Required';
  if (degree === null && !title) {
    errors.degree_tag_id = 'Required';
    errors.title = 'Required';
  }
  if (!context.hasImage) errors.image = 'Required';
  if (Object.keys(errors).length > 0) errors.form = PRACTICE_MESSAGES.required;
  if (degree !== null && !context.degreeIds.includes(degree)) errors.degree_tag_id = PRACTICE_MESSAGES.degree;
  for (const [key, value] of Object.entries({ first_name: first, middle_name: middle, last_name: last, title })) {
    if (value.length > 100) errors[key] = PRACTICE_MESSAGES.tooLong;
  }
  if (Object.keys(errors).length > 0) return { value: null, errors };
  return {
    value: {
      first_name: first,
      middle_name: middle || null,
      last_name: last,
      degree_tag_id: degree,
      title: title || null,
    },
    errors: null,
  };
}

/** "12:up" / "12:down" from an up/down button. */
export function parseMove(value: unknown): { id: number; direction: 'up' | 'down' } | null {
  const match = typeof value === 'string' ? /^(\d{1,15}):(up|down)$/.exec(value) : null;
  return match ? { id: Number(match[1]), direction: match[2] as 'up' | 'down' } : null;
}
