import { ja } from "@zaiko/common/messages/ja";
import { useMemo } from "react";
import { businessNow } from "../../lib/dateTime";
import { DateTimeField } from "./DateTimeField";

type PeriodField = "start" | "end";

/** Per-field messages plus `range` for start after end (shown once, under both fields). */
export interface PeriodMessages {
  start?: string;
  end?: string;
  range?: string;
}

/**
 * The period's messages from a common schema's `start_date` / `end_date` errors: the schemas put the
 * start-after-end issue on start_date (as the server answers it), the form shows it under both fields.
 */
export function periodMessages(errors: { start_date?: string; end_date?: string }): PeriodMessages {
  const messages: PeriodMessages = {};
  if (errors.start_date === ja.validation.startAfterEnd) messages.range = errors.start_date;
  else if (errors.start_date) messages.start = errors.start_date;
  if (errors.end_date) messages.end = errors.end_date;
  return messages;
}

interface Props {
  labels: { start: string; end: string };
  /** Wall-clock Dates (lib/dateTime.ts): the business zone's time, whatever the device's zone. */
  start: Date | null;
  end: Date | null;
  onChange: (field: PeriodField, value: Date | null) => void;
  errors: PeriodMessages;
  /** The form's touched fields (useTouched). */
  isTouched: (field: PeriodField) => boolean;
  touch: (field: PeriodField) => void;
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
export function PeriodFields({ labels, start, end, onChange, errors, isTouched, touch }: Props) {
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
        onChange(name, next);
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
