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

/** 状態 (本予約 / 仮押さえ) and, for 仮押さえ, its deadline: the create form's lifecycle fields. */
export function CaseStatusFields({ status, holdUntil, onChange, error, onBlur }: Props) {
  const id = useId();
  return (
    <fieldset className="form-field case-status-fields">
      <legend>{L.status}</legend>
      <div className="case-status-options">
        {(["confirmed", "tentative"] as const).map((value) => (
          <span key={value} className="case-status-option">
            <RadioButton
              inputId={`${id}-${value}`}
              name={`${id}-status`}
              value={value}
              checked={status === value}
              onChange={() => onChange({ status: value })}
            />
            <label htmlFor={`${id}-${value}`}>{L[value]}</label>
          </span>
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
