import type { UnitOutDto } from "@zaiko/common/orderitems/orderitems.schema";
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  caseSetLineParts,
  caseSetLines,
  categories,
  items,
  orderItemMovements,
  orderItems,
  workCases,
} from "../../db/schema";
import { fromJson, unitsOutOfLine } from "../orderitems";

type Queryable = Db | Tx;

/** An order item on the board, with its item, category and case. */
export interface BoardRow {
  id: number;
  itemId: number;
  itemTitle: string;
  categoryName: string;
  workCaseId: number;
  caseTitle: string;
  caseStart: Date;
  caseEnd: Date;
  orderQuantity: number;
  startDate: Date;
  endDate: Date;
  issue: Date | null;
  receive: Date | null;
  version: number;
  issuedQuantity: number;
  receivedQuantity: number;
  /** Units of its receives reported lost / broken and not yet found / repaired (out of service now). */
  lostQuantity: number;
  brokenQuantity: number;
  /** A tracked item's units out on the line; null for a count item. */
  unitsOut: UnitOutDto[] | null;
}

/**
 * Units of the order item's receives with this disposition still out of service. Looked up only for
 * lines with something received (most rows on the board have nothing back yet), through the movements'
 * (order_item_id, id) index.
 */
const outOfService = (disposition: "lost" | "broken") =>
  sql<number>`CASE WHEN ${orderItems.receivedQuantity} > 0 THEN (
    SELECT coalesce(sum(m.quantity), 0)::int FROM ${orderItemMovements} m
    WHERE m.order_item_id = ${orderItems.id} AND m.kind = 'receive'
      AND m.disposition = ${disposition} AND m.resolved_at IS NULL
  ) ELSE 0 END`.mapWith(Number);

/** A tracked item's line (docs/units.md): the units out on it now, by tag; null for a count item. */
const unitsOut = sql<
  UnitOutDto[] | null
>`CASE WHEN ${items.unitTracked} THEN ${unitsOutOfLine} ELSE NULL END`.mapWith((v: unknown) =>
  v === null || v === undefined ? null : fromJson(v),
);

export interface BoardWindow {
  /** [from, to): the two days shown. */
  from: Date;
  to: Date;
  /** Overdue means the end is before this instant. */
  now: Date;
  /** Late receipts from this instant on (the start of the current day) stay on the board. */
  todayStart: Date;
}

/**
 * The whole board in one query: the group's order items that start or end within [from, to), plus the
 * overdue ones (end before now, not received, or received late since the start of today). Served by the
 * (group_id, start_date, end_date) index; the service sorts them into sections.
 */
export function boardRows(db: Queryable, groupId: number, w: BoardWindow): Promise<BoardRow[]> {
  return db
    .select({
      id: orderItems.id,
      itemId: orderItems.itemId,
      itemTitle: items.title,
      categoryName: categories.name,
      workCaseId: orderItems.workCaseId,
      caseTitle: workCases.title,
      caseStart: workCases.startDate,
      caseEnd: workCases.endDate,
      orderQuantity: orderItems.orderQuantity,
      startDate: orderItems.startDate,
      endDate: orderItems.endDate,
      issue: orderItems.issue,
      receive: orderItems.receive,
      version: orderItems.version,
      issuedQuantity: orderItems.issuedQuantity,
      receivedQuantity: orderItems.receivedQuantity,
      lostQuantity: outOfService("lost"),
      brokenQuantity: outOfService("broken"),
      unitsOut: unitsOut,
    })
    .from(orderItems)
    .innerJoin(
      workCases,
      and(eq(workCases.id, orderItems.workCaseId), eq(workCases.groupId, orderItems.groupId)),
    )
    .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.groupId, orderItems.groupId)))
    .innerJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.groupId, items.groupId)))
    .where(
      and(
        eq(orderItems.groupId, groupId),
        // A cancelled case moves nothing (docs/lifecycle.md); it cannot be cancelled while anything is out.
        ne(workCases.status, "cancelled"),
        or(
          and(gte(orderItems.startDate, w.from), lt(orderItems.startDate, w.to)),
          and(gte(orderItems.endDate, w.from), lt(orderItems.endDate, w.to)),
          and(
            lt(orderItems.endDate, w.now),
            // = receive IS NULL OR (late AND today), written so that a partial index on
            // (group_id, end_date) WHERE receive IS NULL OR receive > end_date can serve it (docs/warehouse.md).
            or(isNull(orderItems.receive), gt(orderItems.receive, orderItems.endDate)),
            or(isNull(orderItems.receive), gte(orderItems.receive, w.todayStart)),
          ),
        ),
      ),
    )
    .orderBy(asc(orderItems.id));
}

/**
 * The cases with an order item starting within [from, to) that is not issued entirely: the board's cases
 * still to go out, the ones an overdue warning concerns. A cancelled case moves nothing.
 */
export async function casesGoingOut(db: Queryable, groupId: number, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orderItems.workCaseId })
    .from(orderItems)
    .innerJoin(
      workCases,
      and(eq(workCases.id, orderItems.workCaseId), eq(workCases.groupId, orderItems.groupId)),
    )
    .where(
      and(
        eq(orderItems.groupId, groupId),
        ne(workCases.status, "cancelled"),
        gte(orderItems.startDate, from),
        lt(orderItems.startDate, to),
        lt(orderItems.issuedQuantity, orderItems.orderQuantity),
      ),
    )
    .orderBy(asc(orderItems.workCaseId));
  return rows.map((r) => r.id);
}

/**
 * The set lines of these cases with their parts and the parts' order items (docs/sets.md): one row per
 * (line, part), lines by title (code point), parts by item title.
 */
export function setLinePartsOfCases(db: Queryable, groupId: number, caseIds: number[]) {
  if (caseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      lineId: caseSetLines.id,
      workCaseId: caseSetLines.workCaseId,
      title: caseSetLines.title,
      sets: caseSetLines.quantity,
      itemId: caseSetLineParts.itemId,
      itemTitle: items.title,
      perSet: caseSetLineParts.quantity,
      orderItemId: orderItems.id,
    })
    .from(caseSetLines)
    .innerJoin(
      caseSetLineParts,
      and(eq(caseSetLineParts.lineId, caseSetLines.id), eq(caseSetLineParts.groupId, caseSetLines.groupId)),
    )
    .innerJoin(items, and(eq(items.id, caseSetLineParts.itemId), eq(items.groupId, caseSetLineParts.groupId)))
    .innerJoin(
      orderItems,
      and(
        eq(orderItems.groupId, caseSetLines.groupId),
        eq(orderItems.workCaseId, caseSetLines.workCaseId),
        eq(orderItems.itemId, caseSetLineParts.itemId),
      ),
    )
    .where(and(eq(caseSetLines.groupId, groupId), inArray(caseSetLines.workCaseId, caseIds)))
    .orderBy(
      sql`${caseSetLines.title} COLLATE "C"`,
      asc(caseSetLines.id),
      sql`${items.title} COLLATE "C"`,
      asc(items.id),
    );
}

export type BoardSetPart = Awaited<ReturnType<typeof setLinePartsOfCases>>[number];
