import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { AppDialog } from "./AppDialog";

interface Props {
  visible: boolean;
  title: string;
  question: string;
  /** What is about to be deleted (an email, a title, related items…). */
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The delete confirmation every list uses: a question, the target, キャンセル and a red button. */
export function ConfirmDeleteDialog({
  visible,
  title,
  question,
  children,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: Props) {
  return (
    <AppDialog
      title={title}
      visible={visible}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} disabled={busy} />
          <Button
            type="button"
            label={confirmLabel}
            severity="danger"
            icon="pi pi-trash"
            onClick={onConfirm}
            loading={busy}
          />
        </div>
      }
    >
      <p className="dialog-question">{question}</p>
      {children}
    </AppDialog>
  );
}
