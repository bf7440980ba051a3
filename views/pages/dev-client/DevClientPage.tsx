// /dev/client (local mode only): what a demo client of the directory sees of the portal's API. It
// picks a provider, sees the free times, books one and cancels it; it writes to a provider and reads
// the replies. All through plain forms.
import type { ReactNode } from 'react';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Notice } from '../../components/ui/Notice';
import { Label, type LabelState } from '../../components/ui/Label';
import { FormError } from '../../components/form/FieldError';

export const PAGE_PATH = '/dev/client';

export interface ApiCall {
  method: string;
  path: string;
  status: number;
  body: string;
}

export interface SlotDay {
  key: string;
  date: string;
  slots: { start: string; time: string }[];
}

export interface BookingRow {
  id: number;
  provider: string;
  when: string;
  status: string;
  cancelable: boolean;
}

export interface ClientValues {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  intake_state: string;
  intake_session_type: string;
  intake_insurance: string;
}

/** The seeded demo client, so a booking is one click away. */
export const DEMO_CLIENT: ClientValues = {
  email: 'client@demo.test',
  first_name: 'Casey',
  last_name: 'Client',
  phone_number: '(212) 555-0142',
  intake_state: 'NY',
  intake_session_type: 'Individual therapy',
  intake_insurance: 'Aetna',
};

export interface MessageValues {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  type: string;
  message_content: string;
  intake_state: string;
  intake_session_type: string;
  intake_insurance: string;
}

export const MESSAGE_CONTENT_MAX = 10_000;

export const DEMO_MESSAGE: MessageValues = {
  email: DEMO_CLIENT.email,
  first_name: DEMO_CLIENT.first_name,
  last_name: DEMO_CLIENT.last_name,
  phone_number: DEMO_CLIENT.phone_number,
  type: 'message',
  message_content: '',
  intake_state: DEMO_CLIENT.intake_state,
  intake_session_type: DEMO_CLIENT.intake_session_type,
  intake_insurance: DEMO_CLIENT.intake_insurance,
};

/** One line of the conversation as the client sees it. */
export interface ConversationEntry {
  key: string;
  sender: 'client' | 'provider';
  author: string;
  text: string;
  when: string;
  kind: string | null;
}

export interface MessagingView {
  providers: { value: string; label: string }[];
  providerId: string | null;
  providerName: string | null;
  values: MessageValues;
  errors: Record<string, string>;
  /** Why the API refused the last message. */
  problem: string | null;
  /** The replies call and the conversation it gave, once a provider is chosen. */
  replies: { call: ApiCall; entries: ConversationEntry[] } | null;
  /** Loads the conversation again (a URL of its own each time, so following it is a real page load). */
  refreshHref: string | null;
}

export interface DevClientView {
  calls: ApiCall[];
  providers: { value: string; label: string }[];
  providerId: string | null;
  slots: { call: ApiCall; count: number; timeZone: string; days: SlotDay[] } | null;
  client: ClientValues;
  errors: Record<string, string>;
  /** Why the API refused the last booking. */
  problem: string | null;
  clientEmail: string;
  bookings: BookingRow[];
  messaging: MessagingView;
  events: EventsView;
}

/** The profile-events form: the provider and kind chosen, and why the API refused the last one. */
export interface EventsView {
  providerId: string | null;
  type: string;
  errors: Record<string, string>;
  problem: string | null;
}

export const EVENT_TYPES = [
  { value: 'profile_view', label: 'A profile view', hint: 'the client opened the profile' },
  { value: 'contact_click', label: 'A contact click', hint: 'the client opened a way to get in touch' },
];

const STATUS_LABEL_STATES: Record<string, LabelState> = {
  Booked: 'success',
  Canceled: 'neutral',
  'Requested: waiting for the provider': 'attention',
  Declined: 'danger',
};

const callId = (call: ApiCall) => `call-${call.method}-${call.path.replace(/\W/g, '-')}`.toLowerCase();

function AnswerCard({ call }: { call: ApiCall }) {
  return (
    <section className="card" aria-labelledby={callId(call)}>
      <h2 id={callId(call)}>
        {call.method} {call.path}
      </h2>
      <p>Answer: {call.status === 0 ? 'none' : `HTTP ${call.status}`}</p>
      <pre>{call.body}</pre>
    </section>
  );
}

