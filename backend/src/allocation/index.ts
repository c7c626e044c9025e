/**
 * Allocation: the one module that keeps the invariant (for every item and instant, booked ≤ stock). Case,
 * order item, item and import features use it through this file: the locks in the one order (case, items in
 * id order, order items: the SQL function lock_allocation), the check of proposed bookings and the +
 * statement (docs/allocation.md). Tests' controls replace the lock function in their own database
 * (allocation.testkit.ts); production code has no test hook.
 */
export { addUnitLocked, type UnitAdded } from "./addUnit.queries";
export {
  addedUnitShortage,
  assertTurnaroundCovers,
  BEGINNING,
  END_OF_TIME,
  type LockedItem,
  lockItemsForAllocation,
  type ProposedBooking,
  type RefusedWindow,
  shortageError,
  shortageRefusal,
  shortagesOf,
  spanOf,
} from "./allocation";
export {
  type HireRow,
  hiredEnd,
  hiredLosses,
  hireOfGroup,
  hiresByItem,
  hiresForLine,
  hiresInWindow,
} from "./hires.queries";
export {
  type AllocationLocks,
  bookingsInWindow,
  type CaseRow,
  findCase,
  itemRows,
  lockAllocation,
  lockCase,
  lockItems,
} from "./locks.queries";
export { caseHasOpenOutages, isOpenOutage, outagePeriodsOf, outagesInWindow } from "./outages.queries";
export { type CaseBooking, type CheckedItem, caseBookingsByItem, refuseShortItems } from "./shortCases";
export { groupReach, turnaroundColumns, turnaroundOf, turnaroundSql } from "./turnaround.queries";
