import { type Booking, type Instant, toMs } from "./types";

/** Where an open hold ends (as the view item_outages: an overdue unit's return is not known yet). */
export const OPEN_END = Date.UTC(9999, 11, 31);

/** An issue or receive of some units of a line (docs/lifecycle.md); receives carry their disposition. */
export interface LineMovement {
  kind: "issue" | "receive";
  quantity: number;
  at: Instant;
  disposition?: "returned" | "lost" | "broken";
}

/** An order item as planned: `quantity` units over the closed period [start, end]. */
export interface PlannedLine {
  start: Instant;
  end: Instant;
  quantity: number;
}

/**
 * What an order item holds when availability follows reality (issue 25, part 4; docs/lifecycle.md), as
 * bookings of the peak rule:
 * - units returned in good order at r hold [start, r − 1 ms]: an early return frees them from r, a late one
 *   held them until r;
 * - units reported lost or broken at r hold [start, max(end, r − 1 ms)]: the period as planned, and the time
 *   they were overdue; from r on they are out of service (item_outages), not the line's;
 * - units out and not back hold the period and, once `now` is past the end (延滞), everything after it until
 *   they are received (OPEN_END);
 * - units never issued hold the period as planned.
 * Movements are read as the tally reads them (sums; receives in time order).
 */
export function realBookings(line: PlannedLine, movements: readonly LineMovement[], now: Instant): Booking[] {
  const start = toMs(line.start);
  const end = toMs(line.end);
  const bookings: Booking[] = [];
  let issued = 0;
  let received = 0;
  for (const m of movements) {
    if (m.kind === "issue") {
      issued += m.quantity;
      continue;
    }
    received += m.quantity;
    const r = toMs(m.at);
    const until = (m.disposition ?? "returned") === "returned" ? r - 1 : Math.max(end, r - 1);
    if (until >= start && m.quantity > 0) bookings.push({ start, end: until, quantity: m.quantity });
  }
  const out = Math.max(0, issued - received);
  const planned = Math.max(0, line.quantity - Math.max(issued, received));
  if (out > 0) bookings.push({ start, end: toMs(now) > end ? OPEN_END : end, quantity: out });
  if (planned > 0) bookings.push({ start, end, quantity: planned });
  return bookings;
}

/**
 * Units a line holds beyond its planned end because they are overdue (out, not back, `now` past the end):
 * a following case that needs them is warned.
 */
export function overdueQuantity(line: PlannedLine, movements: readonly LineMovement[], now: Instant): number {
  if (toMs(now) <= toMs(line.end)) return 0;
  let out = 0;
  for (const m of movements) out += m.kind === "issue" ? m.quantity : -m.quantity;
  return Math.max(0, out);
}

/**
 * What an order item holds for every allocation check and count (the view order_item_bookings in SQL,
 * docs/lifecycle.md): `realBookings` read at the line's start and kept within its planned period. Units
 * returned in good order before the end free stock from their return; everything else holds the plan:
 * overdue units (延滞) are a warning, not usage (time alone would otherwise break the invariant with no write
 * to refuse), and a late return does not extend the past.
 */
export function checkedBookings(line: PlannedLine, movements: readonly LineMovement[]): Booking[] {
  const end = toMs(line.end);
  return realBookings(line, movements, line.start).map((b) => ({
    start: b.start,
    end: Math.min(toMs(b.end), end),
    quantity: b.quantity,
  }));
}
