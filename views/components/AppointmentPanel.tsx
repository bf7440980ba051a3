// One phone consultation (spec 3 §2, spec 2 §2 appointment modal): time, client contact, intake answers,
// calendar links, and the cancel and reschedule forms while the consultation may still change.
// Shared by the dashboard, the calendar page and the appointments list.
import type { ReactNode } from 'react';
import { usePage } from '../page-context';
import { PostForm } from './PostForm';
import { formatPhone } from './format';
import { Button } from './ui/Button';
import { SummaryList } from './ui/SummaryList';
import { Label } from './ui/Label';
import { Notice } from './ui/Notice';
import { FormField } from './form/FormField';
import { TextAreaField } from './form/TextAreaField';

export type AppointmentState = 'upcoming' | 'past' | 'canceled';

/** The panel's view model, built by the appointments domain (loadAppointmentPanel). */
export interface AppointmentPanelView {
  id: number;
  /** "Phone Consult" or "Contact request". */
  typeLabel: string;
  /** The long date of the start in the calendar's zone: "Monday, November 23". */
  date: string;
  /** "9:30am – 10:00am EST". */
  time: string;
  state: AppointmentState;
  legacy: boolean;
  rescheduled: boolean;
  providerName: string;
  client: { name: string; phoneNumber: string | null; email: string | null };
  /** Intake questions (readable) and answers, in the order the client gave them. */
  intakeForm: [string, string][];
  /** The client's note when they or the provider canceled. */
  cancelMessage: string | null;
  links: { google: string; outlook: string; ics: string };
  /** Cancel and reschedule are offered: not legacy, not canceled, not yet ended, not a request waiting for an answer. */
  changeable: boolean;
  /** A booking held for the provider's approval (issue [23]): its answer so far, and by when it is due. */
  request: {
    status: 'pending' | 'accepted' | 'declined' | 'expired';
    /** "Tuesday, December 8, 2026, 3:00pm" in the calendar's zone. */
    deadline: string;
    /** Accept and Decline are offered: pending, and the deadline not passed. */
    answerable: boolean;
  } | null;
  /** The reschedule form's starting values and the date picker's window (YYYY-MM-DD in the calendar's zone). */
  reschedule: { date: string; startTime: string; minDate: string; maxDate: string };
}

/** What a failed cancel or reschedule post sends back into the panel. */
export interface AppointmentFormState {
  form: 'cancel' | 'reschedule' | 'decline';
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A reschedule to an unusual time: the question, why, and the start a "Reschedule anyway" confirms. */
  question?: { text: string; warnings: string[]; start: string | null } | null;
}

export interface AppointmentPanelProps {
  appointment: AppointmentPanelView;
  /** Where the forms bring the provider back to (a local path). */
  returnTo: string;
  /** Where Close goes; omitted on the panel's own page. */
  closeHref?: string;
  /** A failed post, to show again with its messages. */
  formState?: AppointmentFormState | null;
  /** More links for the action row (the dashboard's Open in calendar). */
  actions?: ReactNode;
  /** Just rescheduled: show 'Reschedule successful!' (by default: the page carries the reschedule's flash). */
  rescheduledNow?: boolean;
}

/**
 * The flash a reschedule ends with (spec 3 §8). Whichever page the provider returns to, a panel shown
 * with it says 'Reschedule successful!' too, once, as the flash is.
 */
export const RESCHEDULED_FLASH = 'Your phone consultation has been rescheduled.';

/** The longest note to the client the server takes. */
const MESSAGE_MAX = 2000;

const STATE_LABELS: Record<AppointmentState, string> = { upcoming: 'Upcoming', past: 'Past', canceled: 'Canceled' };
const STATE_LABEL_STATES = { upcoming: 'info', past: 'neutral', canceled: 'neutral' } as const;
const REQUEST_LABELS = {
  pending: 'Request: awaiting your answer',
  declined: 'Request declined',
  expired: 'Request expired',
};
const REQUEST_LABEL_STATES = { pending: 'attention', declined: 'neutral', expired: 'neutral' } as const;

