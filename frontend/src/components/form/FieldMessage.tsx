/**
 * The line under a form field: its error, else its hint, else (when the form keeps its layout still) an
 * empty line of the same height. Plain markup, so the light login screen and the PrimeReact fields share it.
 */
export function FieldMessage({
  id,
  error,
  hint,
  reserveLine = false,
}: {
  /** The id the field's aria-describedby names. */
  id: string;
  error?: string;
  hint?: string;
  reserveLine?: boolean;
}) {
  if (error)
    return (
      <small id={id} className="form-error">
        {error}
      </small>
    );
  if (hint)
    return (
      <small id={id} className="form-hint">
        {hint}
      </small>
    );
  if (!reserveLine) return null;
  return (
    <small className="form-hint" aria-hidden="true">
      {"\u00a0"}
    </small>
  );
}
