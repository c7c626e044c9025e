import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { categories, items, orderItems, workCases } from "../../db/schema";

type Queryable = Db | Tx;

/** Titles sort by code point on both drivers (as the item list). */
const titleOrder = sql`${items.title} COLLATE "C"`;

/** The items of the group (all, or these) with their category, by title. */
export function summaryItems(db: Queryable, groupId: number, itemIds?: number[]) {
  return db
    .select({
      id: items.id,
      title: items.title,
      categoryId: items.categoryId,
      categoryName: categories.name,
      stockQuantity: items.stockQuantity,
    })
    .from(items)
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
    .where(and(eq(items.groupId, groupId), itemIds === undefined ? undefined : inArray(items.id, itemIds)))
    .orderBy(asc(titleOrder), asc(items.id));
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * In one query, for every item (or these), the order items that overlap the window a new unit for this
 * case would occupy: the case's own order item's period for that item, or the case's period.
 */
export function bookingsForCase(
  db: Queryable,
  groupId: number,
  kase: { id: number; startDate: Date; endDate: Date },
  itemIds?: number[],
) {
  const own = alias(orderItems, "own");
  return db
    .select({
      itemId: orderItems.itemId,
      workCaseId: orderItems.workCaseId,
      start: orderItems.startDate,
      end: orderItems.endDate,
      quantity: orderItems.orderQuantity,
    })
    .from(orderItems)
    .leftJoin(own, and(eq(own.workCaseId, kase.id), eq(own.itemId, orderItems.itemId)))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        itemIds === undefined ? undefined : inArray(orderItems.itemId, itemIds),
        lte(orderItems.startDate, sql`coalesce(${own.endDate}, ${ts(kase.endDate)})`),
        gte(orderItems.endDate, sql`coalesce(${own.startDate}, ${ts(kase.startDate)})`),
      ),
    );
}

/**
 * Of the cases `caseIds` of the group, those a usage change of `itemIds` within [from, to] (null:
 * unbounded) can concern: their period overlaps it, or one of their order items of these items does.
 */
export function casesTouchedBy(
  db: Queryable,
  groupId: number,
  caseIds: number[],
  itemIds: number[],
  from: Date | null,
  to: Date | null,
) {
  const overlaps = (start: AnyPgColumn, end: AnyPgColumn) =>
    and(to === null ? undefined : lte(start, to), from === null ? undefined : gte(end, from));
  const ownOverlap = db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.workCaseId, workCases.id),
        inArray(orderItems.itemId, itemIds),
        overlaps(orderItems.startDate, orderItems.endDate),
      ),
    );
  return db
    .select({ id: workCases.id, startDate: workCases.startDate, endDate: workCases.endDate })
    .from(workCases)
    .where(
      and(
        eq(workCases.groupId, groupId),
        inArray(workCases.id, caseIds),
        sql`(${overlaps(workCases.startDate, workCases.endDate) ?? sql`true`} OR EXISTS (${ownOverlap}))`,
      ),
    )
    .orderBy(asc(workCases.id));
}
