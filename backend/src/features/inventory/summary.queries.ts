import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { epochMs, rowsOf } from "../../db/rawSql";
import { orderItems, workCases } from "../../db/schema";
import { bookingList } from "./weekly.queries";

type Queryable = Db | Tx;

export interface SummaryItemRow {
  id: number;
  title: string;
  categoryId: number;
  categoryName: string;
  stockQuantity: number;
  /** The period of the case's own order item for this item (epoch ms), or null when it has none. */
  ownStart: number | null;
  ownEnd: number | null;
  /** A `bookingList` of the order items overlapping the window a new unit would occupy, null when none. */
  bookings: string | null;
}

/**
 * In one query, for every item of the group (all, or these; by title, by code point on both drivers):
 * its category, its stock, the case's own order item's period, and the order items that overlap the
 * window a new unit for this case would occupy (the own period, or the case's period when there is
 * none). Items with an own order item are looked up through the index on (item_id, start_date,
 * end_date) for their own period; all the others in one range of (group_id, start_date, end_date).
 */
export async function summaryItemsWithBookings(
  db: Queryable,
  groupId: number,
  kase: { id: number; startDate: Date; endDate: Date },
  itemIds?: number[],
): Promise<SummaryItemRow[]> {
  const only = (column: SQL) => (itemIds === undefined ? sql`` : sql`AND ${inArray(column, itemIds)}`);
  return rowsOf<SummaryItemRow>(
    db,
    sql`
    WITH own AS (
      SELECT item_id, start_date, end_date FROM order_items
      WHERE work_case_id = ${kase.id} AND group_id = ${groupId} ${only(sql`item_id`)}
    ),
    hits AS (
      SELECT o.item_id, o.start_date, o.end_date, o.order_quantity
      FROM order_items o
      WHERE o.group_id = ${groupId} ${only(sql`o.item_id`)}
        AND o.start_date <= ${kase.endDate.toISOString()}::timestamptz
        AND o.end_date >= ${kase.startDate.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM own WHERE own.item_id = o.item_id)
      UNION ALL
      SELECT o.item_id, o.start_date, o.end_date, o.order_quantity
      FROM own
      JOIN order_items o
        ON o.item_id = own.item_id AND o.start_date <= own.end_date AND o.end_date >= own.start_date
    )
    SELECT i.id, i.title, i.category_id AS "categoryId", c.name AS "categoryName",
           i.stock_quantity AS "stockQuantity", ${epochMs(sql`own.start_date`)}::float8 AS "ownStart",
           ${epochMs(sql`own.end_date`)}::float8 AS "ownEnd", b.bookings
    FROM items i
    JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
    LEFT JOIN own ON own.item_id = i.id
    LEFT JOIN (
      SELECT o.item_id, ${bookingList(epochMs(sql`o.start_date`), epochMs(sql`o.end_date`))} AS bookings
      FROM hits o GROUP BY o.item_id
    ) b ON b.item_id = i.id
    WHERE i.group_id = ${groupId} ${only(sql`i.id`)}
    ORDER BY i.title COLLATE "C", i.id`,
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
