// The rows of a Full Client List (spec 3 §2, §3 "Client list item"): when the client got in touch, who,
// how, the client's name linking to the conversation. Shared by the profile's list and the practice inbox's
// (which adds the provider). A table that stacks into cards on a phone.
import { DataTable, type Column } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { formatDay } from '../../components/format';

export type ClientContactKind = 'acuity_appointment' | 'provider_contact' | 'conversation';

export interface ClientRowView {
  key: string;
  /** YYYY-MM-DD of the first contact, in the provider's zone. */
  contactDay: string;
  /** The client's name (or a note that they deleted their data). */
  name: string;
  email: string | null;
  kind: ClientContactKind;
  providerName: string;
  /** The conversation with the client; null when there is no client to message. */
  messageHref: string | null;
}

export interface ClientListView {
  rows: ClientRowView[];
  page: number;
  pageCount: number;
  total: number;
}

export const KIND_LABELS: Record<ClientContactKind, string> = {
  acuity_appointment: 'Phone consultation',
  provider_contact: 'Contact request',
  conversation: 'Message',
};

export const NO_REFERRALS = "You don't have any referrals yet.";

export function ClientTable({
  list,
  showProvider,
  pageHref,
  caption,
}: {
  list: ClientListView;
  showProvider: boolean;
  pageHref: (page: number) => string;
  caption: string;
}) {
  if (list.rows.length === 0) {
    return (
      <EmptyState title={NO_REFERRALS}>
        Clients who message you or book a phone consultation through your profile appear here.
      </EmptyState>
    );
  }
  const columns: Column<ClientRowView>[] = [
    { heading: 'Date', cell: (row) => formatDay(row.contactDay) },
    {
      heading: 'Client',
      // The name opens the conversation: one link per row, not a Message button repeated on every row.
      cell: (row) => (
        <>
          {row.messageHref ? (
            <a className="client-table__name" href={row.messageHref}>
              {row.name}
            </a>
          ) : (
            row.name
          )}
          {row.email && (
            <>
              <br />
              <a href={`mailto:${row.email}`}>{row.email}</a>
            </>
          )}
        </>
      ),
    },
    { heading: 'Type', cell: (row) => KIND_LABELS[row.kind] },
    ...(showProvider ? [{ heading: 'Provider', cell: (row: ClientRowView) => row.providerName }] : []),
  ];
  return (
    <>
      <p className="hint">{`${list.total} ${list.total === 1 ? 'referral' : 'referrals'}, newest first.`}</p>
      <DataTable
        caption={caption}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.key}
        density="compact"
        className="client-table"
      />
      <Pager page={list.page} pageCount={list.pageCount} href={pageHref} label="Client list pages" />
    </>
  );
}
