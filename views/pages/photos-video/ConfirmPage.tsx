// The confirmation step without JavaScript (islands/portal.ts asks in the browser when it can): the
// question, what it is about, and the same post again with confirmed=1.
import { PostForm } from '../../components/CsrfField';

export function ConfirmPage({ question, action, fields = {}, confirmLabel, cancelHref, image }: {
  question: string;
  action: string;
  /** The original form's fields, posted again. */
  fields?: Record<string, string>;
  confirmLabel: string;
  cancelHref: string;
  image?: { src: string; alt: string };
}) {
  return (
    <section className="card confirm-step" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{question}</h2>
      {image && <img src={image.src} alt={image.alt} width={160} height={160} />}
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
