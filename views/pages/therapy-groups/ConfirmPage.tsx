// The confirmation step of a destructive form without JavaScript (with it, data-confirm asks in the
// browser and the same post arrives already confirmed).
import { PostForm } from '../../components/CsrfField';

export function ConfirmPage({ question, details, action, confirmLabel, cancelHref, fields = {} }: {
  question: string;
  details?: string;
  /** The same URL the original form posted to. */
  action: string;
  confirmLabel: string;
  cancelHref: string;
  /** The original form's fields, posted again with confirmed=1. */
  fields?: Record<string, string>;
}) {
  return (
    <section className="card confirm-page" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{question}</h2>
      {details && <p>{details}</p>}
      <PostForm action={action}>
        {Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
        <input type="hidden" name="confirmed" value="1" />
        <div className="actions">
          <button type="submit" className="button">{confirmLabel}</button>
          <a className="button button--secondary" href={cancelHref}>Cancel</a>
        </div>
      </PostForm>
    </section>
  );
}
