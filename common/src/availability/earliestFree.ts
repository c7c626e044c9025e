import { type Hire, netPeak } from "./hired";
import { type Booking, toMs, type Window } from "./types";

/**
 * The earliest instant t ≥ window.start from which `wanted` units are free for a period as long as the window,
 * [t, t + (end − start)], beside `bookings` (the other cases' order items: peak usage + wanted ≤ stock, the
 * rule of every allocation check). Null when the stock itself is below `wanted` (never free).
 *
 * Only the window's start and the instants just after a booking ends (end + 1 ms: periods are closed, so a
 * booking ending at 12:00 still conflicts with one starting at 12:00) can be that earliest instant: moving a
 * free period earlier by one millisecond adds only the bookings that end right before it. With hired units
 * (hired.ts) the start of a hire is a candidate too: a period starting one millisecond earlier loses them there.
 */
export function earliestFree(
  stock: number,
  bookings: readonly Booking[],
  window: Window,
  wanted: number,
  hires: readonly Hire[] = [],
): number | null {
  if (wanted > stock && hires.length === 0) return null;
  const start = toMs(window.start);
  const length = Math.max(0, toMs(window.end) - start);
  const candidates = [start];
  for (const b of bookings) {
    const after = toMs(b.end) + 1;
    if (after > start) candidates.push(after);
  }
  for (const h of hires) {
    const arrival = toMs(h.start);
    if (arrival > start) candidates.push(arrival);
  }
  candidates.sort((a, b) => a - b);
  let previous = Number.NaN;
  for (const t of candidates) {
    if (t === previous) continue;
    previous = t;
    if (netPeak(bookings, hires, { start: t, end: t + length }).peak + wanted <= stock) return t;
  }
  // Without hires unreachable: after the last booking ends nothing is in the way. With them: wanted > stock and
  // no candidate period has enough hired units throughout.
  return null;
}
