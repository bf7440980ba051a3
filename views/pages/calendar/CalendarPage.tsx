// /calendar (spec 3 §2 Calendar page): the notes, the weekly grid (an island; first on the screen, as it is
// what the page is for), the status and timezone settings, the help panel, and the same week as a table with its add, edit and delete forms, so the
// calendar can be kept without JavaScript (the table hides once scripts run, the grid shows).
import type { ReactNode } from 'react';
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { FieldError } from '../../components/form/FieldError';
import { SelectField } from '../../components/form/SelectField';
import { postedText } from '../../components/form/posted';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';
import { ClientSlotsCard } from './ClientSlotsCard';
import { WeekTable } from './WeekTable';
import { BOOKING_RULES_PATH, CALENDAR_PATH, type CalendarPageView } from './view';

export { AVAILABILITY_PATH, CALENDAR_PATH, type CalendarPageView } from './view';

export function NoCalendarPage({ message }: { message: string }) {
  return <p id="no-calendar">{message}</p>;
}

export function CalendarPage({
  view,
  typed = null,
  errors = {},
  appointment = null,
}: {
  view: CalendarPageView;
  /** The settings form as posted, after a refused post. */
  typed?: Record<string, unknown> | null;
  errors?: Record<string, string>;
  /** The appointment opened by ?id=. */
  appointment?: ReactNode;
}) {
  const inert = !view.open || !view.accepting;
  return (
    <div className="calendar-page">
      {!view.accepting && (
        <Notice tone="error" title="Your profile is not accepting new clients">
          <p>
            Therapy seekers cannot book phone consultations with you while none of your locations accepts new clients.
          </p>
          <p>
            <ButtonLink href="/profile/availability-locations">Go to Availability &amp; Locations</ButtonLink>
          </p>
        </Notice>
      )}
      {view.absence && (
        <Notice tone="warning" title="You are away">
          <p id="calendar-absence">
            {`Your vacation responder is on from ${view.absence.from} to ${view.absence.to}. Clients cannot book phone consultations on those days.`}
          </p>
          <p>
            <a href={view.absence.settingsHref}>Vacation responder settings</a>
          </p>
        </Notice>
      )}
      {appointment}
      <p className="calendar-page__links">
        <a href={`${CALENDAR_PATH}/appointments`}>See your phone consultations</a>
        <a href={`${CALENDAR_PATH}/connections`}>Connected calendars</a>
        <a href={`${CALENDAR_PATH}/reminders`}>Consultation reminders</a>
      </p>
      {view.bookingLink ? (
        <Card id="booking-link" title="Your practice management booking link">
          <p>Clients book with you through your practice management booking page, so it replaces this calendar.</p>
          <p>
            <a href={view.bookingLink.href}>Open your booking page</a>
          </p>
        </Card>
      ) : (
        <>
          {/* The week (or, on a phone, the day) first: the settings are changed far less often. */}
          <Island name="CalendarGrid" props={view.grid} />
          <WeekTable view={view} inert={inert} />
          <ClientSlotsCard view={view.clientSlots} />
          <Card id="booking-rules" title="Booking rules">
            <ul id="booking-rules-summary">
              {view.bookingRules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
            <p>
              <ButtonLink href={BOOKING_RULES_PATH}>Change booking rules</ButtonLink>
            </p>
          </Card>
          <SettingsCard view={view} typed={typed} errors={errors} />
        </>
      )}
      <HelpPanel cannotAddText={view.cannotAddText} />
    </div>
  );
}

function HelpPanel({ cannotAddText }: { cannotAddText: string }) {
  return (
    <Card id="calendar-help" title="How your call calendar works">
      <p>
        Therapy seekers book free phone consultations with you in the time you mark as available. Time marked
        unavailable, and busy time from a calendar you linked, cannot be booked.
      </p>
      <p>Only clients can book phone consultations. {cannotAddText}.</p>
      <ul>
        <li>
          <a href="/tips/phone-consultations">Phone consultation tips</a>
        </li>
        <li>
          <a href="/profile/availability-locations">Availability &amp; Locations</a>: which locations accept new clients
        </li>
        <li>
          <a href={`${CALENDAR_PATH}/connections`}>Connected calendars</a>: busy time from Google Calendar or a calendar
          feed
        </li>
      </ul>
    </Card>
  );
}

function SettingsCard({
  view,
  typed,
  errors,
}: {
  view: CalendarPageView;
  typed: Record<string, unknown> | null;
  errors: Record<string, string>;
}) {
  const open = typed && typeof typed.open === 'string' ? typed.open === '1' : view.open;
  const timeZone = typed && typeof typed.timezone === 'string' ? postedText(typed.timezone) : view.timeZone;
  const statusHint = view.accepting
    ? undefined
    : 'You can show your calendar once one of your locations accepts new clients.';
  return (
    <Card id="calendar-settings" title="Calendar settings">
      <PostForm action={`${CALENDAR_PATH}/settings`} noValidate>
        <fieldset
          className={errors.open ? 'fieldset field--error' : 'fieldset'}
          disabled={!view.accepting}
          aria-describedby={
            [statusHint && 'calendar-status-hint', errors.open && 'calendar-status-error'].filter(Boolean).join(' ') ||
            undefined
          }
        >
          <legend>Calendar Status</legend>
          {statusHint && (
            <p className="hint" id="calendar-status-hint">
              {statusHint}
            </p>
          )}
          <FieldError id="calendar-status" error={errors.open} target="calendar-status-open" />
          <div className="choice-row">
            <div className="field field--check">
              <input type="radio" id="calendar-status-open" name="open" value="1" defaultChecked={open} />
              <label htmlFor="calendar-status-open">Show Calendar</label>
            </div>
            <div className="field field--check">
              <input type="radio" id="calendar-status-closed" name="open" value="0" defaultChecked={!open} />
              <label htmlFor="calendar-status-closed">Hide Calendar</label>
            </div>
          </div>
          <div className="actions">
            <Button variant="secondary">Save status</Button>
          </div>
        </fieldset>
      </PostForm>
      <PostForm action={`${CALENDAR_PATH}/settings`} noValidate>
        <SelectField
          id="calendar-timezone"
          name="timezone"
          label="Timezone"
          hint="Your availability and consultations are shown in this timezone."
          value={timeZone}
          options={view.timeZones}
          error={errors.timezone}
        />
        <div className="actions">
          <Button variant="secondary">Save timezone</Button>
        </div>
      </PostForm>
    </Card>
  );
}
