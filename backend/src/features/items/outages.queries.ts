import { and, asc, eq } from "drizzle-orm";
import { isOpenOutage } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { orderItemMovements, orderItems, subRentals, suppliers, workCases } from "../../db/schema";

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
  subRentalId: orderItemMovements.subRentalId,
  supplierName: suppliers.name,
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
  /** The hire whose units these are (外部手配, docs/subrental.md), with its supplier's name; null: own units. */
  subRentalId: number | null;
  supplierName: string | null;
}

/** Lost or broken reports (movements) with their order item's item and case; the caller adds the filter. */
export function outageRows(db: Queryable) {
  return db
    .select(outageColumns)
    .from(orderItemMovements)
    .innerJoin(orderItems, eq(orderItems.id, orderItemMovements.orderItemId))
    .innerJoin(workCases, eq(workCases.id, orderItems.workCaseId))
    .leftJoin(subRentals, eq(subRentals.id, orderItemMovements.subRentalId))
    .leftJoin(suppliers, eq(suppliers.id, subRentals.supplierId));
}

/**
 * The item's units out of service now (lost or broken, not yet found or repaired), oldest first: its own and the
 * hired ones (外部手配, named by their supplier; docs/subrental.md), each found or repaired the same way.
 */
export function openOutagesOfItem(db: Queryable, groupId: number, itemId: number): Promise<OutageRow[]> {
  return outageRows(db)
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.itemId, itemId), isOpenOutage()))
    .orderBy(asc(orderItemMovements.at), asc(orderItemMovements.id));
}
