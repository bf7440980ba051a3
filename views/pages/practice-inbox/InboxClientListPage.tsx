// /practice-inbox/client-list (spec 3 §2 Full Client List, titled 'Practice Inbox | Full Client List'):
// every referral of the practice's profiles, ten per page, with the provider and a Message button to
// the conversation in the inbox.
import { ClientTable, type ClientListView } from '../client-list/ClientTable';
import { INBOX_CLIENT_LIST_PATH, InboxTabs } from './InboxTabs';

export function InboxClientListPage({ list }: { list: ClientListView }) {
  return (
    <div className="practice-inbox">
      <InboxTabs current="client-list" />
      <ClientTable
        list={list}
        showProvider
        caption="Your practice's clients"
        pageHref={(page) => (page > 1 ? `${INBOX_CLIENT_LIST_PATH}?page=${page}` : INBOX_CLIENT_LIST_PATH)}
      />
    </div>
  );
}
