import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useEffect, useId, useRef, useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { PeriodFields } from "../../components/form/PeriodFields";
import { TextField } from "../../components/form/TextField";
import { showAlert } from "../../lib/feedback";
import { CaseStatusFields } from "./CaseStatusFields";
import { validateWorkCase, type WorkCaseFormValues } from "./workCaseForm";

interface Props {
  visible: boolean;
  mode: "create" | "edit";
  initial: WorkCaseFormValues;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: WorkCaseFormValues) => void;
}

type Field = "title" | "start" | "end" | "holdUntil";

/**
 * 新規登録 / 編集 of a work case (spec §2, §5). Messages show once a field was visited; a start
 * later than the end shows inline at once and as an in-app alert when the user leaves the dates or
 * submits, and the confirm button stays disabled while anything is invalid or a date is missing.
 */
export function WorkCaseFormDialog({ visible, mode, initial, busy, onCancel, onSubmit }: Props) {
  const t = ja.workcases;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const alerted = useRef<string | null>(null);
  const noteId = useId();
  // Cancel or closing resets the form (spec §4): every opening starts from `initial`.
  useEffect(() => {
    if (visible) {
      setValues(initial);
      setTouched({});
      alerted.current = null;
    }
  }, [visible, initial]);

  const errors = validateWorkCase(values);
  const touch = (field: Field) => setTouched((prev) => ({ ...prev, [field]: true }));

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
  const checkRange = (force = false) => {
    if (force) alerted.current = null;
    setRangeChecks((n) => n + 1);
  };
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

  const invalid = Object.keys(errors).length > 0;
  return (
    <AppDialog
      title={mode === "create" ? t.dialogCreate : t.dialogEdit}
      visible={visible}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} disabled={busy} />
          <Button
            type="button"
            label={mode === "create" ? t.submitCreate : t.submitEdit}
            disabled={invalid}
            loading={busy}
            onClick={() => onSubmit(values)}
          />
        </div>
      }
    >
      <form
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (errors.range) checkRange(true);
          else if (!invalid && !busy) onSubmit(values);
        }}
      >
        <TextField
          label={t.caseTitle}
          value={values.title}
          onChange={(title) => setValues((v) => ({ ...v, title }))}
          onBlur={() => touch("title")}
          error={touched.title ? errors.title : undefined}
        />
        <div className="period-group" ref={periodRef}>
          <PeriodFields
            labels={{ start: t.startDate, end: t.endDate }}
            start={values.start}
            end={values.end}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
            errors={errors}
            touched={touched}
            touch={touch}
          />
        </div>
        {mode === "create" ? (
          <CaseStatusFields
            status={values.status ?? "confirmed"}
            holdUntil={values.holdUntil ?? null}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            error={touched.holdUntil ? errors.holdUntil : undefined}
            onBlur={() => touch("holdUntil")}
          />
        ) : null}
        <div className="form-field">
          <label htmlFor={noteId}>{t.note}</label>
          <InputText
            id={noteId}
            value={values.note}
            onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
            className="form-input"
          />
        </div>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </AppDialog>
  );
}
