import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { epochMs, rowsOf } from "../../db/rawSql";
import type { OrderItemRow } from "./orderitems.queries";

/**
 * The hot path of the product (+ on the case detail screen) in three statements instead of eight: every
 * round trip to the database is paid by every click (docs/benchmarks.md). Raw SQL (db/rawSql.ts) because
 * drizzle's builder cannot express a lock inside a lateral join.
 */

/** An instant as epoch milliseconds, returned as a number by both drivers. */
const msOf = (column: SQL) => sql`${epochMs(column)}::float8`;

export interface LockedCaseAndItem {
  caseStart: number;
  caseEnd: number;
  itemId: number;
  title: string;
  stockQuantity: number;
  categoryId: number;
  categoryName: string;
}

/**
 * Locks the case (share: its period cannot change under us), THEN the item (update: the one lock every
 * writer of this item's usage takes), in that order like every other writer: the lateral subquery runs
 * only for the case row the outer scan has already locked. Undefined when either is not in the group.
 * `lockItem: false` is the concurrency tests' control (AllocationOptions.lockRows).
 */
export async function lockCaseAndItem(
  tx: Tx,
  groupId: number,
  caseId: number,
  itemId: number,
  lockItem: boolean,
): Promise<LockedCaseAndItem | undefined> {
  const itemLock = lockItem ? sql`FOR UPDATE` : sql``;
  const [row] = await rowsOf<{
    case_start: number;
    case_end: number;
    item_id: number | null;
    title: string;
    stock_quantity: number;
    category_id: number;
    category_name: string;
  }>(
    tx,
    sql`
    WITH c AS (
      SELECT start_date, end_date FROM work_cases WHERE group_id = ${groupId} AND id = ${caseId} FOR SHARE
    )
    SELECT ${msOf(sql`c.start_date`)} AS case_start, ${msOf(sql`c.end_date`)} AS case_end,
           i.id AS item_id, i.title, i.stock_quantity, i.category_id, cat.name AS category_name
    FROM c
    LEFT JOIN LATERAL (
      SELECT id, title, stock_quantity, category_id FROM items
      WHERE group_id = ${groupId} AND id = ${itemId} ${itemLock}
    ) i ON true
    LEFT JOIN categories cat ON cat.id = i.category_id AND cat.group_id = ${groupId}`,
  );
  if (!row || row.item_id === null) return undefined;
  return {
    caseStart: row.case_start,
    caseEnd: row.case_end,
    itemId: row.item_id,
    title: row.title,
    stockQuantity: row.stock_quantity,
    categoryId: row.category_id,
    categoryName: row.category_name,
  };
}

export interface BookingRow {
  workCaseId: number;
  start: number;
  end: number;
  quantity: number;
}

/**
 * The item's order items that overlap the window a new unit for the case would occupy: its own order item's
 * period when it has one (the own row is then among the result), else the case's period. A statement of
 * its own, AFTER the locks: in READ COMMITTED it sees everything committed before the locks were granted.
 */
export function bookingsAroundCase(
  tx: Tx,
  groupId: number,
  itemId: number,
  caseId: number,
  casePeriod: { start: number; end: number },
): Promise<BookingRow[]> {
  const caseStart = new Date(casePeriod.start).toISOString();
  const caseEnd = new Date(casePeriod.end).toISOString();
  return rowsOf<BookingRow>(
    tx,
    sql`
    SELECT o.work_case_id AS "workCaseId", ${msOf(sql`o.start_date`)} AS start,
           ${msOf(sql`o.end_date`)} AS "end", o.order_quantity AS quantity
    FROM order_items o
    WHERE o.group_id = ${groupId} AND o.item_id = ${itemId}
      AND o.start_date <= coalesce(
        (SELECT end_date FROM order_items WHERE work_case_id = ${caseId} AND item_id = ${itemId}),
        ${caseEnd}::timestamptz)
      AND o.end_date >= coalesce(
        (SELECT start_date FROM order_items WHERE work_case_id = ${caseId} AND item_id = ${itemId}),
        ${caseStart}::timestamptz)`,
  );
}

/** The order item as the upsert left it; the caller adds the item's title and category it has locked. */
export type AddedUnit = Pick<
  OrderItemRow,
  "id" | "orderQuantity" | "startDate" | "endDate" | "issue" | "receive" | "note"
>;

/** One more unit of (case, item): a new order item over `period`, or the existing one's quantity + 1. */
export async function addUnitReturning(
  tx: Tx,
  values: { groupId: number; workCaseId: number; itemId: number; start: number; end: number },
): Promise<AddedUnit> {
  const [row] = await rowsOf<{
    id: number;
    order_quantity: number;
    start_ms: number;
    end_ms: number;
    issue_ms: number | null;
    receive_ms: number | null;
    note: string;
  }>(
    tx,
    sql`
    INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date)
    VALUES (${values.groupId}, ${values.workCaseId}, ${values.itemId}, 1,
            ${new Date(values.start).toISOString()}::timestamptz, ${new Date(values.end).toISOString()}::timestamptz)
    ON CONFLICT (work_case_id, item_id) DO UPDATE SET order_quantity = order_items.order_quantity + 1
    RETURNING id, order_quantity, ${msOf(sql`start_date`)} AS start_ms, ${msOf(sql`end_date`)} AS end_ms,
              ${msOf(sql`issue`)} AS issue_ms, ${msOf(sql`receive`)} AS receive_ms, note`,
  );
  const r = row!;
  return {
    id: r.id,
    orderQuantity: r.order_quantity,
    startDate: new Date(r.start_ms),
    endDate: new Date(r.end_ms),
    issue: r.issue_ms === null ? null : new Date(r.issue_ms),
    receive: r.receive_ms === null ? null : new Date(r.receive_ms),
    note: r.note,
  };
}
