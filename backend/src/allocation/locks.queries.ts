import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { readTogether } from "../db/readTogether";
import { categories, items, orderItemBookings, workCases } from "../db/schema";
import { outagesInWindow } from "./outages.queries";
import { turnaroundColumns } from "./turnaround.queries";

type Queryable = Db | Tx;

/**
 * The rows every allocation write locks, in the order they all lock them (docs/allocation.md): the case,
 * then its items in id order, then the order items. The locks themselves are taken by the SQL function
 * `lock_allocation` (db/functions/allocation.sql), the one source of that order, which the +'s function
 * calls too; the reads here come after it, in statements of their own, so they see the rows as the last
 * holder of each lock committed them. The item feature's stock edit and the CSV import take the same item
 * locks from here.
 */

/** A work case row. */
export type CaseRow = typeof workCases.$inferSelect;

/** What one call of `lock_allocation` locks: a case (share, or update), items and order items. */
export interface AllocationLocks {
  caseId?: number;
  caseMode?: "share" | "update";
  itemIds?: number[];
  orderItemIds?: number[];
}

/** Takes the locks of an allocation write in the one order (`lock_allocation`); another group's ids lock nothing. */
export async function lockAllocation(tx: Tx, groupId: number, locks: AllocationLocks): Promise<void> {
  const ints = (ids: number[] | undefined) => `{${[...new Set(ids ?? [])].join(",")}}`;
  await tx.execute(
    sql`SELECT lock_allocation(${groupId}, ${locks.caseId ?? null}::integer, ${locks.caseMode === "update"},
                               ${ints(locks.itemIds)}::integer[], ${ints(locks.orderItemIds)}::integer[])`,
  );
}

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
 * Locks a case row and reads it. Every allocation write takes the case first (share: add, reduce, order item
 * edit, duplicate's source; update: period change, status change, delete) and then its items in id order.
 */
export async function lockCase(
  tx: Tx,
  groupId: number,
  id: number,
  mode: "share" | "update",
): Promise<CaseRow | undefined> {
  await lockAllocation(tx, groupId, { caseId: id, caseMode: mode });
  return findCase(tx, groupId, id);
}

/** Locks item rows in id order (the order every writer uses, so two writers never deadlock) and reads them. */
export async function lockItems(tx: Tx, groupId: number, ids: number[]) {
  await lockAllocation(tx, groupId, { itemIds: ids });
  return itemRows(tx, groupId, ids);
}

/**
 * Item rows as they are now (a caller that needs them fixed locks them first: lockAllocation), with their
 * turnaround (own, else the category's). A category's turnaround edit locks the items that follow it, so a
 * locked item's turnaround is fixed too.
 */
export function itemRows(db: Queryable, groupId: number, ids: number[]) {
  return db
    .select({
      id: items.id,
      title: items.title,
      categoryId: items.categoryId,
      stockQuantity: items.stockQuantity,
      note: items.note,
      version: items.version,
      unitTracked: items.unitTracked,
      ownTurnaroundBeforeMinutes: items.turnaroundBeforeMinutes,
      ownTurnaroundAfterMinutes: items.turnaroundAfterMinutes,
      ...turnaroundColumns,
    })
    .from(items)
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
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
  const [booked, out] = await readTogether(db, [
    () => orderItemsInWindow(db, groupId, itemIds, from, to, exceptCaseId),
    () => outagesInWindow(db, groupId, itemIds, from, to),
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
