// /calendar/appointments (spec 3 §2 Appointments list): Upcoming, Past and Canceled tabs, the days of
// the chosen tab, and with ?id= the appointment's panel above them.
import { AppointmentPanel, type AppointmentPanelView } from '../../components/AppointmentPanel';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { Tabs } from '../../components/ui/Tabs';
import { AppointmentDays, type AppointmentListView, type AppointmentTabName } from './AppointmentDays';

export const APPOINTMENTS_PATH = '/calendar/appointments';

const TAB_LABELS: Record<AppointmentTabName, string> = { upcoming: 'Upcoming', past: 'Past', canceled: 'Canceled' };

export const tabHref = (tab: AppointmentTabName, page = 1) =>
  `${APPOINTMENTS_PATH}?tab=${tab}${page > 1 ? `&page=${page}` : ''}`;

export interface AppointmentsPageProps {
  list: AppointmentListView;
  /** ?id= of one of the provider's appointments. */
  appointment: AppointmentPanelView | null;
  /** This page's own address (the panel's forms come back to it). */
  returnTo: string;
}

export function AppointmentsPage({ list, appointment, returnTo }: AppointmentsPageProps) {
  return (
    <div className="appointments-page">
      <p>
        <a href="/calendar">Back to the calendar</a>
      </p>
      {appointment && (
        <AppointmentPanel appointment={appointment} returnTo={returnTo} closeHref={tabHref(list.tab, list.page)} />
      )}
      <Tabs
        label="Phone consultations"
        current={tabHref(list.tab)}
        tabs={(Object.keys(TAB_LABELS) as AppointmentTabName[]).map((tab) => ({
          label: TAB_LABELS[tab],
          href: tabHref(tab),
        }))}
      />
      {list.days.length === 0 ? (
        <EmptyState title={`You have no ${list.tab} appointments at this time.`} />
      ) : (
        <AppointmentDays days={list.days} />
      )}
      <Pager
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => tabHref(list.tab, page)}
        label={`${TAB_LABELS[list.tab]} appointments pages`}
      />
    </div>
  );
}
