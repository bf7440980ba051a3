// A fieldset of radios (one choice) or checkboxes (any), with its legend and one error message.
import type { ReactNode } from 'react';
import { Checkbox } from './Checkbox';
import { describedBy } from './Field';
import { FieldError } from './FieldError';

export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

function Group({
  idPrefix,
  firstId,
  legend,
  hint,
  error,
  className,
  children,
}: {
  idPrefix: string;
  /** The first choice's id: the error summary's link goes there. */
  firstId: string | undefined;
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={error ? 'fieldset field--error' : 'fieldset'}
      aria-describedby={describedBy(idPrefix, { hint, error })}
    >
      <legend>{legend}</legend>
      {hint && (
        <p className="hint" id={`${idPrefix}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={idPrefix} error={error} target={firstId} />
      {className ? <div className={className}>{children}</div> : children}
    </fieldset>
  );
}

/** One of the options, in a row (or one a line when `stacked`); an option's hint is shown in brackets after its label. */
export function RadioGroup({
  idPrefix,
  name,
  legend,
  hint,
  value,
  options,
  error,
  stacked = false,
}: {
  idPrefix: string;
  name: string;
  legend: string;
  hint?: string;
  value: string;
  options: Choice[];
  error?: string | undefined;
  stacked?: boolean;
}) {
  return (
    <Group
      idPrefix={idPrefix}
      firstId={options[0] && `${idPrefix}-${options[0].value}`}
      legend={legend}
      hint={hint}
      error={error}
      className={stacked ? 'choice-stack' : 'choice-row'}
    >
      {options.map((o) => (
        <div className="field field--check" key={o.value}>
          <input
            type="radio"
            id={`${idPrefix}-${o.value}`}
            name={name}
            value={o.value}
            defaultChecked={value === o.value}
          />
          <label htmlFor={`${idPrefix}-${o.value}`}>
            {o.label}
            {o.hint && <span className="hint-inline">{` (${o.hint})`}</span>}
          </label>
        </div>
      ))}
    </Group>
  );
}

/** Any of the options; each checkbox is named by its value and `nameSuffix`. */
export function CheckboxGroup({
  idPrefix,
  nameSuffix = '',
  legend,
  values,
  options,
  error,
}: {
  idPrefix: string;
  nameSuffix?: string;
  legend: string;
  values: Record<string, boolean>;
  options: Choice[];
  error?: string | undefined;
}) {
  return (
    <Group idPrefix={idPrefix} firstId={options[0] && `${idPrefix}-${options[0].value}`} legend={legend} error={error}>
      {options.map((o) => (
        <Checkbox
          key={o.value}
          id={`${idPrefix}-${o.value}`}
          name={o.value + nameSuffix}
          label={o.label}
          checked={Boolean(values[o.value])}
        />
      ))}
    </Group>
  );
}
