// A notification banner inside a page: what happened or what to know, and what to do next.
import type { ReactNode } from 'react';
/** The banner's colours, one per kind of message. */
export type Tone = 'success' | 'warning' | 'error' | 'info';

export function Notice({ tone = 'info', title, children }: { tone?: Tone; title?: string; children: ReactNode }) {
  return (
    <div className={`notice-banner notice-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="notice-banner__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
