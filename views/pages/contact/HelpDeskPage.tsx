// /help-desk (spec 1 §2): the embedded help centre, open without a membership.
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';

export function HelpDeskPage({ src, supportEmail }: { src: string; supportEmail: string }) {
  return (
    <div className="help-desk-page">
      <section className="card" aria-labelledby="help-heading">
        <h2 id="help-heading">Answers to common questions</h2>
        <p>
          Search the help centre for step-by-step guides on your profile, availability, messages, the call calendar and
          billing. Cannot find what you need? <a href="/contact">Contact us</a> or write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
        <EmbeddedFrame src={src} title="Help centre" />
      </section>
    </div>
  );
}
