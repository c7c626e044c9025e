import { and, asc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { items, orderItems, workCases } from "../db/schema";

type Queryable = Db | Tx;

/**
 * The rows every allocation write locks, in the order they all lock them (docs/allocation.md): the case,
 * then its items in id order, then the order item. The item feature's stock edit and the CSV import take
 * the same item locks from here.
 */

/** A work case row. */
export type CaseRow = typeof workCases.$inferSelect;

/** A case of the group, or undefined (another group's id behaves like a missing one). */
export async function findCase(db: Queryable, groupId: number, id: number): Promise<CaseRow | undefined> {
  const [row] = await db
    .select()
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)))
    .limit(1);
  return row;
}

/**
 * Locks a case row. Every allocation write takes the case first (share: add, reduce, order item edit,
 * duplicate's source; update: period change, delete) and then its items in id order.
 */
export async function lockCase(
  tx: Tx,
  groupId: number,
  id: number,
  mode: "share" | "update",
): Promise<CaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)))
    .for(mode);
  return row;
}

/** Locks item rows in id order (the order every writer uses, so two writers never deadlock). */
export function lockItems(db: Queryable, groupId: number, ids: number[]) {
  return db
    .select({ id: items.id, title: items.title, stockQuantity: items.stockQuantity, version: items.version })
    .from(items)
    .where(and(eq(items.groupId, groupId), inArray(items.id, ids)))
    .orderBy(asc(items.id))
    .for("update");
}

/** Items without a lock: only the control of the concurrency test reads them so (AllocationHooks.lockRows). */
export function itemsUnlocked(db: Queryable, groupId: number, ids: number[]) {
  return db
    .select({ id: items.id, title: items.title, stockQuantity: items.stockQuantity })
    .from(items)
    .where(and(eq(items.groupId, groupId), inArray(items.id, ids)))
    .orderBy(asc(items.id));
}

/**
 * The order items of these items that overlap the closed window [from, to] (served by the index on
 * (item_id, start_date, end_date)), optionally leaving out one case's own. Cancelled cases hold no stock
 * (docs/lifecycle.md).
 */
export function bookingsInWindow(
  db: Queryable,
  groupId: number,
  itemIds: number[],
  from: Date,
  to: Date,
  exceptCaseId?: number,
) {
  return db
    .select({
      itemId: orderItems.itemId,
      workCaseId: orderItems.workCaseId,
      start: orderItems.startDate,
      end: orderItems.endDate,
      quantity: orderItems.orderQuantity,
    })
    .from(orderItems)
    .innerJoin(workCases, and(eq(workCases.id, orderItems.workCaseId), ne(workCases.status, "cancelled")))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        inArray(orderItems.itemId, itemIds),
        lte(orderItems.startDate, to),
        gte(orderItems.endDate, from),
        exceptCaseId === undefined ? undefined : ne(orderItems.workCaseId, exceptCaseId),
      ),
    );
}
