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
  const bounds = dayStarts(weekStart, 8, zone);
  return bounds.slice(0, 7).map((start, i) => peakUsage(bookings, { start, end: bounds[i + 1]! - 1 }));
}
