import { ja } from "@zaiko/common/messages/ja";
import { isoFromWallClock } from "../../lib/dateTime";
import { type FormSchema, fieldErrors } from "../../lib/validation";

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

/** A period form's dates as a body sends them: ISO timestamps with the business offset, null when empty. */
export function periodBody(values: { start: Date | null; end: Date | null }) {
  return {
    start_date: values.start ? isoFromWallClock(values.start) : null,
    end_date: values.end ? isoFromWallClock(values.end) : null,
  };
}

/**
 * A period form's messages: the common schema (the server's own rules and texts) run on the body the form
 * would send; the period's as periodMessages gives them, and each of `fields` (body field -> form field)
 * under the form's name for it.
 */
export function periodFormMessages<F extends string>(
  schema: FormSchema,
  body: object,
  fields: Record<string, F>,
): PeriodMessages & Partial<Record<F, string>> {
  const errors = fieldErrors<string>(schema, body);
  const named: Partial<Record<F, string>> = {};
  for (const [bodyField, formField] of Object.entries(fields)) {
    const message = errors[bodyField];
    if (message) named[formField] = message;
  }
  return { ...periodMessages(errors), ...named };
}