export function AppointmentPanel({
  appointment: a,
  returnTo,
  closeHref,
  formState,
  rescheduledNow,
  actions,
}: AppointmentPanelProps) {
  const { flash } = usePage();
  const justRescheduled = rescheduledNow ?? flash.some((message) => message.text === RESCHEDULED_FLASH);
  const action = `/calendar/appointments/${a.id}`;
  const rescheduleState = formState?.form === 'reschedule' ? formState : null;
  const cancelState = formState?.form === 'cancel' ? formState : null;
  const declineState = formState?.form === 'decline' ? formState : null;
  const rescheduleQuestion = rescheduleState?.question ?? null;
  return (
    <section id="appointment" className="card appointment-panel" aria-labelledby="appointment-heading">
      <h2 id="appointment-heading">{`${a.typeLabel} with ${a.client.name}`}</h2>
      {justRescheduled && a.state === 'upcoming' && <Notice tone="success">Reschedule successful!</Notice>}
      <SummaryList
        rows={[
          { label: 'Date', value: a.date },
          { label: 'Time', value: a.time },
          { label: 'Status', value: <StatusTags appointment={a} /> },
          { label: 'Client', value: a.client.name },
          {
            label: 'Phone',
            value: a.client.phoneNumber && (
              <a href={`tel:${a.client.phoneNumber}`}>{formatPhone(a.client.phoneNumber)}</a>
            ),
          },
          { label: 'Email', value: a.client.email && <a href={`mailto:${a.client.email}`}>{a.client.email}</a> },
          { label: 'Provider', value: a.providerName },
          ...(a.cancelMessage ? [{ label: 'Cancellation message', value: a.cancelMessage }] : []),
        ]}
      />
      {a.intakeForm.length > 0 && (
        <>
          <h3>Intake answers</h3>
          <SummaryList rows={a.intakeForm.map(([question, answer]) => ({ label: question, value: answer }))} />
        </>
      )}
      {a.state !== 'canceled' && (
        <>
          <h3>Add to your calendar</h3>
          <ul className="appointment-panel__links">
            <li>
              <a href={a.links.google} target="_blank" rel="noopener noreferrer">
                Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={a.links.outlook} target="_blank" rel="noopener noreferrer">
                Outlook<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={a.links.ics} download>
                Download .ics file
              </a>
            </li>
          </ul>
        </>
      )}
      {a.request?.answerable && (
        <div id={`request-${a.id}`} className="appointment-panel__request">
          <Notice tone="warning" title="This consultation is a request">
            <p>{`Accept or decline it by ${a.request.deadline}. If you do not answer by then, it is declined for you. The client is told by e-mail either way.`}</p>
          </Notice>
          <PostForm action={`${action}/acceptance`} noValidate>
            <input type="hidden" name="return_to" value={returnTo} />
            <Button>Accept request</Button>
          </PostForm>
          <details className="appointment-panel__change" open={Boolean(declineState)}>
            <summary>Decline request</summary>
            <PostForm action={`${action}/decline`} noValidate>
              <input type="hidden" name="return_to" value={returnTo} />
              <TextAreaField
                name="decline_message"
                id={`decline-message-${a.id}`}
                label="Message to the client (optional)"
                hint="Shown in your conversation with the client, never in the e-mail."
                rows={3}
                maxLength={MESSAGE_MAX}
                value={declineState?.values.decline_message ?? ''}
                error={declineState?.errors.decline_message}
              />
              <Button variant="danger-outline">Decline request</Button>
            </PostForm>
          </details>
        </div>
      )}
      {a.changeable && (
        <>
          <details className="appointment-panel__change" open={Boolean(rescheduleState)}>
            <summary>Reschedule</summary>
            <PostForm action={`${action}/reschedule`} data-progress="Rescheduling..." noValidate>
              <input type="hidden" name="return_to" value={returnTo} />
              <FormField
                name="date"
                id={`reschedule-date-${a.id}`}
                label="Date"
                type="date"
                min={a.reschedule.minDate}
                max={a.reschedule.maxDate}
                defaultValue={rescheduleState?.values.date ?? a.reschedule.date}
                error={rescheduleState?.errors.date}
              />
              <FormField
                name="start_time"
                id={`reschedule-time-${a.id}`}
                label="Start time"
                hint="For example 1:00pm"
                defaultValue={rescheduleState?.values.start_time ?? a.reschedule.startTime}
                error={rescheduleState?.errors.start_time}
              />
              <TextAreaField
                name="reschedule_message"
                id={`reschedule-message-${a.id}`}
                label="Message to the client (optional)"
                rows={3}
                maxLength={MESSAGE_MAX}
                value={rescheduleState?.values.reschedule_message ?? ''}
                error={rescheduleState?.errors.reschedule_message}
              />
              {rescheduleQuestion && (
                <Notice tone="warning" title={rescheduleQuestion.text}>
                  <ul id={`reschedule-warnings-${a.id}`}>
                    {rescheduleQuestion.warnings.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                  <p>Choose another time, or reschedule anyway.</p>
                </Notice>
              )}
              {rescheduleQuestion?.start && (
                <input type="hidden" name="confirmed_start" value={rescheduleQuestion.start} />
              )}
              <Button>{rescheduleQuestion ? 'Reschedule anyway' : 'Reschedule'}</Button>
            </PostForm>
          </details>
          <details className="appointment-panel__change" open={Boolean(cancelState)}>
            <summary>Cancel consultation</summary>
            {/* The client is e-mailed: this form leads to the question "Cancel this consultation?" first. */}
            <PostForm action={`${action}/cancellation`} noValidate>
              <input type="hidden" name="return_to" value={returnTo} />
              <TextAreaField
                name="cancel_message"
                id={`cancel-message-${a.id}`}
                label="Message to the client (optional)"
                rows={3}
                maxLength={MESSAGE_MAX}
                value={cancelState?.values.cancel_message ?? ''}
                error={cancelState?.errors.cancel_message}
              />
              <Button variant="danger-outline">Cancel consultation</Button>
            </PostForm>
          </details>
        </>
      )}
      {(closeHref || actions) && (
        <div className="actions">
          {actions}
          {closeHref && <a href={closeHref}>Close</a>}
        </div>
      )}
    </section>
  );
}

function StatusTags({ appointment: a }: { appointment: AppointmentPanelView }) {
  return (
    <>
      <Label state={STATE_LABEL_STATES[a.state]}>{STATE_LABELS[a.state]}</Label>
      {a.rescheduled && a.state !== 'canceled' && (
        <>
          {' '}
          <Label state="neutral">Rescheduled</Label>
        </>
      )}
      {a.legacy && (
        <>
          {' '}
          <Label state="neutral">Booked in the previous system</Label>
        </>
      )}
      {a.request && a.request.status !== 'accepted' && (
        <>
          {' '}
          <Label state={REQUEST_LABEL_STATES[a.request.status]}>{REQUEST_LABELS[a.request.status]}</Label>
        </>
      )}
    </>
  );
}
