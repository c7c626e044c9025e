import { ja } from "@zaiko/common/messages/ja";
import { Calendar } from "primereact/calendar";
import { CalendarIcon } from "primereact/icons/calendar";
import { useId, useMemo, useRef } from "react";
import { ensureCalendarJapanese } from "../../components/form/calendarLocale";
import { primeIcon } from "../../components/icons/primeIcon";

ensureCalendarJapanese();

const calendarIcon = primeIcon(CalendarIcon);

/** `2026-11` as a local Date on the 1st: the Calendar reads and writes local year and month only. */
function dateOf(month: string): Date | null {
  const [y, m] = month.split("-").map(Number);
  return y && m ? new Date(y, m - 1, 1) : null;
}

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;

interface Props {
  label: string;
  /** `YYYY-MM`, as the export's `?month=` takes it. */
  value: string;
  onChange: (month: string) => void;
}

/**
 * A month, shown 2026年11月 whatever the browser's language: PrimeReact's Calendar in month view with the
 * "ja" locale's month names (an `<input type="month">` draws the browser's own: "November 2026" in an
 * English Chromium). As the native field, the text can be typed (2026年12月, read as it is typed) and a
 * button beside it opens the months; ↓ in the text opens them too, arrows and Enter pick one. The months
 * do not open on focus: they would take the focus from the text being typed. A cleared or unreadable
 * text keeps the month chosen before (shown again on leaving the field). A month picked gives the focus back to
 * the text (PrimeReact leaves it on the month's cell, which it then removes).
 */
export function MonthField({ label, value, onChange }: Props) {
  const id = useId();
  // One Date per month: PrimeReact compares values by reference, a new Date each render is a new value.
  const date = useMemo(() => dateOf(value), [value]);
  const calendar = useRef<Calendar>(null);
  return (
    <span className="month-field">
      <label htmlFor={id}>{label}</label>
      <Calendar
        ref={calendar}
        inputId={id}
        view="month"
        dateFormat="yy年m月"
        locale="ja"
        value={date}
        onChange={(e) => {
          if (!(e.value instanceof Date)) return;
          onChange(monthOf(e.value));
          const input = calendar.current?.getInput();
          if (input && document.activeElement !== input) input.focus();
        }}
        showOnFocus={false}
        showIcon
        icon={calendarIcon}
        // The size of the small button beside it (月次CSV): the row keeps its height.
        inputClassName="p-inputtext-sm"
        pt={{
          dropdownButton: {
            root: {
              className: "p-button-outlined p-button-secondary p-button-sm",
              "aria-label": ja.common.openPicker(label),
            },
          },
        }}
      />
    </span>
  );
}
