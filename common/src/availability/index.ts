/** Pure availability rules (DOMAIN.md, Allocation and availability); no Node- or DOM-only APIs. */

/** Peak usage per calendar day of a week, and the zone's day boundaries behind it. */
export { dailyPeaks, dayStarts, peaksBetween } from "./daily";
/** Hired stock (外部手配): units hired in add to the stock for the period they are with us. */
export {
  firstNetExcess,
  type Hire,
  hiredPerDay,
  hiredThroughout,
  type NetPeak,
  netPeak,
  netPeaksBetween,
} from "./hired";
/** What a lost or broken report holds: own units after their case, hired ones only within their hire. */
export { outageBookings } from "./outages";
/** Where a refused catalogue change first overbooks an item, and the bookings held then. */
export { firstOverbooking, type Overbooking } from "./overbooking";
/** Peak usage over a closed window, or over all time. */
export { overallPeak, peakUsage } from "./peak";
/** What an order item holds when availability follows reality: early returns, overdue units. */
export {
  checkedBookings,
  type LineMovement,
  OPEN_END,
  overdueQuantity,
  type PlannedLine,
  realBookings,
} from "./reality";
/** Sets (セット品): shippable sets from their parts' shippable units. */
export { dailyShippableSets, type SetPart, shippableSets, unitsForSets } from "./sets";
/** Shippable quantity and the write-path invariant checks. */
export { checkInvariant, findShortages, shippableQuantity } from "./stock";
/** Turnaround (点検・準備時間): bookings held beyond their period, one rule for every reader. */
export {
  earliestFreeHeld,
  hasTurnaround,
  heldBookings,
  heldNetPeak,
  heldPeak,
  heldPeriod,
  NO_TURNAROUND,
  type Turnaround,
  turnaroundOfMinutes,
  turnaroundReach,
} from "./turnaround";
/** Booking, window, shortage and check-result types. */
export type { Booking, Instant, ItemBookings, Shortage, StockCheck, Window } from "./types";
