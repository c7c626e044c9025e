/**
 * The typed text of a date field: what it shows (`2026/11/24 18:00`, the picker's own format) and what it
 * accepts. Reading is lenient, because people type dates in many ways: full-width digits, `-` or `.` or
 * 年月日 between the parts, one-digit months, days and hours, `1800` or `18` for 18:00, `20261124`, and no
 * year (this year). Dates are the browser's local calendar, like the picker's.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** The field's text for a date: `YYYY/MM/DD HH:mm`, or `YYYY/MM/DD` without the time. */
export function formatDateText(date: Date | null, showTime: boolean): string {
  if (!date || Number.isNaN(date.getTime())) return "";
  const day = `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
  return showTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

const SEPARATED =
  /^(?:(\d{4})[/.年-])?(\d{1,2})[/.月-](\d{1,2})日?(?:(?:\s+|T)(\d{1,2})(?:[:時]?(\d{2})分?)?|(?:\s*)(\d{1,2})[:時](\d{2})分?)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\s*T?\s*(\d{2}):?(\d{2}))?$/;

/** The time a typed day takes when the text has none (e.g. 09:00 for a start). */
export interface TimeOfDay {
  hours: number;
  minutes: number;
}

/**
 * The date a text names: a Date, null for an empty text, or "invalid" when it names no real date or time
 * (2026/02/30, 25:00, letters). A day without a time takes `defaultTime` (00:00 when not given).
 */
export function parseDateText(
  text: string,
  showTime: boolean,
  defaultTime: TimeOfDay = { hours: 0, minutes: 0 },
  now: Date = new Date(),
): Date | null | "invalid" {
  const value = text.normalize("NFKC").trim().replace(/\s+/g, " ");
  if (value === "") return null;
  const m = SEPARATED.exec(value) ?? COMPACT.exec(value);
  if (!m) return "invalid";
  const year = m[1] === undefined ? now.getFullYear() : Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hourText = m[4] ?? m[6];
  const minuteText = m[5] ?? m[7];
  if (!showTime && hourText !== undefined) return "invalid";
  const hours = hourText === undefined ? (showTime ? defaultTime.hours : 0) : Number(hourText);
  const minutes = hourText === undefined ? (showTime ? defaultTime.minutes : 0) : Number(minuteText ?? "0");
  if (hours > 23 || minutes > 59) return "invalid";
  const date = new Date(year, month - 1, day, hours, minutes);
  // new Date rolls 2026/02/30 over into March: such a day does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return "invalid";
  return date;
}

/** True when the text is already written exactly as the field writes a date (nothing left to type). */
export function isCompleteDateText(text: string, showTime: boolean): boolean {
  return (showTime ? /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/ : /^\d{4}\/\d{2}\/\d{2}$/).test(text.trim());
}
