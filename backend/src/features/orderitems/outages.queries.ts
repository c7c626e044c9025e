import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderItemMovements } from "../../db/schema";
import { type OutageRow, outageRows } from "../items";

type Queryable = Db | Tx;

/**
 * One lost or broken report of the group (resolved or not), own or hired units (外部手配, docs/subrental.md), or
 * undefined.
 */
export async function findOutage(db: Queryable, groupId: number, id: number): Promise<OutageRow | undefined> {
  const [row] = await outageRows(db).where(
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
