import type { Booking } from "@zaiko/common/availability/index";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { groupReach, turnaroundSql } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { epochMs, microsSince, rowsOf } from "../../db/rawSql";
import { orderItems, workCases } from "../../db/schema";
import { bookingList } from "../items";

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
  /** The item's turnaround in minutes (own, else its category's). */
  turnaroundBeforeMinutes: number;
  turnaroundAfterMinutes: number;
}

/**
 * Every item of the group (all, or these; by title, by code point on both drivers) with its category, its
 * stock and the period of the case's own order item for it. It runs beside `summaryBookingsByItem`.
 */
export function summaryItems(
  db: Queryable,
  groupId: number,
  caseId: number,
  itemIds?: number[],
): Promise<SummaryItemRow[]> {
  const only = itemIds === undefined ? sql`` : sql`AND ${inArray(sql`i.id`, itemIds)}`;
  return rowsOf<SummaryItemRow>(
    db,
    sql`
    SELECT i.id, i.title, i.category_id AS "categoryId", c.name AS "categoryName",
           i.stock_quantity AS "stockQuantity", ${epochMs(sql`own.start_date`)}::float8 AS "ownStart",
           ${epochMs(sql`own.end_date`)}::float8 AS "ownEnd", ${turnaroundSql}
    FROM items i
    JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
    LEFT JOIN order_items own ON own.work_case_id = ${caseId} AND own.item_id = i.id
    WHERE i.group_id = ${groupId} ${only}
    ORDER BY i.title COLLATE "C", i.id`,
  );
}

/**
 * Whole milliseconds from `origin` (a whole millisecond) to `instant`, exactly: through float8
 * `microsSince` while `span` (how long the spans can be) is under 60 years, the exact numeric path beyond.
 */
const msSince = (instant: SQL, origin: SQL, span: SQL) => sql`CASE WHEN ${span} < interval '60 years'
  THEN ${microsSince(instant, origin)} / 1000
  ELSE floor((extract(epoch from ${instant}) - extract(epoch from ${origin})) * 1000)::int8 END`;

/**
 * For every item (all, or these) the order items that overlap the window a new unit for this case would
 * occupy (the case's own order item's period, or the case's period when there is none), as a
 * `bookingList` clipped to that window and written as milliseconds since its start (whole ms), the window
 * widened both ways by the group's largest turnaround reach (before + after: a booking that far away can still
 * hold units against it; zero without turnaround), and that start as `origin` (epoch ms). Items with an
 * own order item are looked up through the index on (item_id, start_date, end_date) for their own period;
 * all the others in one range of (group_id, start_date, end_date). Items without a booking are left out.
 * Cancelled cases hold no stock (docs/lifecycle.md); tentative ones do, and so do units out of service.
 */
export async function summaryBookingsByItem(
  db: Queryable,
  groupId: number,
  kase: { id: number; startDate: Date; endDate: Date },
  itemIds?: number[],
): Promise<Map<number, { origin: number; bookings: string }>> {
  const only = (column: SQL) => (itemIds === undefined ? sql`` : sql`AND ${inArray(column, itemIds)}`);
  const reach = sql`(SELECT r FROM reach)`;
  const caseStart = sql`(${kase.startDate.toISOString()}::timestamptz - ${reach})`;
  const caseEnd = sql`(${kase.endDate.toISOString()}::timestamptz + ${reach})`;
  const origin = sql`date_trunc('milliseconds', o.window_start)`;
  const span = sql`(o.window_end - o.window_start)`;
  const rows = await rowsOf<{ item_id: number; origin: number; bookings: string }>(
    db,
    sql`
    WITH reach AS (SELECT ${groupReach(groupId)} AS r),
    own AS (
      SELECT item_id, start_date - ${reach} AS start_date, end_date + ${reach} AS end_date FROM order_items
      WHERE work_case_id = ${kase.id} AND group_id = ${groupId} ${only(sql`item_id`)}
    ),
    hits AS (
      -- What order items hold: early returns free their units from the return (order_item_bookings).
      SELECT o.item_id, o.start_date, o.end_date, o.quantity AS order_quantity,
             ${caseStart} AS window_start, ${caseEnd} AS window_end
      FROM order_item_bookings o
      JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled'
      WHERE o.group_id = ${groupId} ${only(sql`o.item_id`)}
        AND o.start_date <= ${caseEnd} AND o.planned_end >= ${caseStart} AND o.end_date >= ${caseStart}
        AND NOT EXISTS (SELECT 1 FROM own WHERE own.item_id = o.item_id)
      UNION ALL
      SELECT o.item_id, o.start_date, o.end_date, o.quantity,
             own.start_date AS window_start, own.end_date AS window_end
      FROM own
      JOIN order_item_bookings o
        ON o.item_id = own.item_id AND o.start_date <= own.end_date AND o.planned_end >= own.start_date
          AND o.end_date >= own.start_date
      JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled'
      UNION ALL
      -- Units out of service (lost, broken) hold stock like bookings (docs/lifecycle.md).
      SELECT x.item_id, x.start_date, x.end_date, x.quantity,
             coalesce(own.start_date, ${caseStart}), coalesce(own.end_date, ${caseEnd})
      FROM item_outages x
      LEFT JOIN own ON own.item_id = x.item_id
      WHERE x.group_id = ${groupId} ${only(sql`x.item_id`)}
        AND x.start_date <= coalesce(own.end_date, ${caseEnd}) AND x.end_date >= coalesce(own.start_date, ${caseStart})
    )
    SELECT o.item_id, ${epochMs(sql`min(${origin})`)}::float8 AS origin, ${bookingList(
      msSince(sql`greatest(o.start_date, o.window_start)`, origin, span),
      msSince(sql`least(o.end_date, o.window_end)`, origin, span),
    )} AS bookings
    FROM hits o GROUP BY o.item_id`,
  );
  return new Map(rows.map((r) => [r.item_id, { origin: Number(r.origin), bookings: r.bookings }]));
}

