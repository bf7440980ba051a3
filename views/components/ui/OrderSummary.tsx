// What is paid, as a receipt reads: one line per item with its amount on the right, and the total last, in
// bold, under a rule. A plain two-column table at every width (it never stacks into cards on a phone, so
// "Total due today" stays a line, not a card of its own).
import { formatMoney } from '../format';

export interface OrderLine {
  description: string;
  /** In cents; a discount is negative. */
  amount: number;
}

export function OrderSummary({
  caption,
  lines,
  total,
  after = [],
}: {
  caption: string;
  lines: OrderLine[];
  total: OrderLine;
  /** Lines under the total (a credit kept for later invoices). */
  after?: OrderLine[];
}) {
  return (
    <table className="order-summary">
      <caption>{caption}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.description}>
            <th scope="row">{line.description}</th>
            <td>{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="order-summary__total">
          <th scope="row">{total.description}</th>
          <td>{formatMoney(total.amount)}</td>
        </tr>
        {after.map((line) => (
          <tr key={line.description}>
            <th scope="row">{line.description}</th>
            <td>{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
