// The message of a field, after its label and hint, tied to it by `${id}-error` (aria-describedby), and
// listed in the page's error summary with a link to `target` (the field's control; for a group of
// choices, its first one). A message of several lines (one per refused file) is shown as a list.
import type { ReactNode } from 'react';
import { useReportError } from './ErrorSummary';

export function FieldError({
  id,
  error,
  target = id,
}: {
  id: string;
  error?: string | null | undefined;
  target?: string | undefined;
}) {
  useReportError({ target, shownAt: `${id}-error` }, error?.split('\n'));
  if (!error) return null;
  const lines = error.split('\n');
  return lines.length === 1 ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : (
    <ul className="field-error" id={`${id}-error`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * A message about the whole form rather than one field (a declined card, a refused sign-in), where the form
 * shows it. The summary lists `message` and links to `target` when the message concerns a field (the
 * e-mail of a refused sign-in), else to the message. `children`, when given, is what the form shows (the
 * message with a link in it).
 */
export function FormError({
  id,
  message,
  target = id,
  children,
}: {
  id: string;
  message: string | null | undefined;
  target?: string;
  children?: ReactNode;
}) {
  useReportError({ target, shownAt: id }, message);
  if (!message) return null;
  return (
    <p className="field-error" role="alert" id={id}>
      {children ?? message}
    </p>
  );
}

/**
 * Where a script shows a message it learned after a background request (a refused passkey). It starts
 * hidden and empty, so the error summary, made while the page renders, has nothing to list. `data-name` is
 * the attribute the script finds it by.
 */
export function ScriptError({ dataName }: { dataName: `data-${string}` }) {
  return <p className="field-error" role="alert" hidden {...{ [dataName]: '' }} />;
}
