// A labelled input with its hint and its error message next to it (the form round trip of STYLE.md).
import type { InputHTMLAttributes } from 'react';
import { Field, describedBy } from './Field';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function FormField({ name, label, error, hint, id = name, ...input }: FormFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...input}
      />
    </Field>
  );
}
