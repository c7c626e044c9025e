import { and, asc, eq, isNull, ne } from "drizzle-orm";
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

function outages(db: Queryable) {
  return db
    .select(outageColumns)
    .from(orderItemMovements)
    .innerJoin(orderItems, eq(orderItems.id, orderItemMovements.orderItemId))
    .innerJoin(workCases, eq(workCases.id, orderItems.workCaseId));
}

/** The item's units out of service now (lost or broken, not yet found or repaired), oldest first. */
export function openOutagesOfItem(db: Queryable, groupId: number, itemId: number): Promise<OutageRow[]> {
  return outages(db)
    .where(
      and(
        eq(orderItems.groupId, groupId),
        eq(orderItems.itemId, itemId),
        ne(orderItemMovements.disposition, "returned"),
        isNull(orderItemMovements.resolvedAt),
      ),
    )
    .orderBy(asc(orderItemMovements.at), asc(orderItemMovements.id));
}

/** One lost or broken report of the group (resolved or not), or undefined. */
export async function findOutage(db: Queryable, groupId: number, id: number): Promise<OutageRow | undefined> {
  const [row] = await outages(db).where(
    and(
      eq(orderItemMovements.groupId, groupId),
      eq(orderItemMovements.id, id),
      ne(orderItemMovements.disposition, "returned"),
    ),
  );
  return row;
}

/** Records the units found or repaired, by whom, now (the order item chain is locked by the caller). */
export async function resolveOutage(tx: Tx, id: number, at: Date, memberId: number, memberName: string) {
  await tx
    .update(orderItemMovements)
    .set({ resolvedAt: at, resolvedBy: memberId, resolvedByName: memberName })
    .where(and(eq(orderItemMovements.id, id), isNull(orderItemMovements.resolvedAt)));
}
