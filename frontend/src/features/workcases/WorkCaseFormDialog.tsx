import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useRef, useState } from "react";
import { FormDialog } from "../../components/FormDialog";
import { fieldSetter } from "../../components/form/formBinding";
import { NoteField } from "../../components/form/NoteField";
import { PeriodFields } from "../../components/form/PeriodFields";
import { TextField } from "../../components/form/TextField";
import { useTouched } from "../../components/form/useTouched";
import { showAlert } from "../../lib/feedback";
import { CaseStatusFields } from "./CaseStatusFields";
import type { WorkCaseFormValues } from "./workCaseForm";
import { validateWorkCase } from "./workCaseValidation";

interface Props {
  visible: boolean;
  mode: "create" | "edit";
  initial: WorkCaseFormValues;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: WorkCaseFormValues) => void;
}

type Field = "title" | "start" | "end" | "note" | "holdUntil";

/**
 * 新規登録 / 編集 of a work case (spec §2, §5). Messages show once a field was visited; a start
 * later than the end shows inline at once and as an in-app alert when the user leaves the dates or
 * submits, and the confirm button stays disabled while anything is invalid or a date is missing.
 */
export function WorkCaseFormDialog({ visible, mode, initial, busy, onCancel, onSubmit }: Props) {
  const t = ja.workcases;
  const [values, setValues] = useState(initial);
  const { touch, isTouched, reset } = useTouched<Field>();
  const alerted = useRef<string | null>(null);
  // Cancel or closing resets the form (spec §4): every opening starts from `initial`.
  useEffect(() => {
    if (visible) {
      setValues(initial);
      reset();
      alerted.current = null;
    }
  }, [visible, initial, reset]);

  const errors = validateWorkCase(values);

  // The range alert comes when the user acts, never while typing (issue 21): when focus leaves both
  // date fields (and no picker is open) with start after end, once per bad range, and on every
  // submit attempt. The inline message under the fields shows at once.
  const rangeKey = errors.range ? `${values.start?.getTime()}-${values.end?.getTime()}` : null;
  const [rangeChecks, setRangeChecks] = useState(0);
  const handledChecks = useRef(0);
  useEffect(() => {
    if (rangeChecks === handledChecks.current) return;
    handledChecks.current = rangeChecks;
    if (!visible || !rangeKey || alerted.current === rangeKey) return;
    alerted.current = rangeKey;
    void showAlert(ja.validation.startAfterEnd, { title: ja.feedback.checkTitle });
  }, [visible, rangeChecks, rangeKey]);
  // "On the dates" = focus in either date field or in a picker (attached to the body; PrimeReact may
  // move focus into it). Leaving = focus arriving anywhere else (another field, a button).
  const periodRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!visible) return;
    let onDates = false;
    const onFocusIn = (event: globalThis.FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target && (periodRef.current?.contains(target) || target.closest(".p-datepicker"))) {
        onDates = true;
      } else if (onDates) {
        onDates = false;
        setRangeChecks((n) => n + 1);
      }
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [visible]);

  const set = fieldSetter(setValues);
  // The period and the note wire to the form alike (components/form/formBinding.ts).
  const form = { values, set, errors, isTouched, touch };

  return (
    <FormDialog
      visible={visible}
      title={mode === "create" ? t.dialogCreate : t.dialogEdit}
      submitLabel={mode === "create" ? t.submitCreate : t.submitEdit}
      submitDisabled={Object.keys(errors).length > 0}
      busy={busy}
      onCancel={onCancel}
      onSubmit={() => onSubmit(values)}
      onBlockedSubmit={() => {
        // Enter on a reversed period: the alert again, even for a range already alerted.
        if (!errors.range) return;
        alerted.current = null;
        setRangeChecks((n) => n + 1);
      }}
    >
      <TextField
        label={t.caseTitle}
        value={values.title}
        onChange={set("title")}
        onBlur={() => touch("title")}
        error={isTouched("title") ? errors.title : undefined}
      />
      <div className="period-group" ref={periodRef}>
        <PeriodFields labels={{ start: t.startDate, end: t.endDate }} form={form} />
      </div>
      {mode === "create" ? (
        <CaseStatusFields
          status={values.status ?? "confirmed"}
          holdUntil={values.holdUntil ?? null}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          error={isTouched("holdUntil") ? errors.holdUntil : undefined}
          onBlur={() => touch("holdUntil")}
        />
      ) : null}
      <NoteField label={t.note} form={form} />
    </FormDialog>
  );
}
