// Searching conversations by client name (issue [19] item 8): a GET form above a conversation list, so
// it works without JavaScript and the results page is a link; "Clear search" shows every conversation.
import { Button } from '../ui/Button';

export const SEARCH_LABEL = 'Search by client name';

export function ConversationSearch({ action, search }: { action: string; search: string }) {
  return (
    <form method="get" action={action} role="search" className="search conversation-search">
      <label htmlFor="conversation-search">{SEARCH_LABEL}</label>
      <div className="search__row">
        <input id="conversation-search" type="search" name="q" defaultValue={search} maxLength={100} />
        <Button variant="secondary">Search</Button>
      </div>
      {search && (
        <p className="hint">
          <a href={action}>Clear search</a>
        </p>
      )}
    </form>
  );
}

/** Under a list that Load More no longer grows (it shows at most 1,000): how to reach the older ones. */
export const OLDER_HINT = 'To find an older conversation, search by client name.';

/** The empty state of a search that matched no conversation. */
export const noMatchText = (search: string) => `No conversations with a client named “${search}”.`;
