// A labelled text area. With maxLength it shows how many characters are left, counted by the server on
// each render and kept current in the browser by the portal script (data-char-count).
import type { TextareaHTMLAttributes } from 'react';
import { Field, describedBy } from './Field';

export function TextAreaField({
  name,
  id = name,
  label,
  hint,
  error,
  value,
  rows = 4,
  maxLength,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  name: string;
  id?: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value?: string;
}) {
  const left = maxLength === undefined ? undefined : maxLength - (value ?? '').length;
  const counter =
    left === undefined ? undefined : (
      <>
        <span id={`${id}-left`}>{left}</span> characters left
      </>
    );
  return (
    <Field id={id} label={label} hint={hint} error={error} counter={counter}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={value}
        maxLength={maxLength}
        data-char-count={left === undefined ? undefined : `${id}-left`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error, counted: left !== undefined })}
        {...rest}
      />
    </Field>
  );
}
