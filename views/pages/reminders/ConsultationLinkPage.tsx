// A reminder's one-tap link (/consultations/{token}/cancel and …/reschedule-request): the question with one
// button (opening the link changes nothing: mail scanners open links too), the answer after the post, or
// why the link no longer works. For the client, who has no sign-in here: plain layout, no menu.
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';

export interface LinkedConsultationView {
  providerName: string;
  when: string;
}

export type ConsultationLinkView =
  | { kind: 'ask'; action: 'cancel' | 'reschedule_request'; postTo: string; consultation: LinkedConsultationView }
  | { kind: 'done'; message: string; consultation: LinkedConsultationView }
  | { kind: 'refused'; message: string; consultation: LinkedConsultationView | null };

const QUESTIONS = {
  cancel: 'Cancel this phone consultation?',
  reschedule_request: 'Ask for another time?',
} as const;

const BUTTONS = {
  cancel: 'Cancel the consultation',
  reschedule_request: 'Ask for another time',
} as const;

const DETAILS = {
  cancel: 'The provider will be told. This cannot be undone.',
  reschedule_request:
    'The provider will be asked to suggest another time. Your phone consultation stays booked until they move or cancel it.',
} as const;

function Consultation({ consultation }: { consultation: LinkedConsultationView }) {
  return (
    <p>
      Your phone consultation with <strong>{consultation.providerName}</strong> on {consultation.when}.
    </p>
  );
}

export function ConsultationLinkPage({ view }: { view: ConsultationLinkView }) {
  if (view.kind === 'ask')
    return (
      <section className="card" aria-labelledby="consultation-link-heading">
        <h2 id="consultation-link-heading">{QUESTIONS[view.action]}</h2>
        <Consultation consultation={view.consultation} />
        <p>{DETAILS[view.action]}</p>
        <PostForm action={view.postTo}>
          <div className="actions">
            <Button variant={view.action === 'cancel' ? 'danger' : 'primary'}>{BUTTONS[view.action]}</Button>
          </div>
        </PostForm>
      </section>
    );
  return (
    <section className="card" aria-label="Your phone consultation">
      <Notice tone={view.kind === 'done' ? 'success' : 'warning'}>
        <p id="consultation-link-message">{view.message}</p>
      </Notice>
      {view.consultation && <Consultation consultation={view.consultation} />}
    </section>
  );
}
