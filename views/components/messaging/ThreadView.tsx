// One conversation's messages (spec 3 §3 Message, §4 Messaging): every rendered type with what it
// carries (intake answers, the appointment, a benefits check), deleted and unavailable ones by their
// texts, and the provider's own messages with a delete form. Also the notice that replaces the
// composer when a reply cannot be sent. Used by the MessageThread island, so it takes everything as
// props (no page context) and formats dates the same way on the server and in the browser.
import { Notice } from '../ui/Notice';
import { SummaryList } from '../ui/SummaryList';
import { VobCard } from './VobCard';
import type { MessageView, MessagingTexts, ThreadMode, ThreadUrls } from './types';

const TYPE_HEADINGS: Record<MessageView['type'], string | null> = {
  message: null,
  messaging_tool_intake: 'New referral',
  booking_tool_intake: 'Phone consultation booked',
  reschedule_message: 'Phone consultation rescheduled',
  cancel_message: 'Phone consultation canceled',
  automated_message_out_of_office: 'Automatic out-of-office reply',
};

const INTAKE_LABELS: [key: string, label: string][] = [
  ['state', 'State'],
  ['session_type', 'Session type'],
  ['insurance', 'Insurance'],
  ['source', 'Source'],
  ['source_type', 'Source type'],
];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Nov 25, 2026, 3:05pm" in the provider's time zone (the portal's "1:00pm" way of writing a time): the same
 *  text on the server and in the browser. */
export function formatMessageTime(iso: string, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(timeZone, format);
  }
  // Engines differ in the space before AM/PM (narrow no-break or plain): it goes, so hydration stays exact.
  return format
    .format(new Date(iso))
    .replace(/[\s\u202f\u00a0]([AP])M$/, (_, half: string) => `${half.toLowerCase()}m`);
}

/** An intake answer as people read it: in_person → In person; lists joined. */
function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (value === null || value === undefined) return '';
  const text = String(value).replace(/_/g, ' ').trim();
  return /^[a-z]/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function IntakeAnswers({ form }: { form: Record<string, unknown> }) {
  const rows = INTAKE_LABELS.filter(([key]) => form[key] !== undefined && form[key] !== null && form[key] !== '').map(
    ([key, label]) => ({ label, value: answerText(form[key]) }),
  );
  return rows.length ? <SummaryList rows={rows} /> : null;
}

export interface ThreadViewProps {
  messages: MessageView[];
  clientName: string;
  timeZone: string;
  csrfToken: string;
  texts: MessagingTexts;
  urls: Pick<ThreadUrls, 'deleteBase' | 'appointment'>;
  /** Where a benefits-check form goes back to. */
  returnTo: string;
}

export function ThreadView({ messages, clientName, timeZone, csrfToken, texts, urls, returnTo }: ThreadViewProps) {
  if (messages.length === 0) return <p className="hint thread__empty">No messages yet.</p>;
  return (
    <ol className="thread" aria-label={`Messages with ${clientName}`}>
      {messages.map((message) => {
        const heading = TYPE_HEADINGS[message.type];
        const author = message.sender === 'provider' ? 'You' : clientName;
        return (
          <li
            key={message.id}
            id={`message-${message.id}`}
            className={`thread__message thread__message--${message.sender}`}
            data-message-type={message.type}
          >
            <p className="thread__meta">
              <span className="thread__author">{author}</span>{' '}
              <time dateTime={message.sendDate}>{formatMessageTime(message.sendDate, timeZone)}</time>
            </p>
            <div className="thread__bubble">
              {heading && message.shownAs === 'text' && <p className="thread__kind">{heading}</p>}
              {message.shownAs === 'deleted' && <p className="thread__gone">{texts.deleted}</p>}
              {message.shownAs === 'unavailable' && <p className="thread__gone">{texts.unavailable}</p>}
              {message.appointment && message.shownAs === 'text' && (
                <p>
                  {`Phone consultation: ${formatMessageTime(message.appointment.startTime, timeZone)} `}
                  <a href={`${urls.appointment}${message.appointment.id}`}>View details</a>
                </p>
              )}
              {message.content && <p className="thread__text">{message.content}</p>}
              {message.intakeForm && <IntakeAnswers form={message.intakeForm} />}
              {message.vobCard && <VobCard card={message.vobCard} returnTo={returnTo} />}
            </div>
            {message.deletable && (
              <form
                method="post"
                action={`${urls.deleteBase}/${message.id}/delete`}
                className="thread__delete"
                data-confirm={texts.deleteConfirm}
              >
                <input type="hidden" name="_csrf" value={csrfToken} />
                <button type="submit" className="link-button">
                  Delete
                  <span className="visually-hidden">{` the message of ${formatMessageTime(message.sendDate, timeZone)}`}</span>
                </button>
              </form>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What replaces the composer when no reply can be sent. */
export function ModeNotice({
  mode,
  texts,
  clientEmail,
  clientPhone,
  urls,
}: {
  mode: Exclude<ThreadMode, 'sendable'>;
  texts: MessagingTexts;
  clientEmail: string | null;
  clientPhone: string | null;
  urls: Pick<ThreadUrls, 'reactivate' | 'contact'>;
}) {
  if (mode === 'locked') {
    return (
      <Notice tone="warning">
        <p>
          {texts.lockedNotice} <a href={urls.contact}>Contact us</a>
        </p>
      </Notice>
    );
  }
  if (mode === 'client-redacted')
    return (
      <Notice tone="info">
        <p>{texts.clientRedactedNotice}</p>
      </Notice>
    );
  return (
    <Notice tone="warning">
      <p>{texts.providerInactiveNotice}</p>
      {(clientEmail || clientPhone) && (
        <ul className="thread__contact">
          {clientEmail && (
            <li>
              Email: <a href={`mailto:${clientEmail}`}>{clientEmail}</a>
            </li>
          )}
          {clientPhone && (
            <li>
              Phone: <a href={`tel:${clientPhone}`}>{clientPhone}</a>
            </li>
          )}
        </ul>
      )}
      <p>
        <a href={urls.reactivate}>Reactivate your profile</a>
      </p>
    </Notice>
  );
}
