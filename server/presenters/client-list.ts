// The Full Client List's table (spec 3 §2, §3 "Client list item"): a page of a profile's or an account's
// referrals as the client table shows it, for the client list and the practice inbox.
import type { ClientListItem, ClientListPage } from '../domain/referrals';
import type { ClientListView } from '../../views/pages/client-list/ClientTable';
import { dateFormatIn } from '../../views/components/format';

/** A page of the list as the client table shows it: days in the given zone, Message going where `messageHref` says. */
export function clientListView(
  page: ClientListPage,
  options: { timeZone: string; messageHref: (item: ClientListItem & { clientId: number }) => string },
): ClientListView {
  return {
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    rows: page.items.map((item) => ({
      key: `${item.type}-${item.data.recordId}`,
      contactDay: dayKeyIn(item.contactDate, options.timeZone),
      name: item.data.clientRedacted
        ? 'Client (deleted their data)'
        : [item.firstName, item.lastName].filter(Boolean).join(' ') || 'Client',
      email: item.email,
      kind: item.type,
      providerName: item.providerName,
      messageHref: item.clientId === null ? null : options.messageHref(item as ClientListItem & { clientId: number }),
    })),
  };
}

/** YYYY-MM-DD of an instant in a zone. */
const dayKeyIn = (instant: Date, timeZone: string): string =>
  dateFormatIn(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(instant);
