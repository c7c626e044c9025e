import moment from "moment-timezone";
import { businessTimeZone } from "./businessZone";

/*
 * Date pickers work in the device's local calendar, so a form holds a "wall-clock Date": a Date whose
 * local fields are the business zone's wall clock (lib/dateTime.ts says why the business zone).
 * `wallClockOf` makes one from an ISO timestamp and `isoFromWallClock` turns one back into an instant;
 * nothing else should read a form's Date as an instant.
 *
 * moment lives here, apart from lib/dateTime.ts: only the forms and their dialogs import this module, and
 * the screens load those when a form opens, so moment stays out of the screens' first download.
 */

/** The wall-clock Date (see above) of an ISO timestamp, for a date field; null when missing or unreadable. */
export function wallClockOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const zone = businessTimeZone();
  const m =
    typeof value === "string" ? moment.tz(value, moment.ISO_8601, true, zone) : moment.tz(value, zone);
  if (!m.isValid()) return null;
  return new Date(m.year(), m.month(), m.date(), m.hour(), m.minute(), m.second(), m.millisecond());
}

/** Now as a wall-clock Date: what "today" and "this hour" mean in a date field. */
export function businessNow(): Date {
  return wallClockOf(new Date()) ?? new Date();
}

/** A form's wall-clock Date as ISO-8601 with the business zone's offset (`2026-11-22T09:00:00+09:00`). */
export function isoFromWallClock(date: Date): string {
  const fields = [
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  ];
  return moment.tz(fields, businessTimeZone()).format();
}
