import { CheckIcon } from "primereact/icons/check";
import { type FormEvent, type ReactNode, useId } from "react";
import "./FormDialog.css";
import { DecisionDialog, type DecisionFrame } from "./DecisionDialog";
import { primeIcon } from "./icons/primeIcon";

const checkIcon = primeIcon(CheckIcon);

interface Props extends DecisionFrame {
  submitLabel: string;
  /** Disables the submit button (the form is invalid). */
  submitDisabled?: boolean;
  onSubmit: () => void;
  /** Enter pressed while the form is invalid (the work case form then alerts a reversed period). */
  onBlockedSubmit?: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form (new / edit), the one every form dialog uses: at most 600px wide and never wider
 * than a phone's screen, キャンセル and the submit button in the footer, Enter submits when the form is
 * valid. Forms validate with their common zod schema (lib/validation.ts) and show a field's message once
 * it was touched (components/form/useTouched.ts).
 */
export function FormDialog({
  submitLabel,
  submitDisabled = false,
  onSubmit,
  onBlockedSubmit,
  children,
  ...dialog
}: Props) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dialog.busy) return;
    if (submitDisabled) onBlockedSubmit?.();
    else onSubmit();
  };
  return (
    <DecisionDialog
      {...dialog}
      action={{
        type: "submit",
        form: formId,
        label: submitLabel,
        icon: checkIcon,
        disabled: submitDisabled,
      }}
    >
      <form id={formId} className="dialog-form" onSubmit={submit} noValidate>
        {/* The form's default button, never disabled: Enter still reaches `submit` while the footer's
            button is disabled, so an invalid form can say why (onBlockedSubmit). */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        {children}
      </form>
    </DecisionDialog>
  );
}
