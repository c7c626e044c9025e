import { InputText } from "primereact/inputtext";
import { Password } from "primereact/password";
import { useId } from "react";
import { FieldMessage } from "./FieldMessage";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | undefined;
  /** Marks the field invalid without a message under it (the form lists messages elsewhere). */
  invalid?: boolean;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  name?: string;
  hint?: string;
  disabled?: boolean;
  /** Keeps a line free under the field so a message appearing on blur does not move what is below. */
  reserveMessageLine?: boolean;
  /** Keyboard hint for phones ("numeric" shows the number pad). */
  inputMode?: "text" | "numeric" | "decimal";
  /** Allowed characters (with inputMode="numeric", "[0-9]*" makes iOS show the digit pad). */
  pattern?: string;
}

/** A labelled text input with its validation message, in PrimeReact's look. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  invalid = Boolean(error),
  type = "text",
  autoComplete,
  name,
  hint,
  disabled,
  reserveMessageLine = false,
  inputMode,
  pattern,
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const describedBy = error || hint ? messageId : undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {type === "password" ? (
        <Password
          inputId={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          feedback={false}
          toggleMask
          autoComplete={autoComplete}
          invalid={invalid}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="form-input"
          inputClassName="form-input"
        />
      ) : (
        <InputText
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          pattern={pattern}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          invalid={invalid}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="form-input"
        />
      )}
      <FieldMessage id={messageId} error={error} hint={hint} reserveLine={reserveMessageLine} />
    </div>
  );
}
