import { DateTimeField } from "./DateTimeField";

type PeriodField = "start" | "end";

interface Props {
  labels: { start: string; end: string };
  start: Date | null;
  end: Date | null;
  onChange: (field: PeriodField, value: Date | null) => void;
  /** Per-field messages plus `range` for start after end (shown once, under both fields). */
  errors: { start?: string; end?: string; range?: string };
  touched: { start?: boolean; end?: boolean };
  touch: (field: PeriodField) => void;
}

/**
 * Start and end date-time pickers with the spec's rules: a field's own message after it was touched, and
 * the start-after-end message under both, marking both invalid. Shared by the case and order item forms.
 */
export function PeriodFields({ labels, start, end, onChange, errors, touched, touch }: Props) {
  const field = (name: PeriodField, value: Date | null) => (
    <DateTimeField
      label={labels[name]}
      value={value}
      onChange={(next) => {
        touch(name);
        onChange(name, next);
      }}
      onBlur={() => touch(name)}
      error={touched[name] ? errors[name] : undefined}
      invalid={Boolean((touched[name] && errors[name]) || errors.range)}
    />
  );
  return (
    <>
      {field("start", start)}
      {field("end", end)}
      {errors.range ? (
        <small className="form-error" role="alert">
          {errors.range}
        </small>
      ) : null}
    </>
  );
}
