// Small labelled controls used by the therapy group and practice provider forms (FormField covers inputs).
import type { ReactNode } from 'react';

const describedBy = (id: string, hint?: string, error?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextAreaField({ name, label, value, error, hint, rows = 4 }: { name: string; label: string; value: string; error?: string; hint?: string; rows?: number }) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={name}>{label}</label>
      {hint && <p className="hint" id={`${name}-hint`}>{hint}</p>}
      <textarea id={name} name={name} rows={rows} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} />
      {error && <p className="field-error" id={`${name}-error`}>{error}</p>}
    </div>
  );
}

export function SelectField({ name, label, value, error, hint, options, placeholder }: {
  name: string; label: string; value: string; error?: string; hint?: string; options: { value: string; label: string }[]; placeholder: string;
}) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={name}>{label}</label>
      {hint && <p className="hint" id={`${name}-hint`}>{hint}</p>}
      <select id={name} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)}>
        <option value="">{placeholder}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error && <p className="field-error" id={`${name}-error`}>{error}</p>}
    </div>
  );
}

export function RadioGroup({ name, legend, value, options, error }: { name: string; legend: string; value: string; options: { value: string; label: string }[]; error?: string }) {
  return (
    <fieldset className={error ? 'choice field--error' : 'choice'} aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <div className="field field--check" key={o.value}>
          <input type="radio" id={`${name}-${o.value}`} name={name} value={o.value} defaultChecked={value === o.value} />
          <label htmlFor={`${name}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      {error && <p className="field-error" id={`${name}-error`}>{error}</p>}
    </fieldset>
  );
}

export function FileField({ name, label, error, hint, children }: { name: string; label: string; error?: string; hint?: string; children?: ReactNode }) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={name}>{label}</label>
      {hint && <p className="hint" id={`${name}-hint`}>{hint}</p>}
      {children}
      <input type="file" id={name} name={name} accept="image/*" aria-invalid={error ? true : undefined} aria-describedby={describedBy(name, hint, error)} />
      {error && <p className="field-error" id={`${name}-error`}>{error}</p>}
    </div>
  );
}
