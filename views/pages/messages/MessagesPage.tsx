// /messages and /messages/{clientId} (spec 3 §2 Messages): the conversation list beside the open
// conversation (the MessageThread island), or the placeholder when none is open or it does not exist.
// The delete confirmation without JavaScript is a page of its own (ConfirmStep) in the thread's place.
import { Island } from '../../components/Island';
import { ConversationList, type ConversationListItem } from '../../components/messaging/ConversationList';
import { ConversationSearch, noMatchText, OLDER_HINT } from '../../components/messaging/ConversationSearch';
import { Avatar } from '../../components/ui/Avatar';
import { ButtonLink } from '../../components/ui/Button';
import { ConfirmStep } from '../../components/ui/ConfirmStep';
import { EmptyState } from '../../components/ui/EmptyState';
import type MessageThread from '../../../islands/MessageThread';

export interface MessagesPageTexts {
  noConversations: string;
  selectConversation: string;
  missingConversation: string;
  missingConversationContact: string;
}

export interface ThreadPane {
  clientName: string;
  island: Parameters<typeof MessageThread>[0];
}

export interface DeleteConfirmation {
  question: string;
  action: string;
  cancelHref: string;
}

export interface MessagesPageProps {
  conversations: ConversationListItem[];
  total: number;
  loadMoreHref: string | null;
  /** The client-name search of the list ('' for none). */
  search?: string;
  texts: MessagesPageTexts;
  contactHref: string;
  /** 'none' before a conversation is chosen, 'missing' for one that is not there. */
  thread: ThreadPane | 'none' | 'missing';
  confirmDelete?: DeleteConfirmation | null;
}

export function MessagesPage({
  conversations,
  total,
  loadMoreHref,
  search = '',
  texts,
  contactHref,
  thread,
  confirmDelete = null,
}: MessagesPageProps) {
  return (
    <div className={`messages${thread === 'none' ? '' : ' messages--open'}`}>
      <section className="card messages__list" aria-labelledby="conversations-heading">
        <h2 id="conversations-heading">Conversations</h2>
        {(conversations.length > 0 || search) && <ConversationSearch action="/messages" search={search} />}
        {conversations.length === 0 ? (
          <EmptyState title={search ? noMatchText(search) : texts.noConversations} />
        ) : (
          <>
            <ConversationList items={conversations} />
            {loadMoreHref && (
              <p className="actions">
                <ButtonLink href={loadMoreHref}>Load more</ButtonLink>
                <span className="hint">{`${conversations.length} of ${total}`}</span>
              </p>
            )}
            {!loadMoreHref && conversations.length < total && (
              <p className="hint">{`${conversations.length} of ${total}. ${OLDER_HINT}`}</p>
            )}
          </>
        )}
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
              {texts.missingConversation} <a href={contactHref}>{texts.missingConversationContact}</a>
            </p>
          </>
        )}
        {typeof thread === 'object' && (
          <>
            <header className="messages__header">
              <a href="/messages" className="messages__back">
                All conversations
              </a>
              <Avatar name={thread.clientName} />
              <h2 id="thread-heading">{thread.clientName}</h2>
            </header>
            {confirmDelete ? (
              <ConfirmStep
                question={confirmDelete.question}
                action={confirmDelete.action}
                confirmLabel="Delete message"
                cancelHref={confirmDelete.cancelHref}
              />
            ) : (
              <Island name="MessageThread" props={thread.island} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
