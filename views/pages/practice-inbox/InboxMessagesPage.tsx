// /practice-inbox/messages (spec 3 §2 Messages, §4 Messaging): the conversations of every profile of the
// practice, filtered by profile and unread (a GET form), each with its provider's name and picture, grown 100 at a time by Load More (a link, so it
// works without JavaScript), the note of how many are shown and a link to the client list; beside them
// the open conversation (the MessageThread island), whose reply goes out on behalf of its provider.
import { Checkbox } from '../../components/form/Checkbox';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { OLDER_HINT } from '../../components/messaging/ConversationSearch';
import { Island } from '../../components/Island';
import { ConversationList, type ConversationListItem } from '../../components/messaging/ConversationList';
import { Avatar } from '../../components/ui/Avatar';
import { Button, ButtonLink } from '../../components/ui/Button';
import { ConfirmStep } from '../../components/ui/ConfirmStep';
import { EmptyState } from '../../components/ui/EmptyState';
import type MessageThread from '../../../islands/MessageThread';
import { InboxDesk, type InboxDeskPane } from './InboxDesk';
import { INBOX_CLIENT_LIST_PATH, INBOX_MESSAGES_PATH, InboxTabs } from './InboxTabs';
import { ThreadDesk, type ThreadDeskProps } from './ThreadDesk';

/** The inbox's search reads more than the Messages page's: the client's name and e-mail, and the messages. */
export const INBOX_SEARCH_LABEL = 'Search conversations';
export const INBOX_SEARCH_HINT = 'A client’s name or e-mail, or words from the messages.';

export interface InboxThreadPane {
  clientName: string;
  providerName: string;
  providerImageUrl: string | null;
  island: Parameters<typeof MessageThread>[0];
  /** The saved-reply picker and the internal notes under the thread (issue [22] item 2). */
  desk?: ThreadDeskProps;
  /** The intake desk's state: assignee, status and snooze (issue [22] item 2). */
  deskState?: InboxDeskPane;
}

export interface InboxMessagesPageProps {
  conversations: ConversationListItem[];
  total: number;
  /** There are more than `total` (the count stops there). */
  totalIsLowerBound: boolean;
  loadMoreHref: string | null;
  /**
   * The list's filters (a GET form): one of the account's profiles ('' for all), unread only, a search, who has
   * it ('' anyone, 'me', 'none' or a user id) and the desk's view ('' open, a status, 'snoozed', 'all').
   */
  filters: {
    providers: { value: string; label: string }[];
    provider: string;
    unread: boolean;
    search: string;
    assignees: { value: string; label: string }[];
    assignee: string;
    statuses: { value: string; label: string }[];
    status: string;
  };
  /** The list as filtered (the thread's way back to it). */
  listHref: string;
  /** The zone every date of the inbox is read in (the practice's). */
  timeZoneLabel: string;
  texts: {
    noConversations: string;
    selectConversation: string;
    missingConversation: string;
    missingConversationContact: string;
  };
  /** 'none' before a conversation is chosen, 'missing' for one that is not the practice's. */
  thread: InboxThreadPane | 'none' | 'missing';
  confirmDelete?: { question: string; action: string; cancelHref: string } | null;
}

export function InboxMessagesPage({
  conversations,
  total,
  totalIsLowerBound,
  loadMoreHref,
  filters,
  listHref,
  timeZoneLabel,
  texts,
  thread,
  confirmDelete = null,
}: InboxMessagesPageProps) {
  const filtered =
    filters.provider !== '' ||
    filters.unread ||
    filters.search !== '' ||
    filters.assignee !== '' ||
    filters.status !== '';
  return (
    <div className="practice-inbox">
      <InboxTabs current="messages" />
      <div className={`messages${thread === 'none' ? '' : ' messages--open'}`}>
        <section className="card messages__list" aria-labelledby="conversations-heading">
          <h2 id="conversations-heading">Conversations</h2>
          <form method="get" action={INBOX_MESSAGES_PATH} className="inbox-filters" aria-label="Filter conversations">
            <SelectField
              id="inbox-provider"
              name="provider"
              label="Provider"
              value={filters.provider}
              placeholder="All providers"
              options={filters.providers}
            />
            <SelectField
              id="inbox-assignee"
              name="assignee"
              label="Assigned to"
              value={filters.assignee}
              placeholder="Anyone"
              options={filters.assignees}
            />
            <SelectField
              id="inbox-status"
              name="status"
              label="Status"
              value={filters.status}
              placeholder="Open"
              options={filters.statuses}
            />
            <FormField
              id="inbox-search"
              name="q"
              type="search"
              label={INBOX_SEARCH_LABEL}
              hint={INBOX_SEARCH_HINT}
              defaultValue={filters.search}
              maxLength={100}
            />
            <Checkbox id="inbox-unread" name="unread" label="Unread only" checked={filters.unread} />
            <Button variant="secondary">Filter</Button>
          </form>
          <p className="hint">{`Dates are in ${timeZoneLabel}.`}</p>
          {conversations.length === 0 ? (
            <EmptyState title={filtered ? 'No conversations match these filters.' : texts.noConversations} />
          ) : (
            <>
              <p
                className="hint"
                id="inbox-count"
              >{`Showing the ${conversations.length} most recent ${conversations.length === 1 ? 'conversation' : 'conversations'} of ${totalIsLowerBound ? 'more than ' : ''}${total.toLocaleString('en-US')}.`}</p>
              <ConversationList items={conversations} label="Conversations of the practice" />
              {loadMoreHref && (
                <p className="actions">
                  <ButtonLink href={loadMoreHref}>Load more</ButtonLink>
                </p>
              )}
              {!loadMoreHref && (conversations.length < total || totalIsLowerBound) && (
                <p className="hint">{OLDER_HINT}</p>
              )}
            </>
          )}
          <p>
            <a href={INBOX_CLIENT_LIST_PATH}>See every client in the Full Client List</a>
          </p>
        </section>
        <section className="card messages__thread" aria-labelledby="thread-heading">
          {thread === 'none' && (
            <>
              <h2 id="thread-heading" className="visually-hidden">
                Conversation
              </h2>
              <p className="hint">{texts.selectConversation}</p>
            </>
          )}
          {thread === 'missing' && (
            <>
              <h2 id="thread-heading" className="visually-hidden">
                Conversation
              </h2>
              <p>
                {texts.missingConversation} <a href="/contact">{texts.missingConversationContact}</a>
              </p>
            </>
          )}
          {typeof thread === 'object' && (
            <>
              <header className="messages__header">
                <a href={listHref} className="messages__back">
                  All conversations
                </a>
                <Avatar name={thread.providerName} src={thread.providerImageUrl} />
                <div>
                  <h2 id="thread-heading">{thread.clientName}</h2>
                  <p className="hint">{`Conversation with ${thread.providerName}`}</p>
                </div>
              </header>
              {confirmDelete ? (
                <ConfirmStep
                  question={confirmDelete.question}
                  action={confirmDelete.action}
                  confirmLabel="Delete message"
                  cancelHref={confirmDelete.cancelHref}
                />
              ) : (
                <>
                  {thread.deskState && <InboxDesk desk={thread.deskState} />}
                  <Island name="MessageThread" props={thread.island} />
                  {thread.desk && <ThreadDesk {...thread.desk} />}
                </>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
