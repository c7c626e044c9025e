import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { categories, items, orderItems, workCases } from "../../db/schema";

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

export type ExportCase = NonNullable<Awaited<ReturnType<typeof findCaseInGroup>>>;
export type ExportRow = Awaited<ReturnType<typeof orderItemsOfCase>>[number];
