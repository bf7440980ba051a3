// The frame every labelled control shares: label, hint, the control, a counter and the error message,
// tied together by ids (`${id}-hint`, `${id}-count`, `${id}-error`) so a screen reader reads them with it.
import type { ReactNode } from 'react';
import { FieldError } from './FieldError';

export interface FieldFrame {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

export const describedBy = (
  id: string,
  { hint, error, counted }: { hint?: unknown; error?: unknown; counted?: boolean },
) => [hint && `${id}-hint`, counted && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function Field({
  id,
  label,
  hint,
  error,
  counter,
  children,
}: FieldFrame & { counter?: ReactNode; children: ReactNode }) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
      {children}
      {counter && (
        <p className="word-count" id={`${id}-count`}>
          {counter}
        </p>
      )}
    </div>
  );
}
