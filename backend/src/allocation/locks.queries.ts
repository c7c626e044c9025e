import { and, asc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { items, orderItemBookings, workCases } from "../db/schema";
import { outagesInWindow } from "./outages.queries";

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
    .select({
      id: items.id,
      title: items.title,
      categoryId: items.categoryId,
      stockQuantity: items.stockQuantity,
      version: items.version,
    })
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
 * (item_id, start_date, end_date)), optionally leaving out one case's own, and the units out of service
 * (lost, broken: docs/lifecycle.md, marked `outOfService`), the case's own among them. Cancelled cases hold
 * no stock.
 */
export async function bookingsInWindow(
  db: Queryable,
  groupId: number,
  itemIds: number[],
  from: Date,
  to: Date,
  exceptCaseId?: number,
) {
  const [booked, out] = await Promise.all([
    orderItemsInWindow(db, groupId, itemIds, from, to, exceptCaseId),
    outagesInWindow(db, groupId, itemIds, from, to),
  ]);
  return [
    ...booked.map((b) => ({ ...b, outOfService: false })),
    ...out.map((o) => ({ ...o, outOfService: true })),
  ];
}

function orderItemsInWindow(
  db: Queryable,
  groupId: number,
  itemIds: number[],
  from: Date,
  to: Date,
  exceptCaseId?: number,
) {
  // What order items hold (early returns free their units from the return: the view order_item_bookings).
  const b = orderItemBookings;
  return db
    .select({
      itemId: b.itemId,
      workCaseId: b.workCaseId,
      start: b.startDate,
      end: b.endDate,
      quantity: b.quantity,
    })
    .from(b)
    .innerJoin(workCases, and(eq(workCases.id, b.workCaseId), ne(workCases.status, "cancelled")))
    .where(
      and(
        eq(b.groupId, groupId),
        inArray(b.itemId, itemIds),
        lte(b.startDate, to),
        gte(b.plannedEnd, from),
        gte(b.endDate, from),
        exceptCaseId === undefined ? undefined : ne(b.workCaseId, exceptCaseId),
      ),
    );
}
