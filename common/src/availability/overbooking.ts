import { firstNetExcess, type Hire } from "./hired";
import { heldBookings, heldPeriod, NO_TURNAROUND, type Turnaround } from "./turnaround";
import type { Booking } from "./types";

/** The first instant an item's held bookings exceed its stock, and the bookings held then. */
export interface Overbooking<T extends Booking> {
  /** Epoch ms: the earliest instant at which usage (turnaround included) exceeds the stock. */
  at: number;
  /** Units held at that instant (> stock). */
  usage: number;
  /** The bookings whose held period contains `at`, in input order. */
  held: T[];
  /** Hired units (外部手配) present at `at` (only when hires were given). */
  hired?: number;
}

/**
 * Where a refused catalogue change (a lower stock, a longer turnaround) first breaks the item: the earliest
 * instant at which its bookings, each held with the turnaround ([start − before, end + after]), add up to more
 * than `stock`, and the bookings held at that instant (who the coordinator must call). Null when the stock
 * covers every instant (exactly `checkInvariant`'s rule). The first instant rather than the highest peak:
 * fixing the earliest conflict is the coordinator's next step, and it is the only instant whose cases are all
 * certainly part of the problem. Usage only rises at a held start, so only held starts are tried. O(n log n).
 * Bookings with a non-positive quantity or an invalid instant are left out, as `peakUsage` leaves them.
 */
export function firstOverbooking<T extends Booking>(
  stock: number,
  bookings: readonly T[],
  turnaround: Turnaround = NO_TURNAROUND,
  hires: readonly Hire[] = [],
): Overbooking<T> | null {
  if (hires.length > 0) {
    // With hired units usage − hired can also first exceed the stock where a hire's units go back (hired.ts).
    const first = firstNetExcess(stock, heldBookings(bookings, turnaround), hires);
    if (!first) return null;
    const held = bookings.filter((b) => {
      const p = heldPeriod(b, turnaround);
      return b.quantity > 0 && p.start <= first.at && first.at <= p.end;
    });
    return { at: first.at, usage: first.used, held, hired: first.hired };
  }
  const periods = bookings
    .map((booking) => ({ booking, ...heldPeriod(booking, turnaround) }))
    .filter((p) => p.start <= p.end && p.booking.quantity > 0);
  const starts = [...periods].sort((a, b) => a.start - b.start);
  const ends = [...periods].sort((a, b) => a.end - b.end);
  let usage = 0;
  let j = 0;
  for (const p of starts) {
    // Closed periods: one ending at t still holds t, so only ends before t are released.
    for (; j < ends.length && ends[j]!.end < p.start; j++) usage -= ends[j]!.booking.quantity;
    usage += p.booking.quantity;
    if (usage > stock) {
      const at = p.start;
      const held = periods.filter((q) => q.start <= at && at <= q.end).map((q) => q.booking);
      return { at, usage: held.reduce((sum, b) => sum + b.quantity, 0), held };
    }
  }
  return null;
}
