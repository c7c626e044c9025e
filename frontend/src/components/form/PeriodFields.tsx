import { useMemo } from "react";
import { businessNow } from "../../lib/dateTime";
import { DateTimeField } from "./DateTimeField";
import type { FieldsBinding } from "./formBinding";
import type { PeriodMessages } from "./periodForm";

type PeriodField = "start" | "end";

interface Props {
  labels: { start: string; end: string };
  /**
   * The form's period: its values are wall-clock Dates (lib/dateTime.ts), the business zone's time whatever
   * the device's zone; its messages are periodMessages'.
   */
  form: FieldsBinding<PeriodField, Date | null> & { errors: PeriodMessages };
}

/** Business hours: an empty start suggests 09:00, an empty end 18:00. */
const START_HOUR = 9;
const END_HOUR = 18;

/** `hour`:00 on the day of `day` (today in the business zone when null). */
function atHour(day: Date | null, hour: number): Date {
  const d = day ? new Date(day) : businessNow();
  d.setHours(hour, 0, 0, 0);
  return d;
}

/**
 * Start and end date-time fields with the spec's rules: a field's own message after it was touched, and
 * the start-after-end message under both, marking both invalid. An empty field's picker opens on the
 * other field's day (or today) at 09:00 for the start and 18:00 for the end. Shared by the case and order
 * item forms.
 */
export function PeriodFields({ labels, form }: Props) {
  const { values, set, errors, isTouched, touch } = form;
  const { start, end } = values;
  const startTime = start?.getTime();
  const endTime = end?.getTime();
  // Memoized by time: the picker treats a new Date object as a new place to show.
  const fallbacks = useMemo(
    () => ({
      start: atHour(endTime === undefined ? null : new Date(endTime), START_HOUR),
      end: atHour(startTime === undefined ? null : new Date(startTime), END_HOUR),
    }),
    [startTime, endTime],
  );
  const field = (name: PeriodField, value: Date | null) => (
    <DateTimeField
      label={labels[name]}
      value={value}
      fallback={fallbacks[name]}
      onChange={(next) => {
        touch(name);
        set(name)(next);
      }}
      onBlur={() => touch(name)}
      error={isTouched(name) ? errors[name] : undefined}
      invalid={Boolean((isTouched(name) && errors[name]) || errors.range)}
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
