import type { Tx } from "../db/client";

/**
 * Test hooks of the allocation writes, injected through the dependencies (`AppDeps.allocationHooks`, which
 * production never sets), not through the services' parameters or the SQL function's signature. The
 * concurrency tests' controls use them to show that their invariant check catches overbooking when the
 * item lock is missing.
 */
export interface AllocationHooks {
  /** false: the item rows are read without FOR UPDATE (case edit, order item edit). */
  lockRows?: boolean;
  /**
   * The SQL function the + calls instead of `add_allocation_unit` (same signature): the control installs
   * a copy without the item lock (allocation.testkit.ts).
   */
  addUnitFunction?: string;
  /** Runs after the check, before the commit (after the write in additem, which writes first). */
  afterCheck?: (tx: Tx) => Promise<void>;
}
