// What a list says when it has nothing yet, and the one thing to do about it.
import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <div className="hint">{children}</div>}
      {action && <div className="actions">{action}</div>}
    </div>
  );
}
