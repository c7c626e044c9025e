import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderItems } from "../../db/schema";

type Queryable = Db | Tx;

/** The period of a case's own order item of an item, or undefined when the case has none. */
export async function ownPeriod(
  db: Queryable,
  groupId: number,
  caseId: number,
  itemId: number,
): Promise<{ start: Date; end: Date; quantity: number } | undefined> {
  const [row] = await db
    .select({ start: orderItems.startDate, end: orderItems.endDate, quantity: orderItems.orderQuantity })
    .from(orderItems)
    .where(
      and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId), eq(orderItems.itemId, itemId)),
    )
    .limit(1);
  return row;
}
