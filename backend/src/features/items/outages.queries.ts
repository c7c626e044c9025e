import { and, asc, eq, isNull } from "drizzle-orm";
import { isOpenOutage } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { orderItemMovements, orderItems, workCases } from "../../db/schema";

type Queryable = Db | Tx;

const outageColumns = {
  id: orderItemMovements.id,
  orderItemId: orderItemMovements.orderItemId,
  itemId: orderItems.itemId,
  workCaseId: orderItems.workCaseId,
  workCaseTitle: workCases.title,
  disposition: orderItemMovements.disposition,
  quantity: orderItemMovements.quantity,
  at: orderItemMovements.at,
  memberId: orderItemMovements.memberId,
  memberName: orderItemMovements.memberName,
  repairDue: orderItemMovements.repairDue,
  resolvedAt: orderItemMovements.resolvedAt,
  resolvedBy: orderItemMovements.resolvedBy,
  resolvedByName: orderItemMovements.resolvedByName,
};

/** A lost or broken report with its order item's item and case. */
export interface OutageRow {
  id: number;
  orderItemId: number;
  itemId: number;
  workCaseId: number;
  workCaseTitle: string;
  disposition: "returned" | "lost" | "broken";
  quantity: number;
  at: Date;
  memberId: number | null;
  memberName: string;
  repairDue: Date | null;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  resolvedByName: string | null;
}

/** Lost or broken reports (movements) with their order item's item and case; the caller adds the filter. */
export function outageRows(db: Queryable) {
  return db
    .select(outageColumns)
    .from(orderItemMovements)
    .innerJoin(orderItems, eq(orderItems.id, orderItemMovements.orderItemId))
    .innerJoin(workCases, eq(workCases.id, orderItems.workCaseId));
}

/**
 * The item's own units out of service now (lost or broken, not yet found or repaired), oldest first. Hired units
 * lost or broken are the supplier's: they are shown on their sub-rental (docs/subrental.md), not here.
 */
export function openOutagesOfItem(db: Queryable, groupId: number, itemId: number): Promise<OutageRow[]> {
  return outageRows(db)
    .where(
      and(
        eq(orderItems.groupId, groupId),
        eq(orderItems.itemId, itemId),
        isOpenOutage(),
        isNull(orderItemMovements.subRentalId),
      ),
    )
    .orderBy(asc(orderItemMovements.at), asc(orderItemMovements.id));
}
