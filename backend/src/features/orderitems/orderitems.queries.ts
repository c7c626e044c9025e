import type { UnitOutDto } from "@zaiko/common/orderitems/orderitems.schema";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { caseSetLineParts, caseSetLines, categories, items, itemUnits, orderItems } from "../../db/schema";

type Queryable = Db | Tx;

/** An order item with its item's title, category name and units out, as the presenter takes it. */
export interface OrderItemRow {
  id: number;
  itemId: number;
  itemTitle: string;
  categoryName: string;
  /** The item is tracked by unit (個体管理, docs/units.md). */
  unitTracked: boolean;
  workCaseId: number;
  orderQuantity: number;
  startDate: Date;
  endDate: Date;
  issue: Date | null;
  receive: Date | null;
  note: string;
  version: number;
  issuedQuantity: number;
  receivedQuantity: number;
  /** The units out on the line now, by tag; empty for a count item. */
  unitsOut: UnitOutDto[];
}

/**
 * The units out on an order item now, by tag, as JSON (docs/units.md), for the queries that join its item: the
 * case's rows here and the warehouse board's. Looked up only while something issued is not back (a unit is out
 * on a line only then: tracking cannot start while anything is out, and stopping it retires the units), so
 * most rows cost no lookup. Each caller says what a count item's line shows.
 */
export const unitsOutOfLine = sql`CASE WHEN ${orderItems.issuedQuantity} > ${orderItems.receivedQuantity} THEN (
    SELECT coalesce(json_agg(json_build_object('id', u.id, 'tag', u.tag) ORDER BY u.tag), '[]'::json)
    FROM ${itemUnits} u WHERE u.out_order_item_id = ${orderItems.id}
  ) ELSE '[]'::json END`;

/** A json column as read: node-postgres parses it, PGlite may hand over its text. */
export const fromJson = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);

/** The units out on the row; none for a count item. */
const unitsOut = sql<
  UnitOutDto[]
>`CASE WHEN ${items.unitTracked} THEN ${unitsOutOfLine} ELSE '[]'::json END`.mapWith(fromJson);

const rowColumns = {
  id: orderItems.id,
  itemId: orderItems.itemId,
  itemTitle: items.title,
  categoryName: categories.name,
  unitTracked: items.unitTracked,
  workCaseId: orderItems.workCaseId,
  orderQuantity: orderItems.orderQuantity,
  startDate: orderItems.startDate,
  endDate: orderItems.endDate,
  issue: orderItems.issue,
  receive: orderItems.receive,
  note: orderItems.note,
  version: orderItems.version,
  issuedQuantity: orderItems.issuedQuantity,
  receivedQuantity: orderItems.receivedQuantity,
  unitsOut,
};

/** Order items of the group (of one case, or with these ids) with item and category, end date descending. */
export function orderItemRows(
  db: Queryable,
  groupId: number,
  where: { caseId?: number; ids?: number[] },
): Promise<OrderItemRow[]> {
  return db
    .select(rowColumns)
    .from(orderItems)
    .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.groupId, orderItems.groupId)))
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        where.caseId === undefined ? undefined : eq(orderItems.workCaseId, where.caseId),
        where.ids === undefined ? undefined : inArray(orderItems.id, where.ids),
      ),
    )
    .orderBy(desc(orderItems.endDate), desc(orderItems.id));
}

/** The bare order item of the group with this id (no lock), to learn its case and item before locking. */
export async function findOrderItem(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.id, id)))
    .limit(1);
  return row;
}

/** The bare order item of (case, item) in the group (no lock: the caller locks it with lockAllocation and reads it again). */
export async function findOrderItemOf(db: Queryable, groupId: number, caseId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(orderItems)
    .where(
      and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId), eq(orderItems.itemId, itemId)),
    )
    .limit(1);
  return row;
}

/** Every order item of a case (bare rows), by item id: the order in which their items are locked. */
export function orderItemsOfCase(db: Queryable, groupId: number, caseId: number) {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId)))
    .orderBy(asc(orderItems.itemId));
}

/**
 * Writes these order items without changing a column, so that their versions grow (the row trigger): for a
 * change of what a row presents that is no column of it, the units out on it (a unit's tag edited, tracking
 * stopped while units are out: docs/units.md). Called under the rows' locks.
 */
export async function touchOrderItems(tx: Tx, groupId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(orderItems)
    .set({ version: sql`${orderItems.version}` })
    .where(and(eq(orderItems.groupId, groupId), inArray(orderItems.id, ids)));
}

export async function setQuantity(tx: Tx, id: number, quantity: number) {
  await tx.update(orderItems).set({ orderQuantity: quantity }).where(eq(orderItems.id, id));
}

/** Sets the quantities of several order items in one statement (a set's parts, inside its locks). */
export async function setQuantities(tx: Tx, quantities: { id: number; quantity: number }[]) {
  if (quantities.length === 0) return;
  // Array literals as one parameter each (drizzle's template spreads a JS array into a list).
  const ids = `{${quantities.map((q) => q.id).join(",")}}`;
  const values = `{${quantities.map((q) => q.quantity).join(",")}}`;
  await tx.execute(sql`
    UPDATE order_items o SET order_quantity = q.quantity
    FROM unnest(${ids}::integer[], ${values}::integer[]) AS q(id, quantity)
    WHERE o.id = q.id`);
}

export async function deleteOrderItem(tx: Tx, id: number) {
  await tx.delete(orderItems).where(eq(orderItems.id, id));
}

/** Deletes several order items in one statement (a set's parts, inside its locks). */
export async function deleteOrderItems(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(orderItems).where(inArray(orderItems.id, ids));
}

export async function updateOrderItem(
  tx: Tx,
  id: number,
  set: Partial<{
    startDate: Date;
    endDate: Date;
    orderQuantity: number;
    note: string;
    issue: Date | null;
    receive: Date | null;
  }>,
) {
  await tx.update(orderItems).set(set).where(eq(orderItems.id, id));
}

/** Moves every order item of a case to a new period. */
export async function movePeriodOfCase(tx: Tx, groupId: number, caseId: number, start: Date, end: Date) {
  await tx
    .update(orderItems)
    .set({ startDate: start, endDate: end })
    .where(and(eq(orderItems.groupId, groupId), eq(orderItems.workCaseId, caseId)));
}

export function insertOrderItems(
  tx: Tx,
  rows: {
    groupId: number;
    workCaseId: number;
    itemId: number;
    orderQuantity: number;
    startDate: Date;
    endDate: Date;
    note: string;
  }[],
) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(orderItems).values(rows).returning({ id: orderItems.id });
}

/**
 * Units of an item that the case's set lines need (docs/sets.md): Σ sets × units per set. The part's order item
 * never holds fewer; 0 for a case without sets. Read under the item's lock, which every set booking takes.
 */
export async function setNeedOf(
  db: Queryable,
  groupId: number,
  caseId: number,
  itemId: number,
): Promise<number> {
  const [row] = await db
    .select({
      need: sql<string | number>`coalesce(sum(${caseSetLines.quantity} * ${caseSetLineParts.quantity}), 0)`,
    })
    .from(caseSetLineParts)
    .innerJoin(
      caseSetLines,
      and(eq(caseSetLines.id, caseSetLineParts.lineId), eq(caseSetLines.groupId, caseSetLineParts.groupId)),
    )
    .where(
      and(
        eq(caseSetLineParts.groupId, groupId),
        eq(caseSetLines.workCaseId, caseId),
        eq(caseSetLineParts.itemId, itemId),
      ),
    );
  return Number(row?.need ?? 0);
}
