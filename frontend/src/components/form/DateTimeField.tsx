import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { CalendarIcon } from "primereact/icons/calendar";
import { InputText } from "primereact/inputtext";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { primeIcon } from "../icons/primeIcon";
import "./DateTimeField.css";
import { formatDateText, isCompleteDateText, parseDateText, type TimeOfDay } from "./dateText";
import { FieldMessage } from "./FieldMessage";

const calendarIcon = primeIcon(CalendarIcon);
// The Calendar loads when a picker first opens (DatePicker.tsx says why).
const DatePicker = lazy(async () => ({ default: (await import("./DatePicker")).DatePicker }));

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
  /**
   * Where the picker opens while the field is empty, and the time a typed day without a time takes
   * (e.g. 09:00 of the end's day for a start): not the current minute, which took dozens of clicks.
   */
  fallback?: Date | null;
}

/**
 * A labelled date field: a text box the user types into, read when the user is done (blur or Enter) by a
 * lenient parser (`dateText.ts`), plus a button that opens a PrimeReact Calendar beside the field. A text
 * already in the field's full format (`2026/11/24 18:00`) is taken at once, so the form's button is ready
 * without leaving the field; a partial one (`2026/11/2`) never is. Text that names no date shows its own
 * message after blur and leaves the value empty.
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
  fallback = null,
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const [text, setText] = useState(() => formatDateText(value, showTime));
  const [unreadable, setUnreadable] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const focused = useRef(false);
  const anchor = useRef<HTMLDivElement>(null);

  // A value set from outside (the picker, a reset, a reload) replaces the text, except while the user
  // is typing a text that already means that value.
  const shown = formatDateText(value, showTime);
  // By time, not by object: a parent that rebuilds an equal Date must not reset what is being typed.
  const valueTime = value?.getTime() ?? null;
  useEffect(() => {
    setText((current) => {
      if (focused.current) {
        const typed = parseDateText(current, showTime);
        const same =
          typed === null || typed instanceof Date ? (typed?.getTime() ?? null) === valueTime : false;
        if (same) return current;
      }
      return shown;
    });
    if (valueTime !== null) setUnreadable(false);
  }, [shown, showTime, valueTime]);

  const defaultTime: TimeOfDay = fallback
    ? { hours: fallback.getHours(), minutes: fallback.getMinutes() }
    : { hours: 0, minutes: 0 };

  /** Reads the text (blur, Enter); returns true when it changed the value. */
  const commit = (): boolean => {
    const parsed = parseDateText(text, showTime, defaultTime);
    if (parsed === "invalid") {
      setUnreadable(true);
      if (value !== null) onChange(null);
      return true;
    }
    setUnreadable(false);
    setText(formatDateText(parsed, showTime));
    if ((parsed?.getTime() ?? null) === (value?.getTime() ?? null)) return false;
    onChange(parsed);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter reads the text; it submits the form only when the text was already taken, because the
    // form's submit would still see the value from before this text.
    if (event.key === "Enter" && commit()) event.preventDefault();
  };

  const shownError = unreadable ? (showTime ? ja.validation.dateTimeText : ja.validation.dateText) : error;
  const isInvalid = unreadable || invalid;
  const closePicker = (refocus: boolean) => {
    setPickerOpen(false);
    onBlur?.();
    if (refocus) anchor.current?.querySelector<HTMLButtonElement>(".date-field-button")?.focus();
  };

  return (
    // Escape while the picker is open closes only the picker (also when the focus stayed on the field):
    // without this it reaches the dialog around the field, which would close and lose the whole form.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops an Escape from bubbling
    <div
      className="form-field date-field"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !pickerOpen) return;
        event.stopPropagation();
        closePicker(true);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <div ref={anchor} className="p-inputgroup date-field-group">
        <InputText
          id={id}
          value={text}
          inputMode={showTime ? "text" : "numeric"}
          autoComplete="off"
          placeholder={placeholder ?? (showTime ? ja.common.dateTimePlaceholder : ja.common.datePlaceholder)}
          onFocus={() => {
            focused.current = true;
          }}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            if (unreadable) setUnreadable(false);
            if (isCompleteDateText(next, showTime)) {
              const parsed = parseDateText(next, showTime);
              if (parsed instanceof Date && parsed.getTime() !== value?.getTime()) onChange(parsed);
            }
          }}
          onBlur={() => {
            focused.current = false;
            commit();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          invalid={isInvalid}
          aria-invalid={isInvalid || undefined}
          aria-describedby={shownError ? messageId : undefined}
          className="form-input"
        />
        <Button
          type="button"
          icon={calendarIcon}
          outlined
          severity="secondary"
          className="date-field-button"
          aria-label={ja.common.openPicker(label)}
          aria-haspopup="dialog"
          aria-expanded={pickerOpen}
          onClick={() => (pickerOpen ? closePicker(false) : setPickerOpen(true))}
        />
      </div>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <DatePicker
            anchor={anchor}
            label={label}
            onClose={closePicker}
            value={value}
            viewDate={value ?? fallback ?? undefined}
            onPick={(next) => {
              setUnreadable(false);
              setText(formatDateText(next, showTime));
              onChange(next);
              // A day is one click; a date-time stays open for the time.
              if (!showTime) closePicker(true);
            }}
            showTime={showTime}
            showButtonBar={showButtonBar}
          />
        </Suspense>
      ) : null}
      <FieldMessage id={messageId} error={shownError} />
    </div>
  );
}
