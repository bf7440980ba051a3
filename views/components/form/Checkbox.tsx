// A checkbox with its label after it; `checked` is the starting state (the form round trip keeps what was posted).
import type { InputHTMLAttributes, ReactNode } from 'react';

export function Checkbox({
  id,
  name,
  label,
  checked,
  value = '1',
  ...rest
}: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  value?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field field--check">
      <input type="checkbox" id={id} name={name} value={value} defaultChecked={checked} {...rest} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
