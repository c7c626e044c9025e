import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  caseSetLineParts,
  caseSetLines,
  categories,
  itemSets,
  items,
  orderItems,
  workCases,
} from "../../db/schema";

type Queryable = Db | Tx;

/** A case of the group, or undefined (another group's id behaves like a missing one). */
export async function findCaseInGroup(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({
      id: workCases.id,
      title: workCases.title,
      startDate: workCases.startDate,
      endDate: workCases.endDate,
    })
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)))
    .limit(1);
  return row;
}

/** Every order item of the case with its item and category, in the list screen's default order. */
export function orderItemsOfCase(db: Queryable, groupId: number, caseId: number) {
  return db
    .select({
      id: orderItems.id,
      itemId: orderItems.itemId,
      itemTitle: items.title,
      categoryName: categories.name,
      quantity: orderItems.orderQuantity,
      startDate: orderItems.startDate,
      endDate: orderItems.endDate,
      issue: orderItems.issue,
      receive: orderItems.receive,
      note: orderItems.note,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId)))
    .orderBy(desc(orderItems.endDate), desc(orderItems.id));
}

/**
 * The case's set lines with their parts' snapshot (units per set), one row per (line, part): lines by title
 * (code point, as the case screen lists them), parts by title. The category is the set's, while it exists.
 */
export function setLinePartsOfCase(db: Queryable, groupId: number, caseId: number) {
  return db
    .select({
      lineId: caseSetLines.id,
      lineTitle: caseSetLines.title,
      sets: caseSetLines.quantity,
      setCategoryName: categories.name,
      itemId: caseSetLineParts.itemId,
      perSet: caseSetLineParts.quantity,
    })
    .from(caseSetLines)
    .innerJoin(
      caseSetLineParts,
      and(eq(caseSetLineParts.lineId, caseSetLines.id), eq(caseSetLineParts.groupId, caseSetLines.groupId)),
    )
    .innerJoin(items, and(eq(items.id, caseSetLineParts.itemId), eq(items.groupId, caseSetLineParts.groupId)))
    .leftJoin(itemSets, and(eq(itemSets.id, caseSetLines.setId), eq(itemSets.groupId, caseSetLines.groupId)))
    .leftJoin(
      categories,
      and(eq(categories.id, itemSets.categoryId), eq(categories.groupId, itemSets.groupId)),
    )
    .where(and(eq(caseSetLines.groupId, groupId), eq(caseSetLines.workCaseId, caseId)))
    .orderBy(
      sql`${caseSetLines.title} COLLATE "C"`,
      asc(caseSetLines.id),
      sql`${items.title} COLLATE "C"`,
      asc(items.id),
    );
}

export type ExportCase = NonNullable<Awaited<ReturnType<typeof findCaseInGroup>>>;
export type ExportRow = Awaited<ReturnType<typeof orderItemsOfCase>>[number];
export type ExportSetPart = Awaited<ReturnType<typeof setLinePartsOfCase>>[number];
