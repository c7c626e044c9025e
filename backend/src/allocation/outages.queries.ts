import { and, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { itemOutages, orderItemMovements, orderItems } from "../db/schema";

type Queryable = Db | Tx;

/**
 * Units out of service (lost, broken) as bookings of these items overlapping the closed window [from, to]
 * (docs/lifecycle.md: [reported, resolved) minus the order item's own period, from the view item_outages).
 * Every allocation check adds them to the order items it reads.
 */
export function outagesInWindow(db: Queryable, groupId: number, itemIds: number[], from: Date, to: Date) {
  return db
    .select({
      itemId: itemOutages.itemId,
      workCaseId: itemOutages.workCaseId,
      start: itemOutages.startDate,
      end: itemOutages.endDate,
      quantity: itemOutages.quantity,
    })
    .from(itemOutages)
    .where(
      and(
        eq(itemOutages.groupId, groupId),
        inArray(itemOutages.itemId, itemIds),
        lte(itemOutages.startDate, to),
        gte(itemOutages.endDate, from),
      ),
    );
}

/** The periods over which one movement's lost or broken units hold stock (none for a returned one). */
export function outagePeriodsOf(db: Queryable, movementId: number) {
  return db
    .select({ start: itemOutages.startDate, end: itemOutages.endDate })
    .from(itemOutages)
    .where(eq(itemOutages.movementId, movementId));
}

/** A lost or broken report not yet found or repaired: units out of service now. */
export const isOpenOutage = () =>
  and(ne(orderItemMovements.disposition, "returned"), isNull(orderItemMovements.resolvedAt));

/** Whether a case has units out of service now (lost or broken, not found or repaired). */
export async function caseHasOpenOutages(db: Queryable, groupId: number, caseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItemMovements.id })
    .from(orderItemMovements)
    .innerJoin(orderItems, eq(orderItems.id, orderItemMovements.orderItemId))
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId), isOpenOutage()))
    .limit(1);
  return row !== undefined;
}