function BookingForm({ view, slots }: { view: DevClientView; slots: NonNullable<DevClientView['slots']> }) {
  const { client, errors } = view;
  const field = (
    name: keyof ClientValues,
    label: string,
    extra: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => <FormField name={name} label={label} defaultValue={client[name]} error={errors[name]} {...extra} />;
  return (
    <PostForm action={`${PAGE_PATH}/bookings`} aria-label="Book a free time">
      <input type="hidden" name="provider_id" value={view.providerId ?? ''} />
      <input type="hidden" name="time_zone" value={slots.timeZone} />
      <ClientFieldset field={field} phoneLabel="Phone number" />
      <fieldset className="fieldset">
        <legend>Intake answers</legend>
        <p className="hint">The provider sees these in the portal; they are never sent by e-mail.</p>
        <div className="field-row">
          {field('intake_state', 'State')}
          {field('intake_session_type', 'Session type')}
          {field('intake_insurance', 'Insurance')}
        </div>
      </fieldset>
      <h3>Free times</h3>
      <p className="hint">In the provider&rsquo;s time zone ({slots.timeZone}). Choosing a time books it.</p>
      <FormError id="start_time-error" message={errors.start_time} />
      {slots.days.map((day) => (
        <section key={day.key} aria-labelledby={`day-${day.key}`}>
          <h4 id={`day-${day.key}`}>{day.date}</h4>
          <div className="actions actions--inline">
            {day.slots.map((slot) => (
              <Button key={slot.start} variant="secondary" name="start_time" value={slot.start}>
                {slot.time}
                <span className="visually-hidden">{`, ${day.date}`}</span>
              </Button>
            ))}
          </div>
        </section>
      ))}
    </PostForm>
  );
}

export function DevClientPage({ view }: { view: DevClientView }) {
  const { slots } = view;
  return (
    <>
      <p>
        This page plays the public directory: it calls the portal&rsquo;s API (described in docs/api.md) with a token of
        its own, as the directory does in production. Bookings, messages and profile events reach the portal only
        through that API.
      </p>
      {view.calls.map((call) => (
        <AnswerCard key={callId(call)} call={call} />
      ))}

      <Card id="book" title="Book a phone consultation">
        <form method="get" action={PAGE_PATH}>
          <input type="hidden" name="client_email" value={view.clientEmail} />
          {view.messaging.providerId && (
            <input type="hidden" name="message_provider_id" value={view.messaging.providerId} />
          )}
          <SelectField
            name="provider_id"
            label="Provider"
            hint="Live profiles whose calendar is open."
            value={view.providerId ?? ''}
            placeholder="Choose a provider"
            options={view.providers}
            error={view.errors.provider_id}
          />
          <div className="actions">
            <Button variant="secondary">Show free times</Button>
          </div>
        </form>
        {view.problem && (
          <Notice tone="error" title="The API refused the booking">
            {view.problem}
          </Notice>
        )}
        {slots && (
          <>
            <p>
              GET {slots.call.path}: {slots.call.status === 0 ? 'no answer' : `HTTP ${slots.call.status}`},{' '}
              {slots.count === 1 ? '1 free time' : `${slots.count} free times`}.
            </p>
            {slots.call.status !== 200 ? (
              <Notice tone="error" title="No free times">
                {slots.call.body}
              </Notice>
            ) : slots.days.length === 0 ? (
              <EmptyState title="No free times in the next 14 days">
                The calendar is closed, or has no free availability ahead.
              </EmptyState>
            ) : (
              <BookingForm view={view} slots={slots} />
            )}
          </>
        )}
      </Card>

      <MessagingCard view={view} />

      <EventsCard view={view} />

      <Card id="bookings" title={`Bookings of ${view.clientEmail}`}>
        {view.bookings.length === 0 ? (
          <EmptyState title="No bookings yet">Choose a provider and a free time above.</EmptyState>
        ) : (
          <ul className="option-list">
            {view.bookings.map((row) => (
              <li key={row.id} className="option-list__item">
                <h3>{row.provider}</h3>
                <p>
                  {row.when} <Label state={STATUS_LABEL_STATES[row.status] ?? 'neutral'}>{row.status}</Label>
                </p>
                {row.cancelable && (
                  <PostForm action={`${PAGE_PATH}/bookings/${row.id}/cancel`}>
                    <input type="hidden" name="client_email" value={view.clientEmail} />
                    <input type="hidden" name="provider_id" value={view.providerId ?? ''} />
                    <FormField
                      id={`cancel-message-${row.id}`}
                      name="cancel_message"
                      label="Message to the provider (optional)"
                    />
                    <Button variant="danger-outline">
                      Cancel booking<span className="visually-hidden">{` with ${row.provider}, ${row.when}`}</span>
                    </Button>
                  </PostForm>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function MessagingCard({ view }: { view: DevClientView }) {
  const { messaging } = view;
  return (
    <Card id="messages" title="Send a message">
      <form method="get" action={`${PAGE_PATH}#messages`}>
        <input type="hidden" name="client_email" value={view.clientEmail} />
        {view.providerId && <input type="hidden" name="provider_id" value={view.providerId} />}
        <SelectField
          id="message-provider"
          name="message_provider_id"
          label="Write to"
          hint="Every live profile."
          value={messaging.providerId ?? ''}
          placeholder="Choose a provider"
          options={messaging.providers}
          error={messaging.errors.provider_id}
        />
        <div className="actions">
          <Button variant="secondary">Show conversation</Button>
        </div>
      </form>
      {messaging.problem && (
        <Notice tone="error" title="The API refused the message">
          {messaging.problem}
        </Notice>
      )}
      {messaging.providerId && messaging.replies && (
        <>
          <h3>Conversation with {messaging.providerName}</h3>
          <p>
            GET {messaging.replies.call.path}:{' '}
            {messaging.replies.call.status === 0 ? 'no answer' : `HTTP ${messaging.replies.call.status}`}.{' '}
            <a href={messaging.refreshHref ?? PAGE_PATH}>
              Refresh<span className="visually-hidden"> the conversation</span>
            </a>
          </p>
          {messaging.replies.call.status !== 200 && (
            <Notice tone="error" title="The replies could not be read">
              {messaging.replies.call.body}
            </Notice>
          )}
          {messaging.replies.entries.length === 0 ? (
            <EmptyState title="No messages yet">Write the first one below.</EmptyState>
          ) : (
            <ol className="option-list" aria-label={`Conversation with ${messaging.providerName}`}>
              {messaging.replies.entries.map((entry) => (
                <li key={entry.key} className="option-list__item" data-sender={entry.sender}>
                  <p>
                    <strong>{entry.author}</strong>, {entry.when}
                    {entry.kind && (
                      <>
                        {' '}
                        <Label state="neutral">{entry.kind}</Label>
                      </>
                    )}
                  </p>
                  <p>{entry.text}</p>
                </li>
              ))}
            </ol>
          )}
          <MessageForm view={view} />
        </>
      )}
    </Card>
  );
}

function EventsCard({ view }: { view: DevClientView }) {
  const { events } = view;
  return (
    <Card id="events" title="Send a profile event">
      <p>What the directory reports for a provider&rsquo;s referral funnel: one event, now, with a new id.</p>
      {events.problem && (
        <Notice tone="error" title="The API refused the event">
          {events.problem}
        </Notice>
      )}
      <PostForm action={`${PAGE_PATH}/events`} aria-label="Send a profile event" noValidate>
        <input type="hidden" name="client_email" value={view.clientEmail} />
        <SelectField
          id="event-provider"
          name="provider_id"
          label="Profile"
          hint="Any live profile."
          value={events.providerId ?? ''}
          placeholder="Choose a provider"
          options={view.messaging.providers}
          error={events.errors.provider_id}
        />
        <RadioGroup
          idPrefix="event-type"
          name="type"
          legend="What the client did"
          value={events.type}
          error={events.errors.type}
          options={EVENT_TYPES}
        />
        <div className="actions">
          <Button>Send event</Button>
        </div>
      </PostForm>
    </Card>
  );
}

function MessageForm({ view }: { view: DevClientView }) {
  const { values, errors } = view.messaging;
  const field = (
    name: keyof MessageValues,
    label: string,
    extra: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <FormField
      id={`message-${name}`}
      name={name}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <PostForm action={`${PAGE_PATH}/messages`} aria-label="Write a message" noValidate>
      <input type="hidden" name="provider_id" value={view.messaging.providerId ?? ''} />
      <ClientFieldset field={field} phoneLabel="Phone number (optional)" />
      <RadioGroup
        idPrefix="message-type"
        name="type"
        legend="What the client sends"
        value={values.type}
        error={errors.type}
        options={[
          { value: 'message', label: 'A message' },
          { value: 'messaging_tool_intake', label: 'A referral', hint: 'with intake answers' },
        ]}
      />
      <TextAreaField
        id="message-content"
        name="message_content"
        label="Message"
        hint="Optional for a referral."
        value={values.message_content}
        error={errors.message_content}
        maxLength={MESSAGE_CONTENT_MAX}
      />
      <fieldset className="fieldset">
        <legend>Intake answers (sent with a referral)</legend>
        <div className="field-row">
          {field('intake_state', 'State')}
          {field('intake_session_type', 'Session type')}
          {field('intake_insurance', 'Insurance')}
        </div>
      </fieldset>
      <div className="actions">
        <Button>Send</Button>
      </div>
    </PostForm>
  );
}

type ClientFieldName = 'first_name' | 'last_name' | 'email' | 'phone_number';

/** The client's name, e-mail and phone: the same on the booking and the message forms. */
function ClientFieldset({
  field,
  phoneLabel,
}: {
  field: (name: ClientFieldName, label: string, extra?: { type?: string; autoComplete?: string }) => ReactNode;
  phoneLabel: string;
}) {
  return (
    <fieldset className="fieldset">
      <legend>The client</legend>
      <div className="field-row">
        {field('first_name', 'First name', { autoComplete: 'given-name' })}
        {field('last_name', 'Last name', { autoComplete: 'family-name' })}
      </div>
      <div className="field-row">
        {field('email', 'E-mail address', { type: 'email', autoComplete: 'email' })}
        {field('phone_number', phoneLabel, { type: 'tel', autoComplete: 'tel' })}
      </div>
    </fieldset>
  );
}
