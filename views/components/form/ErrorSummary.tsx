// The error summary of a refused form, the GOV.UK way: "There is a problem" above the page's heading, a link
// to each field in error, focused when the page loads (the autofocus attribute: no script needed).
// Fields report their messages while the page renders (FieldError, FormError); render() puts the summary
// in the layout's slot, which comes before the fields, once the whole page is rendered.
import { createContext, useContext } from 'react';

/** One message of the summary: the id its link goes to (the field), and the id of the message where the form shows it. */
export interface ReportedError {
  target: string;
  message: string;
  shownAt: string;
}

/** Where the messages of one render are gathered; null outside render() (islands in the browser, partials). */
export const ErrorCollector = createContext<ReportedError[] | null>(null);

/** Adds messages to the page's summary (each once: a message shown twice for one target is listed once). */
export function useReportError(
  { target, shownAt }: { target: string; shownAt: string },
  messages: string | string[] | null | undefined,
): void {
  const collected = useContext(ErrorCollector);
  if (!collected) return;
  for (const message of typeof messages === 'string' ? [messages] : (messages ?? [])) {
    if (message && !collected.some((e) => e.target === target && e.message === message))
      collected.push({ target, message, shownAt });
  }
}

/** What the layouts render above the heading; render() replaces it with the summary, or with nothing. */
export const ERROR_SUMMARY_SLOT = '<template data-error-summary-slot=""></template>';

export function ErrorSummarySlot() {
  return <template data-error-summary-slot="" />;
}

export function ErrorSummary({ errors }: { errors: ReportedError[] }) {
  if (!errors.length) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the GOV.UK pattern: a refused form's page opens on its summary, with or without JavaScript
    <div className="error-summary" tabIndex={-1} autoFocus data-error-summary="">
      <div role="alert">
        <h2 className="error-summary__title">There is a problem</h2>
        <ul className="error-summary__list">
          {errors.map((e) => (
            <li key={`${e.target} ${e.message}`}>
              <a href={`#${e.target}`}>{e.message}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
