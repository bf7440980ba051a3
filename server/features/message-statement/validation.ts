// The Statement & Message / Practice Description forms and their messages (spec 2 §5 "Text fields",
// §9 word limits). Word counts come from the one shared counter; contact details from the one detector.
import type { Box, TextColumn } from '../../domain/providers';

export type { Box, TextColumn };
import { hasContactDetails } from '../../text/contact-details';
import { checkWords, countWords, tooManyWordsMessage, type WordLimits } from '../../text/word-count';
import { text } from '../../lib/form';

export const MESSAGES = {
  contacts: 'Please do not include URLs, phone numbers, or email addresses in this field!',
  error: 'There was an error updating your profile.',
  titleRequired: 'Enter a title',
  answerRequired: 'Enter an answer',
  titleTooLong: (max: number) => `Max length reached (${max} characters)`,
  /** Under the minimum: a warning beside the field (not shown in the spec: our wording). */
  short: (field: string, limits: WordLimits) =>
    `Your ${field} is under the minimum of ${limits.min} words. (Suggested count: ${limits.suggested})`,
  /** The question asked before saving a text under the minimum (our wording). */
  confirmShort: (field: string, limits: WordLimits) =>
    `Your ${field} is under ${limits.min} words. Are you sure you want to save it?`,
  tooMany: tooManyWordsMessage,
  /** Spec 2 §4: "A professional statement for a premium setup is drafted within 48 business hours." */
  premiumSetup: 'Your premium setup includes a professional statement, drafted within 48 business hours.',
} as const;

export const LIMITS = {
  professional_statement: { min: 100, suggested: 240, max: 300 },
  message_to_clients: { min: 100, suggested: 150, max: 250 },
  answer: { min: 0, suggested: 75, max: 150 },
} as const satisfies Record<string, WordLimits>;

/** Practice questions (custom_content.boxes): how many, and the title length (not in the spec: ours). */
export const MAX_BOXES = 10;
export const MAX_BOX_TITLE = 150;

/** A section holding one text: its anchor/?edit= id, the column it saves, and how it is named. */
export interface TextSection {
  kind: 'text';
  id: string;
  title: string;
  column: TextColumn;
  /** How messages name it: "Please keep your {field} under ...". */
  field: string;
  limits: WordLimits;
  hint: string;
}

export interface BoxesSection {
  kind: 'boxes';
  id: string;
  title: string;
  hint: string;
}
export type Section = TextSection | BoxesSection;

/**
 * Spec 2 §1: individuals have a professional statement and a message to clients; a practice has its
 * description (stored as its professional_statement, with the same limits) and its Q&A boxes.
 */
export function sectionsFor(type: 'individual' | 'practice'): Section[] {
  if (type === 'practice') {
    return [
      {
        kind: 'text',
        id: 'practice-description',
        title: 'Practice Description',
        column: 'professional_statement',
        field: 'practice description',
        limits: LIMITS.professional_statement,
        hint: 'Tell potential clients about your practice: who you help, how, and what sets your practice apart.',
      },
      {
        kind: 'boxes',
        id: 'practice-questions',
        title: 'Practice Questions',
        hint: 'Questions clients often ask your practice, each with a short answer.',
      },
    ];
  }
  return [
    {
      kind: 'text',
      id: 'professional-statement',
      title: 'Professional Statement',
      column: 'professional_statement',
      field: 'professional statement',
      limits: LIMITS.professional_statement,
      hint: 'Tell potential clients about your training, your approach and the people you work with.',
    },
    {
      kind: 'text',
      id: 'message-to-clients',
      title: 'Message to Clients',
      column: 'message_to_clients',
      field: 'message to clients',
      limits: LIMITS.message_to_clients,
      hint: 'Speak directly to someone thinking about reaching out to you.',
    },
  ];
}

const isChecked = (value: unknown) => ['1', 'on', 'true'].includes(text(value));

/** The posted text of a text section; `needsConfirmation` when it is under the minimum and not yet confirmed. */
export function validateText(
  section: TextSection,
  body: Record<string, unknown>,
): { value: string | null; errors: Record<string, string> | null; needsConfirmation: boolean } {
  const value = text(body[section.column]).trim();
  const check = checkWords(value, section.limits);
  if (check === 'long')
    return {
      value,
      errors: { [section.column]: MESSAGES.tooMany(section.field, section.limits) },
      needsConfirmation: false,
    };
  if (hasContactDetails(value))
    return { value, errors: { [section.column]: MESSAGES.contacts }, needsConfirmation: false };
  return {
    value: value === '' ? null : value,
    errors: null,
    needsConfirmation: check === 'short' && !isChecked(body.confirmed),
  };
}

/** A posted box line: kept as typed, with its remove flag (for the re-render). */
export interface PostedBox extends Box {
  remove: boolean;
}

/** The box lines of a posted form: box_count lines named boxes-{i}-title / -text / -remove. */
export function postedBoxes(body: Record<string, unknown>): PostedBox[] {
  const count = Math.min(Math.max(Number.parseInt(text(body.box_count), 10) || 0, 0), MAX_BOXES + 1);
  return Array.from({ length: count }, (_, i) => ({
    title: text(body[`boxes-${i}-title`]),
    text: text(body[`boxes-${i}-text`]),
    remove: isChecked(body[`boxes-${i}-remove`]),
  }));
}

/** Lines left blank or marked for removal are dropped; a kept line needs its title and its answer. */
export function validateBoxes(lines: PostedBox[]): { value: Box[]; errors: Record<string, string> | null } {
  const errors: Record<string, string> = {};
  const value: Box[] = [];
  lines.forEach((line, i) => {
    const title = line.title.trim();
    const answer = line.text.trim();
    if (line.remove || (!title && !answer)) return;
    if (!title) errors[`boxes-${i}-title`] = MESSAGES.titleRequired;
    else if (title.length > MAX_BOX_TITLE) errors[`boxes-${i}-title`] = MESSAGES.titleTooLong(MAX_BOX_TITLE);
    else if (hasContactDetails(title)) errors[`boxes-${i}-title`] = MESSAGES.contacts;
    if (!answer) errors[`boxes-${i}-text`] = MESSAGES.answerRequired;
    else if (countWords(answer) > LIMITS.answer.max)
      errors[`boxes-${i}-text`] = MESSAGES.tooMany('answer', LIMITS.answer);
    else if (hasContactDetails(answer)) errors[`boxes-${i}-text`] = MESSAGES.contacts;
    value.push({ title, text: answer });
  });
  return { value: value.slice(0, MAX_BOXES), errors: Object.keys(errors).length ? errors : null };
}
