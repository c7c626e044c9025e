import { Calendar } from "primereact/calendar";
import type { RefObject } from "react";
import { ensureCalendarJapanese } from "./calendarLocale";
import { DatePickerPopup } from "./DatePickerPopup";

ensureCalendarJapanese();

interface Props {
  anchor: RefObject<HTMLElement | null>;
  label: string;
  onClose: (refocus: boolean) => void;
  value: Date | null;
  /** Where the calendar opens while the field is empty. */
  viewDate: Date | undefined;
  onPick: (value: Date | null) => void;
  showTime: boolean;
  showButtonBar: boolean;
}

/**
 * DateTimeField's picker: PrimeReact's Calendar in the field's popup. Its own module, loaded when a picker
 * first opens (DateTimeField): the Calendar is a large part of PrimeReact, and the fields are typed into
 * more often than picked.
 */
export function DatePicker({
  anchor,
  label,
  onClose,
  value,
  viewDate,
  onPick,
  showTime,
  showButtonBar,
}: Props) {
  return (
    <DatePickerPopup anchor={anchor} label={label} onClose={onClose}>
      <Calendar
        inline
        value={value}
        viewDate={viewDate}
        onChange={(e) => onPick((e.value as Date | null | undefined) ?? null)}
        showTime={showTime}
        hourFormat="24"
        showButtonBar={showButtonBar}
        locale="ja"
        dateFormat="yy/mm/dd"
      />
    </DatePickerPopup>
  );
}
