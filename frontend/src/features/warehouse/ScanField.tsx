import { ja } from "@zaiko/common/messages/ja";
import { IconField } from "primereact/iconfield";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { BarcodeIcon } from "../../components/icons/glyphs/BarcodeIcon";

const t = ja.warehouse;

interface Props {
  onScan: (value: string) => void;
  /** The result of the last scan, announced politely. */
  message: string | null;
  matched: boolean;
}

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT");

/**
 * The scan box. A keyboard-wedge scanner types the code and Enter wherever the focus is: after a tap on a
 * toggle the focus sits on that button, so a printable key typed outside any field is sent here (focusing
 * during keydown makes the browser insert the character into this box). It takes the focus at load only on
 * devices with a fine pointer, so a phone does not open its keyboard by itself.
 */
export function ScanField({ onScan, message, matched }: Props) {
  const [value, setValue] = useState("");
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;
    if (!coarse) input.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target) || document.querySelector(".p-dialog-mask")) return;
      input.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === "") return;
    onScan(value);
    // Cleared for the next scan; the focus stays here.
    setValue("");
  };

  return (
    <form className="wh-scan" onSubmit={submit}>
      <IconField iconPosition="left" className="wh-scan-field">
        <InputIcon>
          <BarcodeIcon />
        </InputIcon>
        <InputText
          ref={input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t.scanPlaceholder}
          aria-label={t.scanLabel}
        />
      </IconField>
      <output className={`wh-scan-result${matched ? "" : " wh-scan-result--miss"}`} aria-live="polite">
        {message ?? ""}
      </output>
    </form>
  );
}
