// The message under a field, tied to it by `${id}-error` (aria-describedby). A message of several lines
// (one per refused file) is shown as a list.
export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  const lines = error.split('\n');
  return lines.length === 1 ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : (
    <ul className="field-error" id={`${id}-error`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
