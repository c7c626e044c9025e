import type { FieldsBinding } from "./formBinding";
import { TextField } from "./TextField";

interface Props {
  label: string;
  /** The form's note: its value, and its message (too long) shown once the field was touched. */
  form: FieldsBinding<"note", string>;
}

/**
 * The free-text note of a case or an order item. Typing counts as touching it, so a note grown too long
 * says so while the user types, not only when they leave the field.
 */
export function NoteField({ label, form }: Props) {
  const { values, set, errors, isTouched, touch } = form;
  return (
    <TextField
      label={label}
      value={values.note}
      onChange={(note) => {
        set("note")(note);
        touch("note");
      }}
      onBlur={() => touch("note")}
      error={isTouched("note") ? errors.note : undefined}
    />
  );
}
