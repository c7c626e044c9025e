import { ja } from "@zaiko/common/messages/ja";
import { RadioButton } from "primereact/radiobutton";
import { useId } from "react";
import { DateTimeField } from "../../components/form/DateTimeField";
import { businessNow } from "../../lib/dateTime";

const L = ja.lifecycle;

interface Props {
  status: "confirmed" | "tentative";
  holdUntil: Date | null;
  onChange: (patch: { status?: "confirmed" | "tentative"; holdUntil?: Date | null }) => void;
  error?: string | undefined;
  onBlur: () => void;
}

/** Days from today to a new hold's default deadline, and its time of day (docs/lifecycle.md, issue 36). */
export const DEFAULT_HOLD_DAYS = 7;
export const DEFAULT_HOLD_HOUR = 18;

/**
 * A new hold's default deadline: 7 days from today at 18:00 (business zone wall clock), the end of the
 * working day a week on, a common pencil-in window for rental quotes. Without a default the form's
 * 新規作成 stayed greyed out with no reason shown until the deadline field had been visited.
 */
export function defaultHoldUntil(today: Date = businessNow()): Date {
  return new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + DEFAULT_HOLD_DAYS,
    DEFAULT_HOLD_HOUR,
    0,
  );
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
              onChange={() =>
                onChange(
                  value === "tentative" && holdUntil === null
                    ? { status: value, holdUntil: defaultHoldUntil() }
                    : { status: value },
                )
              }
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
