import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { type FormEvent, type ReactNode, useId } from "react";
import "./FormDialog.css";
import { AppDialog } from "./AppDialog";

interface Props {
  visible: boolean;
  title: string;
  submitLabel: string;
  /** Disables the submit button (the form is invalid). */
  submitDisabled?: boolean;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form (new / edit): at most 600px wide and never wider than a phone's screen,
 * キャンセル and the submit button in the footer, Enter submits when the form is valid.
 */
export function FormDialog({
  visible,
  title,
  submitLabel,
  submitDisabled = false,
  busy = false,
  onCancel,
  onSubmit,
  children,
}: Props) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitDisabled && !busy) onSubmit();
  };
  return (
    <AppDialog
      title={title}
      visible={visible}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} disabled={busy} />
          <Button
            type="submit"
            form={formId}
            label={submitLabel}
            icon="pi pi-check"
            disabled={submitDisabled}
            loading={busy}
          />
        </div>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={submit} noValidate>
        {children}
      </form>
    </AppDialog>
  );
}
