import moment from "moment-timezone";
import "moment/locale/ja";

export { DEFAULT_BUSINESS_TIME_ZONE, isKnownTimeZone, todayParts } from "./today";

/** How dates are shown everywhere in the product. */
export const DISPLAY_FORMAT = "YYYY年MM月DD日 HH:mm";

/** Formats an instant for display in `zone` (the business zone); null when it cannot be parsed. */
export function formatDateTime(value: string | Date | null | undefined, zone: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  const m = typeof value === "string" ? moment.tz(value, moment.ISO_8601, zone) : moment.tz(value, zone);
  return m.isValid() ? m.locale("ja").format(DISPLAY_FORMAT) : null;
}

/** True when the string is a valid ISO-8601 date-time. */
export function isIsoDateTime(value: string): boolean {
  return moment(value, moment.ISO_8601, true).isValid();
}

/**
 * The instants of the business days `from` … `to` (YYYY-MM-DD, both included) in `zone`: [start, end).
 * Undefined when a day is not a real calendar date.
 */
export function businessDaysSpan(
  from: string,
  to: string,
  zone: string,
): { start: Date; end: Date } | undefined {
  const a = moment.tz(from, "YYYY-MM-DD", true, zone);
  const b = moment.tz(to, "YYYY-MM-DD", true, zone);
  if (!a.isValid() || !b.isValid()) return undefined;
  return { start: a.startOf("day").toDate(), end: b.add(1, "day").startOf("day").toDate() };
}
