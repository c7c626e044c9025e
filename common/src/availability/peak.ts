import { type Booking, toMs, type Window } from "./types";

/** A booking's start or end instant (epoch ms) and its quantity. */
export type Event = [time: number, quantity: number];

const byTime = (a: Event, b: Event) => a[0] - b[0];

/**
 * The bookings clipped to [from, to], as their starts and their ends, each sorted by time. Bookings outside
 * the window, with an invalid instant or a non-positive quantity are left out.
 */
export function clippedEvents(
  bookings: readonly Booking[],
  from: number,
  to: number,
): { starts: Event[]; ends: Event[] } {
  const starts: Event[] = [];
  const ends: Event[] = [];
  for (const b of bookings) {
    const s = Math.max(toMs(b.start), from);
    const e = Math.min(toMs(b.end), to);
    // Negated comparisons also drop NaN (invalid Dates). Ignoring a non-positive quantity can
    // only raise the peak, so a malformed row never makes the invariant check more lenient.
    if (!(s <= e) || !(b.quantity > 0)) continue;
    starts.push([s, b.quantity]);
    ends.push([e, b.quantity]);
  }
  starts.sort(byTime);
  ends.sort(byTime);
  return { starts, ends };
}

/** Highest usage(t) over t in the closed window; 0 when no booking overlaps it. O(n log n). */
export function peakUsage(bookings: readonly Booking[], window: Window): number {
  const { starts, ends } = clippedEvents(bookings, toMs(window.start), toMs(window.end));
  // The maximum of a sum of closed intervals is reached at some start, so only starts are
  // sampled. An end at the same instant as a start is released only afterwards: both hold t.
  let usage = 0;
  let peak = 0;
  let j = 0;
  for (const [t, q] of starts) {
    for (; j < ends.length && ends[j]![0] < t; j++) usage -= ends[j]![1];
    usage += q;
    if (usage > peak) peak = usage;
  }
  return peak;
}

/** Highest usage at any instant at all. */
export function overallPeak(bookings: readonly Booking[]): number {
  return peakUsage(bookings, { start: -Infinity, end: Infinity });
}
