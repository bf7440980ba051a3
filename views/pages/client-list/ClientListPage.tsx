// /client-list and /client-referrals (spec 3 §2 Full Client List): the profile's referrals, ten per page,
// each with a Message button; a profile that is not live sees the not-live notice instead.
import { NotLiveNotice } from '../../components/NotLiveNotice';
import { ClientTable, type ClientListView } from './ClientTable';

export function ClientListPage({
  list,
  notLiveStatus,
  path,
}: {
  /** Null when the profile is not live (the list is not shown). */
  list: ClientListView | null;
  /** The profile's status when it is not active. */
  notLiveStatus: string | null;
  /** This page's path (pages link back to it). */
  path: string;
}) {
  if (notLiveStatus || !list) {
    return (
      <NotLiveNotice status={notLiveStatus ?? 'inactive'}>
        Your referrals are listed here once your profile is live.
      </NotLiveNotice>
    );
  }
  return (
    <div className="client-list">
      <ClientTable
        list={list}
        showProvider={false}
        caption="Your clients"
        pageHref={(page) => (page > 1 ? `${path}?page=${page}` : path)}
      />
    </div>
  );
}
