import { type Hire, netPeak } from "./hired";
import { overallPeak } from "./peak";
import { heldBookings, heldPeak, NO_TURNAROUND, type Turnaround } from "./turnaround";
import type { Booking, ItemBookings, Shortage, StockCheck, Window } from "./types";

/**
 * Units still free for one more allocation during `window`: stock − peak usage, at least 0.
 * `bookings` normally already include the case's own order item. A caller whose list leaves it out
 * passes its quantity as `ownQuantity`; it is counted as held over the whole window (the own
 * order item's period is the window). Passing both would count it twice. The item's turnaround widens every
 * booking and the window alike (`heldPeak`); hired units (外部手配) add to the stock where they are with us.
 */
export function shippableQuantity(
  stock: number,
  bookings: readonly Booking[],
  window: Window,
  ownQuantity = 0,
  turnaround: Turnaround = NO_TURNAROUND,
  hires: readonly Hire[] = [],
): number {
  return Math.max(0, stock - heldPeak(bookings, window, turnaround, hires) - Math.max(0, ownQuantity));
}

/** Peak usage over all time of one item's bookings (after a proposed change) and whether stock covers it. */
export function findShortages(stock: number, bookings: readonly Booking[]): StockCheck {
  const peak = overallPeak(bookings);
  return { peak, ok: peak <= stock };
}

/**
 * The items whose bookings exceed their stock at some instant, in input order; empty when all fit. An item with
 * hired units (外部手配) is short where usage − hired exceeds stock; its shortage then reads the worst instant's
 * usage as `required` and stock + the units hired then as `available`.
 */
export function checkInvariant(items: readonly ItemBookings[]): Shortage[] {
  const shortages: Shortage[] = [];
  for (const { item_id, title, stock, bookings, turnaround, hired } of items) {
    const held = heldBookings(bookings, turnaround ?? NO_TURNAROUND);
    if (hired && hired.length > 0) {
      const net = netPeak(held, hired, { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY });
      if (net.peak > stock)
        shortages.push({ item_id, title, required: net.used, available: stock + net.hired });
      continue;
    }
    const { peak, ok } = findShortages(stock, held);
    if (!ok) shortages.push({ item_id, title, required: peak, available: stock });
  }
  return shortages;
}
