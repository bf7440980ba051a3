// A list of tags as checkboxes in a fieldset, chosen ones first and in columns: works without JavaScript;
// the message sits under the legend.
import { FieldError } from './form/FieldError';
export interface TagOptionView {
  id: number;
  name: string;
}

export interface TagCheckboxesProps {
  name: string;
  legend: string;
  hint?: string;
  options: TagOptionView[];
  selected: number[];
  error?: string;
  /** Chosen options that are not shown (filtered out): kept as hidden fields so they stay chosen. */
  hiddenSelected?: number[];
}

export function TagCheckboxes({ name, legend, hint, options, selected, error, hiddenSelected }: TagCheckboxesProps) {
  const chosen = new Set(selected);
  // Long lists (specialties, insurances) show what is chosen first, then the rest in their order, in columns.
  const ordered = [...options.filter((o) => chosen.has(o.id)), ...options.filter((o) => !chosen.has(o.id))];
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={error ? 'checklist field--error' : 'checklist'}
      aria-describedby={describedBy}
      id={`${name}-fieldset`}
    >
      <legend>{legend}</legend>
      {hint && (
        <p className="hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={name} error={error} target={ordered[0] && `${name}-${ordered[0].id}`} />
      <ul className="checklist__options">
        {ordered.map((option) => (
          <li key={option.id} className="field--check">
            <input
              type="checkbox"
              id={`${name}-${option.id}`}
              name={name}
              value={option.id}
              defaultChecked={chosen.has(option.id)}
            />
            <label htmlFor={`${name}-${option.id}`}>{option.name}</label>
          </li>
        ))}
      </ul>
      {hiddenSelected?.map((id) => (
        <input key={id} type="hidden" name={name} value={id} />
      ))}
    </fieldset>
  );
}
