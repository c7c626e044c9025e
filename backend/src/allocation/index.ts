/**
 * Allocation: the one module that keeps the invariant (for every item and instant, booked ≤ stock). Case,
 * order item, item and import features use it through this file: the lock order (case, items in id order),
 * the check of proposed bookings, the + statement, and the test hooks (docs/allocation.md).
 */
export { addUnitLocked, type UnitAdded } from "./addUnit.queries";
export {
  type LockedItem,
  lockItemsForAllocation,
  type ProposedBooking,
  shortageError,
  shortagesOf,
  spanOf,
} from "./allocation";
export type { AllocationHooks } from "./hooks";
export { bookingsInWindow, type CaseRow, findCase, lockCase, lockItems } from "./locks.queries";
export { caseHasOpenOutages, outagePeriodsOf, outagesInWindow } from "./outages.queries";
export { type RefusedWindow, shortageRefusal } from "./tentativeHolds";
