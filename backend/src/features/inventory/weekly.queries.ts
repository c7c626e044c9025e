import type { Booking } from "@zaiko/common/availability/index";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { ItemRow } from "../items/items.presenter";

type Queryable = Db | Tx;

/*
 * The read views return thousands of rows. Raw SQL read through `execute` skips drizzle's per-field row
 * mapping, and instants travel as epoch milliseconds instead of timestamps to parse: at 2,000 items and
 * 6,000 overlapping order items those two were most of the server's time (docs/benchmarks.md).
 */

/** Both drivers answer raw SQL with `{rows}` of plain objects; the shared Db type does not say so. */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * An instant as whole epoch milliseconds, truncated like the JS Date the drivers would have built (numeric
 * arithmetic: exact for any year and for microseconds, where float8 seconds × 1000 can be off by one).
 */
export const epochMs = (instant: SQL) => sql`floor(extract(epoch from ${instant}) * 1000)`;

/**
 * Aggregate over order items `o`: their periods and quantities as one text "start,end,qty,start,end,qty…"
 * (epoch ms); null over no row. One string per item instead of one row per order item.
 */
export const bookingList = sql`string_agg(${epochMs(sql`o.start_date`)} || ',' || ${epochMs(sql`o.end_date`)} || ',' || o.order_quantity, ',')`;

/** Reads what `bookingList` wrote. */
export function parseBookingList(text: string | null): Booking[] {
  if (!text) return [];
  const parts = text.split(",");
  const bookings: Booking[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) {
    bookings.push({ start: Number(parts[i]), end: Number(parts[i + 1]), quantity: Number(parts[i + 2]) });
  }
  return bookings;
}

/** An item row (as items.queries returns it) with its bookings in the week as a `bookingList`. */
export interface WeekItemRow extends ItemRow {
  bookings: string | null;
}

/**
 * One query for the whole week: every item of the group (by title, by code point on both drivers) with its
 * category name, and the order items that overlap [from, to) as a `bookingList` (null when none). The
 * order items come from the index on (group_id, start_date, end_date), grouped per item in the database.
 */
export async function weekItemsWithBookings(
  db: Queryable,
  groupId: number,
  from: Date,
  to: Date,
): Promise<WeekItemRow[]> {
  const rows = await rowsOf<{
    id: number;
    group_id: number;
    category_id: number;
    category_name: string;
    title: string;
    stock_quantity: number;
    note: string;
    created_ms: number;
    bookings: string | null;
  }>(
    db,
    sql`
    SELECT i.id, i.group_id, i.category_id, c.name AS category_name, i.title, i.stock_quantity, i.note,
           ${epochMs(sql`i.created_at`)}::float8 AS created_ms, b.bookings
    FROM items i
    JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
    LEFT JOIN (
      SELECT o.item_id, ${bookingList} AS bookings
      FROM order_items o
      WHERE o.group_id = ${groupId}
        AND o.start_date < ${to.toISOString()}::timestamptz AND o.end_date >= ${from.toISOString()}::timestamptz
      GROUP BY o.item_id
    ) b ON b.item_id = i.id
    WHERE i.group_id = ${groupId}
    ORDER BY i.title COLLATE "C", i.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    categoryId: r.category_id,
    categoryName: r.category_name,
    title: r.title,
    stockQuantity: r.stock_quantity,
    note: r.note,
    createdAt: new Date(r.created_ms),
    bookings: r.bookings,
  }));
}
