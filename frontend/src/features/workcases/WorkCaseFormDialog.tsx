import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useEffect, useId, useRef, useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { PeriodFields } from "../../components/form/PeriodFields";
import { TextField } from "../../components/form/TextField";
import { validateWorkCase, type WorkCaseFormValues } from "./workCaseForm";

interface Props {
  visible: boolean;
  mode: "create" | "edit";
  initial: WorkCaseFormValues;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: WorkCaseFormValues) => void;
}

type Field = "title" | "start" | "end";

/**
 * 新規登録 / 編集 of a work case (spec §2, §5). Messages show once a field was visited; a start
 * later than the end shows inline and as an alert (once per bad range), and the confirm button
 * stays disabled while anything is invalid or a date is missing.
 */
export function WorkCaseFormDialog({ visible, mode, initial, busy, onCancel, onSubmit }: Props) {
  const t = ja.workcases;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const noteId = useId();
  // Cancel or closing resets the form (spec §4): every opening starts from `initial`.
  useEffect(() => {
    if (visible) {
      setValues(initial);
      setTouched({});
    }
  }, [visible, initial]);

  const errors = validateWorkCase(values);
  const touch = (field: Field) => setTouched((prev) => ({ ...prev, [field]: true }));

  // The alert fires when the range becomes invalid, not on every render while it stays so.
  const alerted = useRef<string | null>(null);
  const rangeKey = errors.range ? `${values.start?.getTime()}-${values.end?.getTime()}` : null;
  useEffect(() => {
    if (!visible || !rangeKey) {
      alerted.current = null;
      return;
    }
    if (alerted.current === rangeKey) return;
    alerted.current = rangeKey;
    window.alert(ja.validation.startAfterEnd);
  }, [visible, rangeKey]);

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
          if (!invalid && !busy) onSubmit(values);
        }}
      >
        <TextField
          label={t.caseTitle}
          value={values.title}
          onChange={(title) => setValues((v) => ({ ...v, title }))}
          onBlur={() => touch("title")}
          error={touched.title ? errors.title : undefined}
        />
        <PeriodFields
          labels={{ start: t.startDate, end: t.endDate }}
          start={values.start}
          end={values.end}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          errors={errors}
          touched={touched}
          touch={touch}
        />
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
