// /practice-inbox/appointments (spec 3 §2 Appointments list): the practice's phone consultations in
// Upcoming, Past and Canceled tabs, a search by client name or e-mail (a GET form), the days of the
// chosen tab, and with ?id= the appointment's panel, which names the provider.
import { AppointmentPanel, type AppointmentPanelView } from '../../components/AppointmentPanel';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { Tabs } from '../../components/ui/Tabs';
import { Button } from '../../components/ui/Button';
import { FormField } from '../../components/form/FormField';
import { AppointmentDays, type AppointmentListView, type AppointmentTabName } from '../appointments/AppointmentDays';
import { INBOX_APPOINTMENTS_PATH, InboxTabs } from './InboxTabs';

const TAB_LABELS: Record<AppointmentTabName, string> = { upcoming: 'Upcoming', past: 'Past', canceled: 'Canceled' };

export const SEARCH_LABEL = 'Search by client name or email.';

export function inboxAppointmentsHref(
  tab: AppointmentTabName,
  options: { search?: string; page?: number; id?: number } = {},
): string {
  const query = new URLSearchParams({ tab });
  if (options.search) query.set('search', options.search);
  if (options.page && options.page > 1) query.set('page', String(options.page));
  if (options.id) query.set('id', String(options.id));
  return `${INBOX_APPOINTMENTS_PATH}?${query.toString()}`;
}

/** Spec 3 §2: 'Your practice has no upcoming/past/canceled appointments at this time.' or '... matching the search term'. */
export const emptyText = (tab: AppointmentTabName, search: string) =>
  search
    ? `Your practice has no ${tab} appointments matching the search term.`
    : `Your practice has no ${tab} appointments at this time.`;

export function InboxAppointmentsPage({
  list,
  search,
  appointment,
  returnTo,
}: {
  list: AppointmentListView;
  search: string;
  appointment: AppointmentPanelView | null;
  returnTo: string;
}) {
  return (
    <div className="practice-inbox appointments-page">
      <InboxTabs current="appointments" />
      <form method="get" action={INBOX_APPOINTMENTS_PATH} className="inbox-search" role="search">
        <input type="hidden" name="tab" value={list.tab} />
        <FormField
          name="search"
          id="appointment-search"
          label={SEARCH_LABEL}
          type="search"
          defaultValue={search}
          maxLength={200}
        />
        <Button variant="secondary">Search</Button>
      </form>
      {appointment && (
        <AppointmentPanel
          appointment={appointment}
          returnTo={returnTo}
          closeHref={inboxAppointmentsHref(list.tab, { search, page: list.page })}
        />
      )}
      <Tabs
        label="Phone consultations"
        current={inboxAppointmentsHref(list.tab, { search })}
        tabs={(Object.keys(TAB_LABELS) as AppointmentTabName[]).map((tab) => ({
          label: TAB_LABELS[tab],
          href: inboxAppointmentsHref(tab, { search }),
        }))}
      />
      {list.days.length === 0 ? (
        <EmptyState title={emptyText(list.tab, search)} />
      ) : (
        <AppointmentDays days={list.days} />
      )}
      <Pager
        page={list.page}
        pageCount={list.pageCount}
        href={(page) => inboxAppointmentsHref(list.tab, { search, page })}
        label={`${TAB_LABELS[list.tab]} appointments pages`}
      />
    </div>
  );
}
