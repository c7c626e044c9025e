import { Calendar } from "primereact/calendar";
import { useId, useRef } from "react";
import { ensureCalendarJapanese } from "./calendarLocale";

ensureCalendarJapanese();

interface Props {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur?: () => void;
  /** Shown under the field and announced; also marks the field invalid. */
  error?: string | undefined;
  invalid?: boolean;
  /** false for a day picker (期間検索). */
  showTime?: boolean;
  showButtonBar?: boolean;
  placeholder?: string;
}

/**
 * A labelled PrimeReact Calendar (24-hour time by default). The popup is attached to the body so
 * it is never clipped by a dialog, and shown as a modal overlay on phones (touchUI is not used: it
 * hides the typed input that keyboard users need).
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  invalid = Boolean(error),
  showTime = true,
  showButtonBar = false,
  placeholder,
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const open = useRef(false);
  return (
    // Escape closes the popup only: without this it also reaches the dialog around the field,
    // which would close and lose the whole form.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops an Escape from bubbling
    <div
      className="form-field"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open.current) e.stopPropagation();
      }}
    >
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={value}
        onChange={(e) => onChange((e.value as Date | null | undefined) ?? null)}
        onBlur={onBlur}
        // The popup opens on focus; onShow alone comes only after its opening animation.
        onFocus={() => {
          open.current = true;
        }}
        onShow={() => {
          open.current = true;
        }}
        onHide={() => {
          open.current = false;
          onBlur?.();
        }}
        showTime={showTime}
        hourFormat="24"
        showIcon
        showButtonBar={showButtonBar}
        locale="ja"
        dateFormat="yy/mm/dd"
        appendTo={typeof document === "undefined" ? undefined : document.body}
        invalid={invalid}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={error ? messageId : undefined}
        className="form-input"
        inputClassName="form-input"
      />
      {error ? (
        <small id={messageId} className="form-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
