import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { categories, items, orderItems } from "../../db/schema";

type Queryable = Db | Tx;

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  groupId: categories.groupId,
  version: categories.version,
  turnaroundBeforeMinutes: categories.turnaroundBeforeMinutes,
  turnaroundAfterMinutes: categories.turnaroundAfterMinutes,
};

/** Names sort by code point on both drivers (PGlite and PostgreSQL may have different default collations). */
export const byCodePoint = (column: typeof categories.name | typeof items.title) =>
  sql`${column} COLLATE "C"`;

export function listCategories(db: Queryable, groupId: number) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.groupId, groupId))
    .orderBy(asc(byCodePoint(categories.name)), asc(categories.id));
}

/** A category of the group whose name equals `name` ignoring case (the unique index's rule). */
export async function findCategoryByName(db: Queryable, groupId: number, name: string) {
  const [row] = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.groupId, groupId), sql`lower(${categories.name}) = lower(${name})`))
    .limit(1);
  return row;
}

/** A category's name and turnaround minutes as a form writes them. */
export interface CategoryValues {
  name: string;
  turnaroundBeforeMinutes: number;
  turnaroundAfterMinutes: number;
}

export async function insertCategory(db: Queryable, groupId: number, values: CategoryValues) {
  const [row] = await db
    .insert(categories)
    .values({ groupId, ...values })
    .returning(categoryColumns);
  return row!;
}

export async function updateCategoryRow(db: Queryable, groupId: number, id: number, values: CategoryValues) {
  const [row] = await db
    .update(categories)
    .set(values)
    .where(and(eq(categories.groupId, groupId), eq(categories.id, id)))
    .returning(categoryColumns);
  return row;
}

/** The ids of a category's items (their summary rows show the category's name). */
export async function itemIdsOfCategory(db: Queryable, groupId: number, categoryId: number) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.groupId, groupId), eq(items.categoryId, categoryId)));
  return rows.map((r) => r.id);
}

/** Locks the category row and reads it: no item joins the category while it is edited or deleted. */
export async function lockCategory(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.groupId, groupId), eq(categories.id, id)))
    .for("update");
  return row;
}

/** The items of a category, locked in id order (the allocation paths lock items in the same order). */
export function lockItemsOfCategory(db: Queryable, groupId: number, categoryId: number) {
  return db
    .select({ id: items.id, title: items.title, stockQuantity: items.stockQuantity })
    .from(items)
    .where(and(eq(items.groupId, groupId), eq(items.categoryId, categoryId)))
    .orderBy(asc(items.id))
    .for("update");
}

/** The span of the order items of a category's items: what a cascade delete takes out of usage. */
export async function orderSpanOfCategory(db: Queryable, groupId: number, categoryId: number) {
  const [row] = await db
    .select({
      from: sql<string | null>`min(${orderItems.startDate})`,
      to: sql<string | null>`max(${orderItems.endDate})`,
      count: sql<number>`count(*)::int`,
    })
    .from(orderItems)
    .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.groupId, orderItems.groupId)))
    .where(and(eq(orderItems.groupId, groupId), eq(items.categoryId, categoryId)));
  return row!;
}

/** Deletes the category; its items and their order items go with it through the cascading keys. */
export async function deleteCategory(db: Queryable, groupId: number, id: number) {
  await db.delete(categories).where(and(eq(categories.groupId, groupId), eq(categories.id, id)));
}
