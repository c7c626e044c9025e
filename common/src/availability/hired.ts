import { peakUsage } from "./peak";
import { type Booking, toMs, type Window } from "./types";

/**
 * Hired stock (外部手配, docs/subrental.md): units hired in from a supplier are the item's stock for the closed
 * period they are with us, [arrival, return], and only then. One rule for every reader: at an instant t the
 * item has `stock + hired(t)` units, so the invariant is usage(t) ≤ stock + hired(t) for every t, i.e.
 * max over t of (usage(t) − hired(t)) ≤ stock. The functions below compute that maximum ("net peak"); every
 * check compares it (+ what it asks) with the item's own stock, exactly as it compares the plain peak without
 * hires. Hired units are not widened by the turnaround: a booking held with its turnaround must find them over
 * its whole held period (the hire is made for the case's period plus the turnaround).
 *
 * Instants are integer epoch ms: a period [s, e] holds s…e and no longer holds e + 1, so usage can rise
 * (a booking starts, a hire's units go back at e + 1) and fall only at such instants.
 */
export type Hire = Booking;

/** The net peak over a window, where it is first reached, and the hired units present then. */
export interface NetPeak {
  /** max over t of usage(t) − hired(t); may be negative (more hired than used). */
  peak: number;
  /** The first instant (epoch ms) at which it is reached (the window's start when nothing changes in it). */
  at: number;
  /** Hired units present at `at`. */
  hired: number;
  /** Booked units at `at` (peak + hired). */
  used: number;
}

type Change = [time: number, used: number, hired: number];

/** Usage and hired units at `from`, and their changes after it up to `to`, sorted by time. */
function changesIn(bookings: readonly Booking[], hires: readonly Hire[], from: number, to: number) {
  let used = 0;
  let hired = 0;
  const changes: Change[] = [];
  const add = (list: readonly Booking[], hire: boolean) => {
    for (const x of list) {
      const s = toMs(x.start);
      const e = toMs(x.end);
      const q = x.quantity;
      // Negated comparisons drop NaN too. A malformed hire is ignored (less stock: never more lenient).
      if (!(s <= e) || !(q > 0) || e < from || s > to) continue;
      if (s <= from) {
        if (hire) hired += q;
        else used += q;
      } else changes.push(hire ? [s, 0, q] : [s, q, 0]);
      if (e + 1 <= to) changes.push(hire ? [e + 1, 0, -q] : [e + 1, -q, 0]);
    }
  };
  add(bookings, false);
  add(hires, true);
  changes.sort((a, b) => a[0] - b[0]);
  return { used, hired, changes };
}

/** Calls `visit(t, used, hired)` at `from` and at every instant of [from, to] where usage or hired units change. */
function sweep(
  bookings: readonly Booking[],
  hires: readonly Hire[],
  from: number,
  to: number,
  visit: (t: number, used: number, hired: number) => boolean | undefined,
): void {
  let { used, hired, changes } = changesIn(bookings, hires, from, to);
  if (visit(from, used, hired)) return;
  for (let i = 0; i < changes.length; ) {
    const t = changes[i]![0];
    for (; i < changes.length && changes[i]![0] === t; i++) {
      used += changes[i]![1];
      hired += changes[i]![2];
    }
    if (visit(t, used, hired)) return;
  }
}

/**
 * max over t in the closed window of usage(t) − hired(t), with the first instant reaching it. Without hires it
 * is `peakUsage` (0 when nothing overlaps). O(n log n).
 */
export function netPeak(bookings: readonly Booking[], hires: readonly Hire[], window: Window): NetPeak {
  const from = toMs(window.start);
  const to = toMs(window.end);
  if (hires.length === 0 || !(from <= to)) {
    const peak = peakUsage(bookings, window);
    return { peak, at: from, hired: 0, used: peak };
  }
  let best: NetPeak | undefined;
  sweep(bookings, hires, from, to, (t, used, hired) => {
    if (!best || used - hired > best.peak) best = { peak: used - hired, at: t, hired, used };
    return undefined;
  });
  return best!;
}

/** Hired units present at every instant of the window: their minimum over it (0 without hires). */
export function hiredThroughout(hires: readonly Hire[], window: Window): number {
  if (hires.length === 0) return 0;
  let least = Number.POSITIVE_INFINITY;
  sweep([], hires, toMs(window.start), toMs(window.end), (_t, _used, hired) => {
    least = Math.min(least, hired);
    return undefined;
  });
  return Number.isFinite(least) ? least : 0;
}

/**
 * The first instant at which usage exceeds stock + hired units, with the usage and hired units then; null when
 * the stock and the hires cover every instant. Usage − hired only rises where a booking starts or a hire ends.
 */
export function firstNetExcess(
  stock: number,
  bookings: readonly Booking[],
  hires: readonly Hire[],
): { at: number; used: number; hired: number } | null {
  let found: { at: number; used: number; hired: number } | null = null;
  sweep(bookings, hires, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, (t, used, hired) => {
    if (used - hired > stock) found = { at: t, used, hired };
    return found !== null;
  });
  return found;
}

/** Net peak (usage − hired) within each [bounds[i], bounds[i+1]) — `peaksBetween` with hired stock. */
export function netPeaksBetween(
  bookings: readonly Booking[],
  hires: readonly Hire[],
  bounds: readonly number[],
): number[] {
  const peaks: number[] = [];
  for (let day = 0; day + 1 < bounds.length; day++) {
    peaks.push(netPeak(bookings, hires, { start: bounds[day]!, end: bounds[day + 1]! - 1 }).peak);
  }
  return peaks;
}

/** Hired units present at some instant of each [bounds[i], bounds[i+1]): the most of them that day. */
export function hiredPerDay(hires: readonly Hire[], bounds: readonly number[]): number[] {
  const most: number[] = [];
  for (let day = 0; day + 1 < bounds.length; day++) {
    let m = 0;
    sweep([], hires, bounds[day]!, bounds[day + 1]! - 1, (_t, _u, hired) => {
      m = Math.max(m, hired);
      return undefined;
    });
    most.push(m);
  }
  return most;
}
