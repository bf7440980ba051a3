// The confirmation of a destructive or unusual form when JavaScript is off (with it, data-confirm asks in
// the browser and the same post arrives already confirmed): the question, what it is about, and the same
// post again with confirmed=1.
import type { ReactNode } from 'react';
import { PostForm } from '../PostForm';
import { Button } from './Button';

export function ConfirmStep({
  question,
  details,
  image,
  action,
  fields = {},
  confirmLabel,
  cancelHref,
}: {
  question: string;
  details?: ReactNode;
  image?: { src: string; alt: string };
  /** The URL the original form posted to. */
  action: string;
  /** The original form's fields, posted again. */
  fields?: Record<string, string>;
  confirmLabel: string;
  cancelHref: string;
}) {
  return (
    <section
      className="card confirm-page dialog"
      role="alertdialog"
      aria-labelledby="confirm-heading"
      aria-describedby={details ? 'confirm-details' : undefined}
    >
      <h2 id="confirm-heading">{question}</h2>
      {details && <div id="confirm-details">{typeof details === 'string' ? <p>{details}</p> : details}</div>}
      {image && <img src={image.src} alt={image.alt} width={160} height={160} />}
      <PostForm action={action}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <div className="actions">
          <Button variant="danger">{confirmLabel}</Button>
          <a href={cancelHref}>Cancel</a>
        </div>
      </PostForm>
    </section>
  );
}
