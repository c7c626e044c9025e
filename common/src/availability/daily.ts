import moment from "moment-timezone";
import { clippedEvents } from "./peak";
import type { Booking } from "./types";

const DATE = "YYYY-MM-DD";

/** Epoch ms of the first instant of each of `count` calendar days from `firstDay` in `zone`. */
export function dayStarts(firstDay: string, count: number, zone: string): number[] {
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
export function dailyPeaks(bookings: readonly Booking[], weekStart: string, zone: string): number[] {
  return peaksBetween(bookings, dayStarts(weekStart, 8, zone));
}

/**
 * Peak usage within each [bounds[i], bounds[i+1]) (closed at bounds[i+1] − 1 ms), for increasing bounds:
 * for every day the same value as `peakUsage` over that day, in one sweep (the weekly view runs this for
 * 2,000 items; seven sweeps, each sorting again, showed in its profile). Callers that need the peaks of many
 * items over the same days compute the bounds once (time-zone arithmetic is the slow part).
 */
export function peaksBetween(bookings: readonly Booking[], bounds: readonly number[]): number[] {
  const days = bounds.length - 1;
  if (days <= 0) return [];
  const from = bounds[0]!;
  const to = bounds[days]! - 1;
  // The same events as peakUsage's (clipped to the whole span, sorted), swept once across the days.
  const { starts, ends } = clippedEvents(bookings, from, to);
  const peaks: number[] = [];
  let usage = 0;
  let k = 0;
  let j = 0;
  for (let day = 0; day < days; day++) {
    const dayStart = bounds[day]!;
    const dayEnd = bounds[day + 1]! - 1;
    // Usage at the day's first instant: everything started by then and not ended before it. A booking that
    // ends at an instant still holds it (closed intervals), so only ends strictly before are released.
    for (; k < starts.length && starts[k]![0] <= dayStart; k++) usage += starts[k]![1];
    for (; j < ends.length && ends[j]![0] < dayStart; j++) usage -= ends[j]![1];
    let peak = usage;
    // Within the day the maximum is reached at a start, as in peakUsage.
    for (; k < starts.length && starts[k]![0] <= dayEnd; k++) {
      const [t, q] = starts[k]!;
      for (; j < ends.length && ends[j]![0] < t; j++) usage -= ends[j]![1];
      usage += q;
      if (usage > peak) peak = usage;
    }
    peaks.push(peak);
  }
  return peaks;
}
