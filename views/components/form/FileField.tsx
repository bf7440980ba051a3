// A labelled picture chooser; children show what is there now (the current image).
import type { ReactNode } from 'react';
import { Field, describedBy } from './Field';

export function FileField({
  name,
  id = name,
  label,
  error,
  hint,
  accept = 'image/*',
  children,
}: {
  name: string;
  id?: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  accept?: string;
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {children}
      <input
        type="file"
        id={id}
        name={name}
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
    </Field>
  );
}
