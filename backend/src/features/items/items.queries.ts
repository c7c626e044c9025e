import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { epochMs, rowsOf } from "../../db/rawSql";
import { readTogether } from "../../db/readTogether";
import { categories, itemOutages, items, orderItemBookings, orderItems, workCases } from "../../db/schema";
import type { ItemRow } from "./items.presenter";

type Queryable = Db | Tx;

/** Columns of an item with its category's name. */
export const itemColumns = {
  id: items.id,
  groupId: items.groupId,
  categoryId: items.categoryId,
  categoryName: categories.name,
  title: items.title,
  stockQuantity: items.stockQuantity,
  note: items.note,
  createdAt: items.createdAt,
  version: items.version,
  unitTracked: items.unitTracked,
  turnaroundBeforeMinutes: items.turnaroundBeforeMinutes,
  turnaroundAfterMinutes: items.turnaroundAfterMinutes,
  categoryTurnaroundBeforeMinutes: categories.turnaroundBeforeMinutes,
  categoryTurnaroundAfterMinutes: categories.turnaroundAfterMinutes,
};

/** Titles sort by code point on both drivers (their default collations may differ). */
const titleOrder = sql`${items.title} COLLATE "C"`;

/**
 * Every item of the group with its category name, by title (by code point on both drivers). Raw SQL read with
 * `rowsOf`: the weekly view lists all 2,000 items of a large group on every request, and drizzle's per-field
 * mapping of the rows was a visible part of its time.
 */
export async function listItemsOfGroup(db: Queryable, groupId: number): Promise<ItemRow[]> {
  const rows = await rowsOf<{
    id: number;
    category_id: number;
    category_name: string;
    title: string;
    stock_quantity: number;
    note: string;
    created_ms: number;
    version: string | number;
    unit_tracked: boolean;
    own_before: number | null;
    own_after: number | null;
    category_before: number;
    category_after: number;
  }>(
    db,
    sql`
    SELECT i.id, i.category_id, c.name AS category_name, i.title, i.stock_quantity, i.note, i.version,
           i.unit_tracked,
           ${epochMs(sql`i.created_at`)}::float8 AS created_ms,
           i.turnaround_before_minutes AS own_before, i.turnaround_after_minutes AS own_after,
           c.turnaround_before_minutes AS category_before, c.turnaround_after_minutes AS category_after
    FROM items i
    JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
    WHERE i.group_id = ${groupId}
    ORDER BY i.title COLLATE "C", i.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    groupId,
    categoryId: r.category_id,
    categoryName: r.category_name,
    title: r.title,
    stockQuantity: r.stock_quantity,
    note: r.note,
    createdAt: new Date(r.created_ms),
    version: Number(r.version),
    unitTracked: r.unit_tracked === true,
    turnaroundBeforeMinutes: r.own_before,
    turnaroundAfterMinutes: r.own_after,
    categoryTurnaroundBeforeMinutes: r.category_before,
    categoryTurnaroundAfterMinutes: r.category_after,
  }));
}

export async function findItem(db: Queryable, groupId: number, id: number): Promise<ItemRow | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
    .where(and(eq(items.groupId, groupId), eq(items.id, id)))
    .limit(1);
  return row;
}

/** The category of the group with this id, shared-locked so it cannot be deleted under the write. */
export async function findCategoryForItem(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      categoryTurnaroundBeforeMinutes: categories.turnaroundBeforeMinutes,
      categoryTurnaroundAfterMinutes: categories.turnaroundAfterMinutes,
    })
    .from(categories)
    .where(and(eq(categories.groupId, groupId), eq(categories.id, id)))
    .for("share");
  return row;
}

export async function insertItem(
  db: Queryable,
  values: {
    groupId: number;
    categoryId: number;
    title: string;
    stockQuantity: number;
    note: string;
    turnaroundBeforeMinutes: number | null;
    turnaroundAfterMinutes: number | null;
  },
) {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

export async function updateItem(
  db: Queryable,
  groupId: number,
  id: number,
  set: {
    categoryId: number;
    title: string;
    stockQuantity: number;
    note: string;
    turnaroundBeforeMinutes: number | null;
    turnaroundAfterMinutes: number | null;
  },
) {
  const [row] = await db
    .update(items)
    .set(set)
    .where(and(eq(items.groupId, groupId), eq(items.id, id)))
    .returning();
  return row;
}

export async function deleteItem(db: Queryable, groupId: number, id: number) {
  await db.delete(items).where(and(eq(items.groupId, groupId), eq(items.id, id)));
}

/**
 * Every order item of these items (all of their history: the invariant holds at every instant), and their
 * units out of service (lost, broken: docs/lifecycle.md), which hold stock like bookings; each with its case, so
 * a refusal can name it (docs/catalogue.md).
 */
export async function bookingsOfItems(db: Queryable, groupId: number, itemIds: number[]) {
  const v = orderItemBookings;
  const booked = db
    .select({
      itemId: v.itemId,
      workCaseId: v.workCaseId,
      start: v.startDate,
      end: v.endDate,
      quantity: v.quantity,
      outOfService: sql<boolean>`false`,
    })
    .from(v)
    // Cancelled cases hold no stock (docs/lifecycle.md); early returns free their units from the return.
    .innerJoin(workCases, and(eq(workCases.id, v.workCaseId), ne(workCases.status, "cancelled")))
    .where(and(eq(v.groupId, groupId), inArray(v.itemId, itemIds)));
  const out = db
    .select({
      itemId: itemOutages.itemId,
      workCaseId: itemOutages.workCaseId,
      start: itemOutages.startDate,
      end: itemOutages.endDate,
      quantity: itemOutages.quantity,
      outOfService: sql<boolean>`true`,
    })
    .from(itemOutages)
    .where(and(eq(itemOutages.groupId, groupId), inArray(itemOutages.itemId, itemIds)));
  const [a, b] = await readTogether(db, [() => booked, () => out]);
  return [...a, ...b];
}

/** The item's id when it belongs to the group (no lock: a read). */
export async function findItemId(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.groupId, groupId), eq(items.id, id)));
  return row;
}

/** The span of one item's order items, and how many there are. */
export async function orderSpanOfItem(db: Queryable, groupId: number, itemId: number) {
  const [row] = await db
    .select({
      from: sql<Date | string | null>`min(${orderItems.startDate})`,
      to: sql<Date | string | null>`max(${orderItems.endDate})`,
      count: sql<number>`count(*)::int`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.itemId, itemId)));
  return row!;
}

/** `{id, title}` of a category's items, by title (for the category delete confirmation). */
export function listItemTitlesOfCategory(db: Queryable, groupId: number, categoryId: number) {
  return db
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(and(eq(items.groupId, groupId), eq(items.categoryId, categoryId)))
    .orderBy(asc(titleOrder), asc(items.id));
}
