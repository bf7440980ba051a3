// A row's actions ([21] "Row actions"): at most one visible action, the others in a "More" menu. The menu
// is a <details>, so it opens without JavaScript; a dangerous action goes last, set apart, and asks first
// (data-confirm with JavaScript, the route's confirmation page without).
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon } from '../Icon';

export function RowActions({ name, primary, children }: { name: string; primary?: ReactNode; children: ReactNode }) {
  return (
    <div className="row-actions">
      {primary}
      <details className="row-menu">
        <summary className="button button--secondary">
          More<span className="visually-hidden">{` actions for ${name}`}</span>
          <Icon name="chevron-down" />
        </summary>
        <div className="row-menu__items">{children}</div>
      </details>
    </div>
  );
}

/** One action of a row's menu: a submit button of the form around the row (formAction, name and value pick it). */
export function RowMenuButton({
  danger = false,
  children,
  ...rest
}: { danger?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" className={danger ? 'row-menu__item row-menu__item--danger' : 'row-menu__item'} {...rest}>
      {children}
    </button>
  );
}
