// "Are you sure?" as one typed outcome. A service that needs the person's yes before a change answers
// askFirst(question) having changed nothing; the route shows the question with what was typed, and the
// confirming post carries confirmed=1 (islands/portal.ts adds it after a JavaScript confirm()).

export interface ConfirmationNeeded<Details = undefined> {
  kind: 'confirm';
  question: string;
  details: Details;
}

export function askFirst(question: string): ConfirmationNeeded;
export function askFirst<Details>(question: string, details: Details): ConfirmationNeeded<Details>;
export function askFirst<Details>(question: string, details?: Details): ConfirmationNeeded<Details | undefined> {
  return { kind: 'confirm', question, details };
}

/** True for askFirst's answer; the narrowed type keeps the caller's details. */
export const needsConfirmation = <T>(outcome: T): outcome is Extract<T, ConfirmationNeeded<unknown>> =>
  typeof outcome === 'object' &&
  outcome !== null &&
  (outcome as { kind?: unknown }).kind === 'confirm' &&
  typeof (outcome as { question?: unknown }).question === 'string';
