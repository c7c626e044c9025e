/**
 * The input boundary's readers of instants, days and whole numbers (common/input.ts re-exports them): one
 * range and one reading for every time, day and quantity the API takes, shared by the server and the forms.
 * No zod here: the web client's first chunk uses `readDay`.
 */

/**
 * The instants the API reads, wherever they come from (body, query or path): 1900-01-01T00:00:00Z through
 * 9998-12-31T23:59:59.999Z. The upper end leaves a year below 10000 for every window a view reads past a
 * day or a booking (a week, a timeline's weeks, the business zone's offset): PostgreSQL cannot read a
 * timestamp with a five-digit year, and open outages end in 9999 (availability/reality.ts).
 */
export const INSTANT_MIN_MS = Date.UTC(1900, 0, 1);
export const INSTANT_MAX_MS = Date.UTC(9999, 0, 1) - 1;

/** The days the API reads (`?date=`, `?from=`, `/api/items/{y}/{m}/{d}/`): the instant range's days. */
export const DAY_MIN = "1900-01-01";
export const DAY_MAX = "9998-12-31";

/** ISO-8601 date-time with an explicit offset (`Z` or `±hh:mm`), as API.md requires. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Why a value was not read: absent, not in the format, or outside the range. */
export type Unread = "missing" | "invalid" | "range";

/** True when y-m-d names a real calendar date (2026-02-30 rolls over in Date and is refused). */
function isRealDate(y: number, m: number, d: number): boolean {
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
}

/** An ISO timestamp with offset, naming a real date, within the instant range. */
export function readInstant(value: unknown): Date | Unread {
  if (value === undefined || value === null || value === "") return "missing";
  if (typeof value !== "string") return "invalid";
  const text = value.trim();
  if (!ISO_WITH_OFFSET.test(text)) return "invalid";
  const [y, m, d] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || !isRealDate(y, m, d)) return "invalid";
  if (date.getTime() < INSTANT_MIN_MS || date.getTime() > INSTANT_MAX_MS) return "range";
  return date;
}

/** A calendar day written YYYY-MM-DD within the day range; the day itself (a string) when read. */
export function readDay(value: unknown): string | Unread {
  if (value === undefined || value === null || value === "") return "missing";
  if (typeof value !== "string") return "invalid";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || !isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return "invalid";
  return value < DAY_MIN || value > DAY_MAX ? "range" : value;
}

/**
 * A whole number from `min` to `max`, the one reader of every quantity and count: a JSON integer, or a
 * string of ASCII digits (a form field or a CSV cell; spaces or tabs around it are a typing slip). Signs,
 * exponents, hex, octal, binary, decimals and line breaks are not numbers here, whatever `Number()` makes
 * of them.
 */
export function readWholeNumber(value: unknown, min: number, max: number): number | Unread {
  if (value === undefined || value === null) return "missing";
  let n: number;
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return "invalid";
    n = value;
  } else if (typeof value === "string") {
    if (value.trim() === "") return "missing";
    const digits = /^[ \t]*([0-9]{1,16})[ \t]*$/.exec(value);
    if (!digits) return "invalid";
    n = Number(digits[1]);
  } else {
    return "invalid";
  }
  return n < min || n > max ? "range" : n;
}
