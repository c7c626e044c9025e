import { ja } from "@zaiko/common/messages/ja";
import {
  dayInZone,
  displayInZone,
  instantInZone,
  instantOfWallClock,
  isoWithOffsetInZone,
  timeOfDayInZone,
  wallClockIn,
} from "@zaiko/common/zonedTime";
import { businessTimeZone } from "./businessZone";

/*
 * Every date-time the browser shows or reads is in the business zone (the server's BUSINESS_TIME_ZONE,
 * lib/businessZone.ts), never the device's: a coordinator travelling abroad sees and types the same
 * 09:00 as the warehouse in Tokyo (docs/decisions.md, "Time zone").
 *
 * Date pickers work in the device's local calendar, so a form holds a "wall-clock Date": a Date whose
 * local fields are the business zone's wall clock. `wallClockOf` makes one from an ISO timestamp and
 * `isoFromWallClock` turns one back into an instant; nothing else should read a form's Date as an instant.
 *
 * With Intl (common/src/zonedTime.ts), not moment: the list, board and case screens format timestamps on
 * their first render, and moment with its zone data would be in their first download. The answers are
 * moment-timezone's (common/src/zonedTime.test.ts compares them).
 */

/** An instant in the business zone as YYYY年MM月DD日 HH:mm; null when it cannot be read. */
export function formatBusinessDateTime(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const zone = businessTimeZone();
  const t = instantInZone(value, zone);
  return t === null ? null : displayInZone(t, zone);
}

/** A timestamp for display, or 日付データが不正です when it cannot be read (spec §2, §8). */
export function displayDateTime(value: string | null | undefined): string {
  return formatBusinessDateTime(value) ?? ja.errors.invalidDate;
}

/** A timestamp shown only when set: empty for null (not issued yet), the invalid text for garbage. */
export function displayOptionalDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return displayDateTime(value);
}

/** HH:mm of an instant in the business zone ("Invalid date", as moment wrote it, when unreadable). */
export function businessTimeOfDay(value: string | Date): string {
  const zone = businessTimeZone();
  const t = instantInZone(value, zone);
  return t === null ? "Invalid date" : timeOfDayInZone(t, zone);
}

/** Epoch ms of an ISO timestamp (for sorting); null when missing or unreadable. */
export function instantOf(value: string | null | undefined): number | null {
  if (!value) return null;
  return instantInZone(value, businessTimeZone());
}

/** The wall-clock Date (see above) of an ISO timestamp, for a date field; null when missing or unreadable. */
export function wallClockOf(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const zone = businessTimeZone();
  const t = instantInZone(value, zone);
  if (t === null) return null;
  const w = wallClockIn(t, zone);
  return new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
    w.getUTCMilliseconds(),
  );
}

/** Now as a wall-clock Date: what "today" and "this hour" mean in a date field. */
export function businessNow(): Date {
  return wallClockOf(new Date()) ?? new Date();
}

/** A form's wall-clock Date as ISO-8601 with the business zone's offset (`2026-11-22T09:00:00+09:00`). */
export function isoFromWallClock(date: Date): string {
  if (Number.isNaN(date.getTime())) return "Invalid date";
  const zone = businessTimeZone();
  const wall = Date.UTC(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
  return isoWithOffsetInZone(instantOfWallClock(wall, zone), zone);
}

/** An instant as ISO-8601 with the business zone's offset, as the API expects (issue / receive now). */
export function toIsoWithOffset(instant: Date): string {
  const t = instant.getTime();
  return Number.isNaN(t) ? "Invalid date" : isoWithOffsetInZone(t, businessTimeZone());
}

/** The calendar day (YYYY-MM-DD) of an instant in the business zone; null when unreadable. */
export function businessDay(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const zone = businessTimeZone();
  const t = instantInZone(value, zone);
  return t === null ? null : dayInZone(t, zone);
}

/** The day a day picker shows (a wall-clock Date: its local calendar day), as YYYY-MM-DD. */
export function pickedDay(date: Date): string {
  if (Number.isNaN(date.getTime())) return "Invalid date";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
