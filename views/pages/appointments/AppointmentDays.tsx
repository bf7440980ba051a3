// A tab of appointments grouped by day (spec 3 §2 Appointments list): the long date with a 'Today!' or
// 'Tomorrow' tag, and per appointment its time range, a canceled note, the client, the provider and
// 'View details'. Shared by the provider's list and the practice inbox.
import { ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';

export type AppointmentTabName = 'upcoming' | 'past' | 'canceled';

export interface AppointmentRowView {
  id: number;
  /** "9:30am – 10:00am EST". */
  time: string;
  canceled: boolean;
  /** A request waiting for the provider's answer (approve-before-confirm). */
  requested: boolean;
  clientName: string;
  providerName: string;
  /** Where View Details goes. */
  href: string;
}

export interface AppointmentDayView {
  /** YYYY-MM-DD in the calendar's zone. */
  key: string;
  /** "Monday, November 23, 2026". */
  date: string;
  tag: 'Today!' | 'Tomorrow' | null;
  appointments: AppointmentRowView[];
}

export interface AppointmentListView {
  tab: AppointmentTabName;
  days: AppointmentDayView[];
  page: number;
  pageCount: number;
}

export function AppointmentDays({ days }: { days: AppointmentDayView[] }) {
  return (
    <div className="appointment-days">
      {days.map((day) => (
        <section key={day.key} className="appointment-day" aria-labelledby={`day-${day.key}`}>
          <h2 id={`day-${day.key}`} className="appointment-day__date">
            {day.date}
            {day.tag && (
              <>
                {' '}
                <Label state="info">{day.tag}</Label>
              </>
            )}
          </h2>
          <ul className="widget__list appointment-day__list">
            {day.appointments.map((a) => (
              <li key={a.id} className="appointment-row">
                <p className="appointment-row__time">
                  <strong>{a.time}</strong>
                  {a.canceled && (
                    <>
                      {' '}
                      <Label state="neutral">Canceled</Label>
                    </>
                  )}
                  {a.requested && (
                    <>
                      {' '}
                      <Label state="attention">Request: awaiting your answer</Label>
                    </>
                  )}
                </p>
                <p className="appointment-row__client">{a.clientName}</p>
                <p className="appointment-row__provider hint">{`With ${a.providerName}`}</p>
                <div className="actions">
                  <ButtonLink href={a.href}>
                    View details
                    <span className="visually-hidden">{` of the call with ${a.clientName}, ${day.date} ${a.time}`}</span>
                  </ButtonLink>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
