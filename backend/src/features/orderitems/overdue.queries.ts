import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { turnaroundColumns } from "../../allocation";
import type { Db } from "../../db/client";
import { categories, items, orderItems, workCases } from "../../db/schema";

/** Order items of these items with units out past their end (延滞) at `now`, of any case. */
export function overdueLines(db: Db, groupId: number, itemIds: number[], now: Date) {
  return db
    .select({
      itemId: orderItems.itemId,
      caseId: orderItems.workCaseId,
      caseTitle: workCases.title,
      start: orderItems.startDate,
      end: orderItems.endDate,
      quantity: orderItems.orderQuantity,
      issued: orderItems.issuedQuantity,
      received: orderItems.receivedQuantity,
    })
    .from(orderItems)
    .innerJoin(workCases, eq(workCases.id, orderItems.workCaseId))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        inArray(orderItems.itemId, itemIds),
        lt(orderItems.endDate, now),
        gt(orderItems.issuedQuantity, orderItems.receivedQuantity),
      ),
    );
}

/** The cases' order items not yet issued entirely (a cancelled case holds nothing and is never warned). */
export function waitingLines(db: Db, groupId: number, caseIds: number[]) {
  return db
    .select({
      caseId: orderItems.workCaseId,
      itemId: orderItems.itemId,
      title: items.title,
      stock: items.stockQuantity,
      start: orderItems.startDate,
      end: orderItems.endDate,
      ...turnaroundColumns,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
    .innerJoin(workCases, and(eq(workCases.id, orderItems.workCaseId), ne(workCases.status, "cancelled")))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        inArray(orderItems.workCaseId, caseIds),
        sql`${orderItems.issuedQuantity} < ${orderItems.orderQuantity}`,
      ),
    );
}
