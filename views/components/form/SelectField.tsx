// A labelled select: either `options` after a "choose" first option, or option elements as children.
// A saved value missing from the options (a year that has left the list) stays shown rather than lost.
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, describedBy } from './Field';

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  id,
  name,
  label,
  hint,
  value,
  options,
  placeholder,
  error,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value'> & {
  id?: string;
  name: string;
  label: string;
  hint?: string;
  value?: string;
  options?: (SelectOption | string)[];
  placeholder?: string;
  error?: string | undefined;
  children?: ReactNode;
}) {
  const fieldId = id ?? name;
  const choices = (options ?? []).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const lost = value && options && !choices.some((o) => o.value === value);
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <select
        id={fieldId}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { hint, error })}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {lost && <option value={value}>{value}</option>}
        {children}
      </select>
    </Field>
  );
}