/**
 * For every item (all, or these) the units hired in (外部手配, docs/subrental.md) whose period overlaps the window
 * a new unit for this case would occupy, widened by the group's turnaround reach (as summaryBookingsByItem's),
 * as bookings in epoch ms. One range of the group's hires; most groups have few.
 */
export async function summaryHiresByItem(
  db: Queryable,
  groupId: number,
  kase: { id: number; startDate: Date; endDate: Date },
  itemIds?: number[],
): Promise<Map<number, Booking[]>> {
  const only = (column: SQL) => (itemIds === undefined ? sql`` : sql`AND ${inArray(column, itemIds)}`);
  const reach = sql`(SELECT r FROM reach)`;
  const caseStart = sql`(${kase.startDate.toISOString()}::timestamptz - ${reach})`;
  const caseEnd = sql`(${kase.endDate.toISOString()}::timestamptz + ${reach})`;
  const rows = await rowsOf<{ item_id: number; start: number; end: number; quantity: number }>(
    db,
    sql`
    WITH reach AS (SELECT ${groupReach(groupId)} AS r),
    own AS (
      SELECT item_id, start_date - ${reach} AS start_date, end_date + ${reach} AS end_date FROM order_items
      WHERE work_case_id = ${kase.id} AND group_id = ${groupId} ${only(sql`item_id`)}
    )
    SELECT x.item_id, ${epochMs(sql`x.start_date`)}::float8 AS start,
           ${epochMs(sql`CASE WHEN x.status = 'returned' THEN least(x.end_date, x.returned_at) ELSE x.end_date END`)}::float8 AS "end",
           x.quantity
    FROM sub_rentals x
    LEFT JOIN own ON own.item_id = x.item_id
    WHERE x.group_id = ${groupId} AND x.status <> 'cancelled' ${only(sql`x.item_id`)}
      AND x.start_date <= coalesce(own.end_date, ${caseEnd}) AND x.end_date >= coalesce(own.start_date, ${caseStart})`,
  );
  const byItem = new Map<number, Booking[]>();
  for (const r of rows) {
    const list = byItem.get(r.item_id) ?? [];
    list.push({ start: Number(r.start), end: Number(r.end), quantity: r.quantity });
    byItem.set(r.item_id, list);
  }
  return byItem;
}

/**
 * Of the cases `caseIds` of the group, those a usage change of `itemIds` within [from, to] (null:
 * unbounded) can concern: their period overlaps it, or one of their order items of these items does — [from,
 * to] widened by the group's largest turnaround reach (a change that ends at 18:00 concerns a case starting at
 * 19:00 when the units are checked for 2 h; docs/availability.md).
 */
export function casesTouchedBy(
  db: Queryable,
  groupId: number,
  caseIds: number[],
  itemIds: number[],
  from: Date | null,
  to: Date | null,
) {
  const reach = groupReach(groupId);
  const overlaps = (start: AnyPgColumn, end: AnyPgColumn) =>
    and(
      to === null ? undefined : sql`${start} <= ${to.toISOString()}::timestamptz + ${reach}`,
      from === null ? undefined : sql`${end} >= ${from.toISOString()}::timestamptz - ${reach}`,
    );
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
