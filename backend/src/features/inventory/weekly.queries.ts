import { and, eq, gte, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderItems } from "../../db/schema";

type Queryable = Db | Tx;

/**
 * Every order item of the group that overlaps [from, to): one query for the whole week and all items,
 * served by the index on (group_id, start_date, end_date).
 */
export function bookingsOverlapping(db: Queryable, groupId: number, from: Date, to: Date) {
  return db
    .select({
      itemId: orderItems.itemId,
      start: orderItems.startDate,
      end: orderItems.endDate,
      quantity: orderItems.orderQuantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.groupId, groupId), lt(orderItems.startDate, to), gte(orderItems.endDate, from)));
}
