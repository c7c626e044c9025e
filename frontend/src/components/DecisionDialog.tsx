import { ja } from "@zaiko/common/messages/ja";
import { Button, type ButtonProps } from "primereact/button";
import type { ReactNode } from "react";
import { AppDialog } from "./AppDialog";

/** What every decision dialog (a form's, a delete's) takes from its caller unchanged. */
export interface DecisionFrame {
  visible: boolean;
  title: string;
  /** While the action runs: キャンセル is disabled and the action button spins. */
  busy?: boolean;
  /** キャンセル, closing the dialog, Escape. */
  onCancel: () => void;
}

interface Props extends DecisionFrame {
  /** The action button: its label, icon, and how it acts (a click, or `type: "submit"` of a form). */
  action: Omit<ButtonProps, "loading" | "type"> & { type?: "button" | "submit" };
  children?: ReactNode;
}

/**
 * A dialog that ends in a decision: キャンセル, or the action (a form's submit in FormDialog, a delete in
 * ConfirmDeleteDialog). Both footers are this one, so they look and behave alike.
 */
export function DecisionDialog({ visible, title, busy = false, onCancel, action, children }: Props) {
  return (
    <AppDialog
      title={title}
      visible={visible}
      onHide={onCancel}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={ja.common.cancel} outlined onClick={onCancel} disabled={busy} />
          <Button type="button" {...action} loading={busy} />
        </div>
      }
    >
      {children}
    </AppDialog>
  );
}
