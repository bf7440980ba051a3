// Label and value rows (a read view): side by side on a wide screen, stacked on a phone.
import type { ReactNode } from 'react';

export function SummaryList({ rows }: { rows: { label: string; value: ReactNode; action?: ReactNode }[] }) {
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div className="summary-list__row" key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value === null || row.value === '' ? <span className="muted">Not given</span> : row.value}</dd>
          {row.action && <dd className="summary-list__action">{row.action}</dd>}
        </div>
      ))}
    </dl>
  );
}
