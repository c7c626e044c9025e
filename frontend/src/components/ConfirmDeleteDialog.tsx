import { TrashIcon } from "primereact/icons/trash";
import type { ReactNode } from "react";
import { DecisionDialog, type DecisionFrame } from "./DecisionDialog";
import { primeIcon } from "./icons/primeIcon";

const trashIcon = primeIcon(TrashIcon);

interface Props extends DecisionFrame {
  question: string;
  /** What is about to be deleted (an email, a title, related items…). */
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** The delete confirmation every list uses: a question, the target, キャンセル and a red button. */
export function ConfirmDeleteDialog({ question, children, confirmLabel, onConfirm, ...dialog }: Props) {
  return (
    <DecisionDialog
      {...dialog}
      action={{ label: confirmLabel, severity: "danger", icon: trashIcon, onClick: onConfirm }}
    >
      <p className="dialog-question">{question}</p>
      {children}
    </DecisionDialog>
  );
}
