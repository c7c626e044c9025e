import { periodBody } from "../../components/form/periodForm";
import type { WorkCaseDto } from "../../lib/allocation";
import { isoFromWallClock, wallClockOf } from "../../lib/dateTime";

/** The work case form's values (spec §4: create starts empty, dates null); dates are wall-clock Dates. */
export interface WorkCaseFormValues {
  title: string;
  start: Date | null;
  end: Date | null;
  note: string;
  /** Create only (docs/lifecycle.md): 本予約 by default, or 仮押さえ with a deadline. */
  status?: "confirmed" | "tentative";
  holdUntil?: Date | null;
}

export const emptyWorkCaseForm: WorkCaseFormValues = {
  title: "",
  start: null,
  end: null,
  note: "",
  status: "confirmed",
  holdUntil: null,
};

/** The edit form of a case: its dates in the business zone. */
export const workCaseFormOf = (c: WorkCaseDto): WorkCaseFormValues => ({
  title: c.title,
  start: wallClockOf(c.start_date),
  end: wallClockOf(c.end_date),
  note: c.note ?? "",
});

/** What the form sends (POST / PUT body without the group): ISO timestamps with the business offset. */
export function workCaseBody(values: WorkCaseFormValues) {
  return {
    title: values.title.trim(),
    ...periodBody(values),
    note: values.note,
  };
}

/** The create body's lifecycle part: 仮押さえ with its deadline, or nothing (本予約, the server's default). */
export function holdBody(values: WorkCaseFormValues) {
  return values.status === "tentative" && values.holdUntil
    ? { status: "tentative" as const, hold_until: isoFromWallClock(values.holdUntil) }
    : {};
}
