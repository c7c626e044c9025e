import { Button } from "primereact/button";
import type { FormEvent, ReactNode } from "react";
import { ErrorList } from "../../components/form/ErrorList";

interface Props {
  title: string;
  errors: string[];
  submitLabel: string;
  submitDisabled: boolean;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** The card shared by sign-up and member edit: title, fields, red error box, one button. */
export function UserFormCard({
  title,
  errors,
  submitLabel,
  submitDisabled,
  busy,
  onSubmit,
  children,
}: Props) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitDisabled && !busy) onSubmit();
  };
  return (
    <div className="auth-page">
      <form className="auth-card" onSubmit={handleSubmit} noValidate>
        <h1 className="auth-title">{title}</h1>
        {children}
        {/* Right above the button, which it explains when disabled. Growing here moves nothing the
            user is about to click, unlike a box above the fields. */}
        <ErrorList messages={errors} />
        <Button
          type="submit"
          label={submitLabel}
          disabled={submitDisabled}
          loading={busy}
          className="auth-submit"
        />
      </form>
    </div>
  );
}
