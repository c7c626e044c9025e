import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import type { ReactNode } from "react";

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
    <Dialog
      header={title}
      visible={visible}
      onHide={onCancel}
      className="app-dialog"
      style={{ width: "min(600px, calc(100vw - 2rem))" }}
      draggable={false}
      resizable={false}
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
    </Dialog>
  );
}
