import { Dialog } from "primereact/dialog";
import type { ReactNode } from "react";

/** Never wider than 600 px, nor than a 390 px phone minus its margins (docs/frontend.md, Phones). */
const DIALOG_STYLE = { width: "min(600px, calc(100vw - 2rem))" };

interface Props {
  title: string;
  visible: boolean;
  onHide: () => void;
  footer?: ReactNode;
  children?: ReactNode;
  /** "alertdialog" for alerts and confirmations that interrupt (FeedbackHost). */
  role?: "dialog" | "alertdialog";
  /** Once shown (after its animation): e.g. to put the focus in a field rather than on the close button. */
  onShow?: () => void;
}

/** The one modal frame of the app: every dialog (forms, confirmations, notices, details) uses it. */
export function AppDialog({ title, visible, onHide, footer, children, role, onShow }: Props) {
  return (
    <Dialog
      header={title}
      visible={visible}
      onHide={onHide}
      onShow={onShow}
      className="app-dialog"
      style={DIALOG_STYLE}
      draggable={false}
      resizable={false}
      footer={footer}
      // The pass-through props are merged last, so they replace the root's role="dialog".
      pt={role ? { root: { role } } : undefined}
    >
      {children}
    </Dialog>
  );
}
