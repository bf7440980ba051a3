// A notification banner inside a page: what happened or what to know, and what to do next.
import type { ReactNode } from 'react';
import type { Tone } from './Tag';

export function Notice({
  tone = 'info',
  title,
  children,
}: {
  tone?: Exclude<Tone, 'neutral'>;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`notice-banner notice-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="notice-banner__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
