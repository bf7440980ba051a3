// /dev/outbox (local mode only): every e-mail and SMS the portal "sent", newest first, links clickable.
export interface OutboxItem {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  sentAt: string;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

export function OutboxPage({ items }: { items: OutboxItem[] }) {
  if (!items.length) return <p>Nothing has been sent yet.</p>;
  return (
    <table className="outbox">
      <caption className="visually-hidden">Sent e-mail and text messages</caption>
      <thead>
        <tr>
          <th scope="col">Sent</th>
          <th scope="col">To</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-channel={item.channel}>
            <td>
              <time dateTime={item.sentAt}>{item.sentAt.replace('T', ' ').slice(0, 19)}</time>
              <br />
              {item.channel === 'sms' ? 'SMS' : 'E-mail'}
            </td>
            <td>{item.recipient}</td>
            <td>
              {item.subject && <strong>{item.subject}</strong>}
              <pre>
                {item.body.split(URL_PATTERN).map((part, i) =>
                  i % 2 ? (
                    <a key={i} href={part}>
                      {part}
                    </a>
                  ) : (
                    part
                  ),
                )}
              </pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
