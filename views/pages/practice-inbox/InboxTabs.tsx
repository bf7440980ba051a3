// The practice inbox's three parts as tabs (spec 3 §2): Messages, Appointments, Full Client List.
import { Tabs } from '../../components/ui/Tabs';

export const INBOX_PATH = '/practice-inbox';
export const INBOX_MESSAGES_PATH = '/practice-inbox/messages';
export const INBOX_APPOINTMENTS_PATH = '/practice-inbox/appointments';
export const INBOX_CLIENT_LIST_PATH = '/practice-inbox/client-list';

export type InboxTab = 'messages' | 'appointments' | 'client-list';

const TABS: { tab: InboxTab; label: string; href: string }[] = [
  { tab: 'messages', label: 'Messages', href: INBOX_MESSAGES_PATH },
  { tab: 'appointments', label: 'Appointments', href: INBOX_APPOINTMENTS_PATH },
  { tab: 'client-list', label: 'Full Client List', href: INBOX_CLIENT_LIST_PATH },
];

export function InboxTabs({ current }: { current: InboxTab }) {
  return (
    <Tabs
      label="Practice inbox"
      tabs={TABS.map(({ label, href }) => ({ label, href }))}
      current={TABS.find((t) => t.tab === current)!.href}
    />
  );
}
