// A card: a titled section, with optional actions beside its heading (Edit, Dismiss) and an optional footer
// row for its actions, aligned along the bottom.
import type { ReactNode } from 'react';

export function Card({
  id,
  title,
  actions,
  footer,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const heading = <h2 id={`${id}-heading`}>{title}</h2>;
  return (
    <section className="card card--with-footer" aria-labelledby={`${id}-heading`} id={id}>
      {actions ? (
        <div className="card-header">
          {heading}
          <div className="card-header__actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      <div className="card__body">{children}</div>
      {footer && <div className="card__footer">{footer}</div>}
    </section>
  );
}
