import { BUSINESS_TIME_ZONE, formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import moment from "moment-timezone";

/** A timestamp for display, or 日付データが不正です when it cannot be read (spec §2, §8). */
export function displayDateTime(value: string | null | undefined): string {
  return formatDateTime(value) ?? ja.errors.invalidDate;
}

/** A timestamp shown only when set: empty for null (not issued yet), the invalid text for garbage. */
export function displayOptionalDateTime(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return displayDateTime(value);
}

/** Parses an ISO timestamp into a Date for a date picker; null when missing or unreadable. */
export function parseIso(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = moment(value, moment.ISO_8601, true);
  return m.isValid() ? m.toDate() : null;
}

/** ISO-8601 with the business zone's offset (`2026-11-22T09:00:00+09:00`), as the API expects. */
export function toIsoWithOffset(date: Date): string {
  return moment(date).tz(BUSINESS_TIME_ZONE).format();
}

/** The calendar day (YYYY-MM-DD) of an instant in the business zone; null when unreadable. */
export function businessDay(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const m =
    typeof value === "string"
      ? moment.tz(value, moment.ISO_8601, BUSINESS_TIME_ZONE)
      : moment.tz(value, BUSINESS_TIME_ZONE);
  return m.isValid() ? m.format("YYYY-MM-DD") : null;
}

/** The day a date picker shows (its own local calendar day), as YYYY-MM-DD. */
export function pickedDay(date: Date): string {
  return moment(date).format("YYYY-MM-DD");
}
