/**
 * The business zone and "today" without moment: the client's first screen (the header's アイテム link)
 * needs only this, and moment with its time-zone data would otherwise travel in the first download.
 * `dates.ts` re-exports both, so server code keeps one import.
 */

/** The business time zone: "a day" always means a calendar day here (DOMAIN.md). */
export const BUSINESS_TIME_ZONE = "Asia/Tokyo";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the business zone as path parts with zero-padded month and day. */
export function todayParts(
  now: Date = new Date(),
  zone = BUSINESS_TIME_ZONE,
): { y: string; m: string; d: string } {
  let format = formatters.get(zone);
  if (!format) {
    // en-CA writes the parts as digits, the year with four; formatToParts does not depend on its order.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(zone, format);
  }
  const part = (type: "year" | "month" | "day") =>
    format.formatToParts(now).find((p) => p.type === type)?.value ?? "";
  return { y: part("year"), m: part("month"), d: part("day") };
}
