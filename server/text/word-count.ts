// Word counts of free text (statements, messages, answers: spec 2 §5 "Text fields"). The live counter of
// islands/portal.ts counts the same way, so what the provider sees while typing is what the server checks.

/** Words are runs of non-space characters. */
export function countWords(text: string | null | undefined): number {
  return (text ?? '').split(/\s+/).filter(Boolean).length;
}

/** A text's word limits (spec 2 §5, §9). */
export interface WordLimits {
  min: number;
  suggested: number;
  max: number;
}

/** The spec's message for a text over its maximum; field is what the provider reads ("professional statement"). */
export const tooManyWordsMessage = (field: string, limits: WordLimits): string =>
  `Please keep your ${field} under ${limits.max} words! (Suggested count: ${limits.suggested})`;

export type WordCheck = 'short' | 'ok' | 'long';

/** Over the maximum is refused; under the minimum is allowed after a confirmation. */
export function checkWords(text: string | null | undefined, limits: WordLimits): WordCheck {
  const count = countWords(text);
  if (count > limits.max) return 'long';
  return count < limits.min ? 'short' : 'ok';
}
