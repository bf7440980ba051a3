// "Cancel this consultation?" (issue [19] item 4): canceling e-mails the client, so it is asked first, on a
// page of its own that works without JavaScript. It names the consultation, keeps the note typed in the
// panel (it can still be changed), and cancels only with the confirming post.
import type { AppointmentPanelView } from '../../components/AppointmentPanel';
import { TextAreaField } from '../../components/form/TextAreaField';
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { SummaryList } from '../../components/ui/SummaryList';

const MESSAGE_MAX = 2000;

export interface CancelConfirmProps {
  question: string;
  appointment: AppointmentPanelView;
  returnTo: string;
  /** Where "Keep consultation" goes. */
  keepHref: string;
  message: string;
  error?: string;
}

export function CancelConfirmPage({
  question,
  appointment: a,
  returnTo,
  keepHref,
  message,
  error,
}: CancelConfirmProps) {
  return (
    <section className="card confirm-page" aria-labelledby="cancel-confirm-heading" id="cancel-confirm">
      <h2 id="cancel-confirm-heading">{question}</h2>
      <SummaryList
        rows={[
          { label: 'Consultation', value: `${a.typeLabel} with ${a.client.name}` },
          { label: 'Date', value: a.date },
          { label: 'Time', value: a.time },
        ]}
      />
      <p>
        {a.client.email
          ? `${a.client.name} will be told by e-mail that you cancelled.`
          : `${a.client.name} will see that you cancelled.`}
      </p>
      <PostForm action={`/calendar/appointments/${a.id}/cancellation`} data-progress="Canceling..." noValidate>
        <input type="hidden" name="return_to" value={returnTo} />
        <input type="hidden" name="confirmed" value="1" />
        <TextAreaField
          name="cancel_message"
          id={`cancel-message-${a.id}`}
          label="Message to the client (optional)"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={message}
          error={error}
        />
        <div className="actions">
          <Button variant="danger">Cancel consultation</Button>
          <ButtonLink href={keepHref}>Keep consultation</ButtonLink>
        </div>
      </PostForm>
    </section>
  );
}
