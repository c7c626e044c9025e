import { peakUsage } from "./peak";
import { type Booking, toMs, type Window } from "./types";

/**
 * The earliest instant t ≥ window.start from which `wanted` units are free for a period as long as the window,
 * [t, t + (end − start)], beside `bookings` (the other cases' order items: peak usage + wanted ≤ stock, the
 * rule of every allocation check). Null when the stock itself is below `wanted` (never free).
 *
 * Only the window's start and the instants just after a booking ends (end + 1 ms: periods are closed, so a
 * booking ending at 12:00 still conflicts with one starting at 12:00) can be that earliest instant: moving a
 * free period earlier by one millisecond adds only the bookings that end right before it.
 */
export function earliestFree(
  stock: number,
  bookings: readonly Booking[],
  window: Window,
  wanted: number,
): number | null {
  if (wanted > stock) return null;
  const start = toMs(window.start);
  const length = Math.max(0, toMs(window.end) - start);
  const candidates = [start];
  for (const b of bookings) {
    const after = toMs(b.end) + 1;
    if (after > start) candidates.push(after);
  }
  candidates.sort((a, b) => a - b);
  let previous = Number.NaN;
  for (const t of candidates) {
    if (t === previous) continue;
    previous = t;
    if (peakUsage(bookings, { start: t, end: t + length }) + wanted <= stock) return t;
  }
  // Unreachable: after the last booking ends nothing is in the way.
  return null;
}
