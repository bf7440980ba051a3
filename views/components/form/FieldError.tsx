// The message under a field, tied to it by `${id}-error` (aria-describedby).
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null;
}
