import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { useId, useState } from "react";
import "./plain.css";
import { FieldMessage } from "../form/FieldMessage";
import { EyeIcon, EyeSlashIcon } from "../icons/InlineIcons";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | undefined;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  name?: string;
  /** Keeps a line free under the field so a message appearing on blur does not move what is below. */
  reserveMessageLine?: boolean;
}

/**
 * components/form/TextField's look and behaviour (a password with a show/hide eye) with PrimeReact's
 * classes but none of its JavaScript, for the login form, which is on the first screen (PlainButton says
 * why). The eye is a real button with a Japanese name, where PrimeReact's is an svg named "Show Password".
 */
export function PlainTextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = "text",
  autoComplete,
  name,
  reserveMessageLine = false,
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const [shown, setShown] = useState(false);
  const invalid = Boolean(error);
  const input = (
    <input
      id={id}
      name={name}
      type={type === "password" && shown ? "text" : type}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      autoComplete={autoComplete}
      aria-invalid={invalid || undefined}
      aria-describedby={error ? messageId : undefined}
      className={`form-input p-inputtext p-component${type === "password" ? " p-password-input" : ""}${invalid ? " p-invalid" : ""}`}
    />
  );
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {type === "password" ? (
        <div className="form-input p-password p-component p-inputwrapper p-input-icon-right">
          <div className="p-icon-field p-icon-field-right">
            {input}
            <span className="p-input-icon">
              <button
                type="button"
                className="plain-password-toggle"
                aria-label={ja.login.showPassword}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
              >
                {shown ? <EyeSlashIcon /> : <EyeIcon />}
              </button>
            </span>
          </div>
        </div>
      ) : (
        input
      )}
      <FieldMessage id={messageId} error={error} reserveLine={reserveMessageLine} />
    </div>
  );
}
