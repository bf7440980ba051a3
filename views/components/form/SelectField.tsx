// A labelled select with a "choose" first option and its error message.
import { FieldError } from './FieldError';

export function SelectField({ id, name, label, value, options, placeholder, error }: {
  id: string; name: string; label: string; value: string; options: { value: string; label: string }[]; placeholder: string; error?: string | undefined;
}) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
