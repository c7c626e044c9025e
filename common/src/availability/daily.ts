import moment from "moment-timezone";
import { BUSINESS_TIME_ZONE } from "../dates";
import { peakUsage } from "./peak";
import type { Booking } from "./types";

const DATE = "YYYY-MM-DD";

/** Epoch ms of the first instant of each of `count` calendar days from `firstDay` in `zone`. */
export function dayStarts(firstDay: string, count: number, zone = BUSINESS_TIME_ZONE): number[] {
  if (!moment.tz.zone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
  const first = moment.utc(firstDay, DATE, true);
  if (!first.isValid()) throw new RangeError(`Not a YYYY-MM-DD date: ${firstDay}`);
  // Calendar arithmetic is done in UTC, where every day has 24 h; only the wall-clock midnight
  // is resolved in the zone, so 23 h and 25 h days (and zones whose DST skips midnight) come out right.
  return Array.from({ length: count }, (_, i) => {
    const day = first.clone().add(i, "days");
    return moment.tz([day.year(), day.month(), day.date()], zone).valueOf();
  });
}

/** Peak usage during each of the 7 calendar days in `zone` starting at `weekStart` ("YYYY-MM-DD"). */
export function dailyPeaks(
  bookings: readonly Booking[],
  weekStart: string,
  zone = BUSINESS_TIME_ZONE,
): number[] {
  return peaksBetween(bookings, dayStarts(weekStart, 8, zone));
}

/**
 * Peak usage within each [bounds[i], bounds[i+1]) (closed at bounds[i+1] − 1 ms). Callers that need the
 * peaks of many items over the same days compute the bounds once (time-zone arithmetic is the slow part).
 */
export function peaksBetween(bookings: readonly Booking[], bounds: readonly number[]): number[] {
  return bounds.slice(0, -1).map((start, i) => peakUsage(bookings, { start, end: bounds[i + 1]! - 1 }));
}
