// The upcoming (or today's) invoice of one live membership (spec 3 §2 "upcoming/today's invoice modal"):
// a page of its own, reached from Plan Management. With JavaScript, Plan Management shows the part marked
// data-dialog-content in a dialog instead of leaving the page, so that part carries no icons or page links.
import { formatDay, formatMoney } from '../../components/format';
import { DataTable } from '../../components/ui/DataTable';
import { SummaryList } from '../../components/ui/SummaryList';
import { PAGE_PATH } from './PlanManagementPage';

export interface UpcomingInvoiceProps {
  membership: { seatBased: boolean; interval: string | null; providers: string[] };
  /** The day it will be charged (YYYY-MM-DD), when Stripe says. */
  dueOn: string | null;
  /** Amounts in cents. */
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  tax: number;
  /** Negative: the account's credit, taken off what is due. */
  startingBalance: number;
  amountDue: number;
}

interface Row {
  key: string;
  description: string;
  amount: number;
  total?: boolean;
}

export function UpcomingInvoicePage(props: UpcomingInvoiceProps) {
  const rows: Row[] = [
    ...props.lines.map((line, i) => ({ key: `line-${i}`, ...line })),
    { key: 'subtotal', description: 'Subtotal', amount: props.subtotal },
    ...(props.discount ? [{ key: 'discount', description: 'Discount', amount: -props.discount }] : []),
    ...(props.tax ? [{ key: 'tax', description: 'Sales tax', amount: props.tax }] : []),
    ...(props.startingBalance
      ? [
          {
            key: 'balance',
            description: props.startingBalance < 0 ? 'Account credit' : 'Balance from earlier invoices',
            amount: props.startingBalance,
          },
        ]
      : []),
    { key: 'due', description: 'Amount due', amount: props.amountDue, total: true },
  ];
  return (
    <div className="upcoming-invoice">
      <p>
        <a href={PAGE_PATH}>Back to Plan Management</a>
      </p>
      <div className="card" data-dialog-content="">
        <SummaryList
          rows={[
            {
              label: 'Membership',
              value: `${props.membership.seatBased ? 'Seat-based membership' : 'Membership'}, paid ${props.membership.interval === 'year' ? 'yearly' : 'monthly'}`,
            },
            { label: 'Profiles', value: props.membership.providers.join(', ') },
            { label: 'Charged on', value: props.dueOn ? formatDay(props.dueOn) : '' },
          ]}
        />
        <DataTable
          caption="Invoice lines and totals"
          className="invoice-lines"
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { heading: 'Item', cell: (row) => (row.total ? <strong>{row.description}</strong> : row.description) },
            {
              heading: 'Amount',
              cell: (row) => (row.total ? <strong>{formatMoney(row.amount)}</strong> : formatMoney(row.amount)),
            },
          ]}
        />
      </div>
    </div>
  );
}
