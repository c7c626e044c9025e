import { earliestFree } from "./earliestFree";
import { type Hire, netPeak } from "./hired";
import { peakUsage } from "./peak";
import { OPEN_END } from "./reality";
import { type Booking, toMs, type Window } from "./types";

/**
 * Turnaround (点検・準備時間, docs/availability.md): how long an item's units are held beyond each booking
 * for other cases — `after` its end (checking, cleaning) and `before` its start (preparing), in ms, both ≥ 0.
 * One rule for every reader and every check: a booking held over [start, end] holds its units over
 * [start − before, end + after], and a period asked for needs them free over the same widened period; the
 * peak of the widened bookings over the widened period is the usage every allocation check compares with
 * stock. So a return at 18:00 with 2 h after blocks another case until 20:00 inclusive, and with 1 h before
 * as well that case may start at 21:00:00.001 at the earliest (the check after the return, then its
 * preparation).
 */
export interface Turnaround {
  before: number;
  after: number;
}

/** No turnaround: every rule below is then exactly the rule without it. */
export const NO_TURNAROUND: Turnaround = { before: 0, after: 0 };

const MINUTE = 60_000;

/** A turnaround from whole minutes (how the database keeps it); negatives and non-numbers count as 0. */
export function turnaroundOfMinutes(
  before: number | null | undefined,
  after: number | null | undefined,
): Turnaround {
  const ms = (m: number | null | undefined) => (typeof m === "number" && m > 0 ? m * MINUTE : 0);
  return { before: ms(before), after: ms(after) };
}

/** True when the item holds its units beyond its bookings at all. */
export const hasTurnaround = (t: Turnaround) => t.before > 0 || t.after > 0;

/**
 * How far beyond a window a query must read so that no booking whose widened period meets the widened window
 * is missed: a booking [s, e] matters to [from, to] when s ≤ to + before + after and e ≥ from − before − after.
 */
export const turnaroundReach = (t: Turnaround) => t.before + t.after;

/**
 * The period over which a booking (or an asked window) holds its units: [start − before, end + after]. An open
 * end (OPEN_END: overdue, lost) stays open.
 */
export function heldPeriod(w: Window, t: Turnaround): { start: number; end: number } {
  const start = toMs(w.start);
  const end = toMs(w.end);
  return { start: start - t.before, end: end >= OPEN_END ? end : end + t.after };
}

/** The bookings as held with their turnaround (the same array when there is none: the plain item's path). */
export function heldBookings(bookings: readonly Booking[], t: Turnaround): readonly Booking[] {
  if (!hasTurnaround(t)) return bookings;
  return bookings.map((b) => ({ ...heldPeriod(b, t), quantity: b.quantity }));
}

/**
 * Units held against a period asked for, turnaround included: the peak of the held bookings over the held
 * window, less the hired units (外部手配, hired.ts) present at each instant of it — so it may be negative when
 * more is hired than used. Every allocation check and count compares this (+ what it asks) with stock.
 */
export function heldPeak(
  bookings: readonly Booking[],
  window: Window,
  t: Turnaround,
  hires: readonly Hire[] = [],
): number {
  if (hires.length > 0) return netPeak(heldBookings(bookings, t), hires, heldPeriod(window, t)).peak;
  if (!hasTurnaround(t)) return peakUsage(bookings, window);
  return peakUsage(heldBookings(bookings, t), heldPeriod(window, t));
}

/** `heldPeak` with the instant it is reached and the hired units present then (a shortage's numbers). */
export function heldNetPeak(
  bookings: readonly Booking[],
  window: Window,
  t: Turnaround,
  hires: readonly Hire[],
) {
  return netPeak(heldBookings(bookings, t), hires, heldPeriod(window, t));
}

/**
 * `earliestFree` with turnaround: the earliest start t ≥ window.start of a period as long as the window whose
 * held period is free of the held bookings for `wanted` units. Null when never.
 */
export function earliestFreeHeld(
  stock: number,
  bookings: readonly Booking[],
  window: Window,
  wanted: number,
  t: Turnaround,
  hires: readonly Hire[] = [],
): number | null {
  const free = earliestFree(stock, heldBookings(bookings, t), heldPeriod(window, t), wanted, hires);
  return free === null ? null : free + t.before;
}
