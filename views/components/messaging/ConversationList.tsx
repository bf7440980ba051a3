// The conversation list (spec 3 §2 Messages): each client's name, the last message's first line, an
// unread dot, and (in a practice's list) the provider the conversation belongs to and its desk (status, assignee). The open conversation is marked as the current page.
import { Avatar } from '../ui/Avatar';
import { Label, type LabelState } from '../ui/Label';

export interface ConversationListItem {
  key: string;
  clientName: string;
  href: string;
  unread: boolean;
  current: boolean;
  /** "Nov 23, 2026" of the latest message, or null. */
  lastMessage: string | null;
  /** The latest message's first line, or what stands for it. */
  preview?: string | null;
  /** Shown in lists that span several profiles. */
  provider?: { name: string; imageUrl: string | null };
  /** The practice inbox's desk: status labels and who has it. */
  desk?: { labels: { text: string; state: LabelState }[]; note: string };
}

export function ConversationList({
  items,
  label = 'Conversations',
}: {
  items: ConversationListItem[];
  label?: string;
}) {
  return (
    <ul className="messages-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="messages-list__item">
          <a href={item.href} className="messages-list__link" aria-current={item.current ? 'page' : undefined}>
            <Avatar name={item.provider?.name ?? item.clientName} src={item.provider?.imageUrl ?? null} small />
            <span className="messages-list__names">
              <span className="messages-list__client">{item.clientName}</span>
              {item.provider && <span className="messages-list__provider hint">{item.provider.name}</span>}
              {item.preview && <span className="messages-list__preview">{item.preview}</span>}
              {item.lastMessage && <span className="hint">{item.lastMessage}</span>}
              {item.desk && (
                <span className="messages-list__desk">
                  {item.desk.labels.map((label) => (
                    <Label key={label.text} state={label.state}>
                      {label.text}
                    </Label>
                  ))}
                  <span className="hint">{item.desk.note}</span>
                </span>
              )}
            </span>
            {item.unread && <span className="messages-list__dot" role="img" aria-label="unread" />}
          </a>
        </li>
      ))}
    </ul>
  );
}
