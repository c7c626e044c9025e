import { minutesFromHours } from "@zaiko/common/catalogue/turnaroundHours";
import { ja } from "@zaiko/common/messages/ja";
import { TextField } from "./TextField";

/** The two hour fields of a turnaround (点検・準備時間) as typed: "" is none (an item: its category's). */
export interface TurnaroundHours {
  after: string;
  before: string;
}

interface Props {
  value: TurnaroundHours;
  onChange: (value: TurnaroundHours) => void;
  /** What the fields mean on this form (the category's default, or an item's own). */
  help: string;
  /** Whether an empty field is allowed (an item's: follows its category). */
  allowEmpty: boolean;
}

/** The message of one hour field, if it is not a turnaround the server takes. */
export function turnaroundError(text: string, allowEmpty: boolean): string | undefined {
  const minutes = minutesFromHours(text);
  if (minutes === "invalid" || (minutes === null && !allowEmpty)) return ja.turnaround.invalid;
  return undefined;
}

/**
 * 点検・準備時間 of a category or an item: hours after each booking's end (checking) and before its start
 * (preparing) in which its units are not available to other cases, in 0.5 h steps (docs/availability.md).
 */
export function TurnaroundFields({ value, onChange, help, allowEmpty }: Props) {
  return (
    <fieldset className="turnaround-fields">
      <legend>{ja.turnaround.title}</legend>
      <p className="form-hint">{help}</p>
      <div className="turnaround-fields-row">
        <TextField
          label={ja.turnaround.afterLabel}
          name="turnaround_after_hours"
          value={value.after}
          onChange={(after) => onChange({ ...value, after })}
          error={turnaroundError(value.after, allowEmpty)}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={ja.turnaround.beforeLabel}
          name="turnaround_before_hours"
          value={value.before}
          onChange={(before) => onChange({ ...value, before })}
          error={turnaroundError(value.before, allowEmpty)}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}
