import { ja } from "@zaiko/common/messages/ja";
import { WorkCaseWriteSchema } from "@zaiko/common/workcases/workcases.schema";
import { type PeriodMessages, periodFormMessages } from "../../components/form/periodForm";
import { type WorkCaseFormValues, workCaseBody } from "./workCaseForm";

// Apart from workCaseForm.ts, which the list screen imports: the schema (and zod) load with the form dialog.

export type WorkCaseFormErrors = PeriodMessages & { title?: string; note?: string; holdUntil?: string };

/** The form's messages: the server's own schema (spec §5 texts) run on the body the form would send. */
export function validateWorkCase(values: WorkCaseFormValues): WorkCaseFormErrors {
  const messages: WorkCaseFormErrors = periodFormMessages(WorkCaseWriteSchema, workCaseBody(values), {
    title: "title",
    note: "note",
  });
  if (values.status === "tentative" && !values.holdUntil) messages.holdUntil = ja.lifecycle.holdUntilRequired;
  return messages;
}
