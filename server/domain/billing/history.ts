// An account's billing history (Plan Management, spec 3 §2): its invoices and the payments that were not
// for an invoice (one-time purchases), newest first, a page at a time: it grows with every renewal, so
// the database pages it rather than the page.
import type { Knex } from 'knex';
import { PAGE_SIZE } from '../../lib/paging';

export interface HistoryEntry {
  kind: 'invoice' | 'charge';
  id: string;
  /** The day it was paid (an invoice) or made (a charge), YYYY-MM-DD in UTC. */
  date: string;
  description: string;
  amount: number;
  refunded: number;
  status: string;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  page: number;
  pageCount: number;
}

/**
 * One page of the history of these customers (1-based; anything else, or past the end, is clamped). A
 * void or draft invoice was never owed (a refused first payment's, issue [18] item 9), so it is left out;
 * a charge that paid an invoice is shown as the invoice.
 */
export async function billingHistoryPage(
  db: Knex,
  customerIds: string[],
  requestedPage: unknown,
  size = PAGE_SIZE,
): Promise<HistoryPage> {
  if (!customerIds.length) return { entries: [], page: 1, pageCount: 1 };
  const invoices = db('billing_invoices')
    .whereIn('customer_id', customerIds)
    .whereNotIn('status', ['draft', 'void'])
    .select(
      db.raw("'invoice' as kind"),
      'id',
      db.raw('coalesce(paid_at, created_at) as at'),
      db.raw("coalesce(description, trim('Invoice ' || coalesce(number, ''))) as description"),
      db.raw('total as amount'),
      db.raw('0 as refunded'),
      db.raw("coalesce(status, 'open') as status"),
    );
  const charges = db('billing_charges as c')
    .whereIn('c.customer_id', customerIds)
    .where('c.status', 'succeeded')
    .where((q) =>
      q
        .whereNull('c.payment_intent')
        .orWhereNotExists(
          db('billing_invoices as i')
            .whereIn('i.customer_id', customerIds)
            .whereRaw('c.payment_intent = any(i.payment_intents)')
            .select(db.raw('1')),
        ),
    )
    .select(
      db.raw("'charge' as kind"),
      'c.id',
      db.raw('c.created_at as at'),
      db.raw("coalesce(c.description, 'Payment') as description"),
      'c.amount',
      db.raw('c.amount_refunded as refunded'),
      db.raw("case when c.amount_refunded >= c.amount then 'refunded' else 'paid' end as status"),
    );
  const all = db.unionAll([invoices, charges], true);
  const [{ count }] = await db.from(all.clone().as('h')).count<{ count: number }[]>({ count: '*' });
  const pageCount = Math.max(1, Math.ceil(count / size));
  const asked = Number(requestedPage);
  const page = Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), pageCount) : 1;
  // The union's columns, each entry's but its day as a time.
  const rows: (Omit<HistoryEntry, 'date'> & { at: Date })[] = await db
    .from(all.as('h'))
    .select('*')
    // Newest day first, then by id, as before the history was paged.
    .orderByRaw("(h.at at time zone 'UTC')::date desc, h.id desc")
    .limit(size)
    .offset((page - 1) * size);
  return {
    entries: rows.map(({ at, ...entry }) => ({ ...entry, date: at.toISOString().slice(0, 10) })),
    page,
    pageCount,
  };
}
