import { ja } from "@zaiko/common/messages/ja";

const v = ja.validation;

/** The work case form's values (spec §4: create starts empty, dates null). */
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

export type WorkCaseFormErrors = Partial<Record<"title" | "start" | "end" | "range" | "holdUntil", string>>;

/** The spec's rules (§5): title, start and end required; start not later than end. */
export function validateWorkCase(values: WorkCaseFormValues): WorkCaseFormErrors {
  const errors: WorkCaseFormErrors = {};
  if (values.title.trim() === "") errors.title = v.workCaseTitleRequired;
  if (!values.start) errors.start = v.startRequired;
  if (!values.end) errors.end = v.endRequired;
  if (values.start && values.end && values.start.getTime() > values.end.getTime()) {
    errors.range = v.startAfterEnd;
  }
  if (values.status === "tentative" && !values.holdUntil) errors.holdUntil = ja.lifecycle.holdUntilRequired;
  return errors;
}
