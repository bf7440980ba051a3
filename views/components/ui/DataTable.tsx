// A table of records that becomes one card per row under 640 px: each cell then shows its column's name
// (data-label), so nothing scrolls sideways on a phone. A column without a heading (row actions) gets a
// hidden one for screen readers.
import type { ReactNode } from 'react';

export interface Column<Row> {
  heading: string;
  hidden?: boolean;
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  density,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  className?: string;
  /** Compact: less padding in every cell, for long tables of records. */
  density?: 'compact';
}) {
  const classes = ['stack-table', density === 'compact' && 'data-table--compact', className].filter(Boolean);
  return (
    <table className={classes.join(' ')}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.heading}>
              {c.hidden ? <span className="visually-hidden">{c.heading}</span> : c.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.heading} data-label={c.hidden ? undefined : c.heading}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
