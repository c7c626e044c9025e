import { ja } from "@zaiko/common/messages/ja";
import { RadioButton } from "primereact/radiobutton";
import { useId } from "react";
import { DateTimeField } from "../../components/form/DateTimeField";

const L = ja.lifecycle;

interface Props {
  status: "confirmed" | "tentative";
  holdUntil: Date | null;
  onChange: (patch: { status?: "confirmed" | "tentative"; holdUntil?: Date | null }) => void;
  error?: string | undefined;
  onBlur: () => void;
}

/**
 * 状態 (本予約 / 仮押さえ) and, for 仮押さえ, its deadline: the create form's lifecycle fields. The radios use the
 * sign-up role radios' rows (styles.css `.role-option`), which give a phone a full-height tap target.
 */
export function CaseStatusFields({ status, holdUntil, onChange, error, onBlur }: Props) {
  const id = useId();
  return (
    <fieldset className="form-field role-fieldset">
      <legend>{L.status}</legend>
      <div className="role-options">
        {(["confirmed", "tentative"] as const).map((value) => (
          <div key={value} className="role-option">
            <RadioButton
              inputId={`${id}-${value}`}
              name={`${id}-status`}
              value={value}
              checked={status === value}
              onChange={() => onChange({ status: value })}
            />
            <label htmlFor={`${id}-${value}`}>{L[value]}</label>
          </div>
        ))}
      </div>
      {status === "tentative" ? (
        <DateTimeField
          label={L.holdUntil}
          value={holdUntil}
          onChange={(v) => onChange({ holdUntil: v })}
          onBlur={onBlur}
          error={error}
        />
      ) : null}
    </fieldset>
  );
}
