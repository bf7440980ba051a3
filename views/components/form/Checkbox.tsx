// A checkbox with its label after it; `checked` is the starting state (the form round trip keeps what was posted).
import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError } from './FieldError';

export function Checkbox({
  id,
  name,
  label,
  checked,
  value = '1',
  error,
  ...rest
}: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  value?: string;
  error?: string | undefined;
} & InputHTMLAttributes<HTMLInputElement>) {
  const box = (
    <div className="field field--check">
      <input
        type="checkbox"
        id={id}
        name={name}
        value={value}
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
  if (!error) return box;
  return (
    <div className="field--error">
      <FieldError id={id} error={error} />
      {box}
    </div>
  );
}
