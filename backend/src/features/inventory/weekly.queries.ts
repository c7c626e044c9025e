import type { Booking } from "@zaiko/common/availability/index";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { epochMs, rowsOf } from "../../db/rawSql";
import type { ItemRow } from "../items/items.presenter";

type Queryable = Db | Tx;

/*
 * The read views return thousands of rows. Raw SQL read through `execute` skips drizzle's per-field row
 * mapping, and instants travel as integers instead of timestamps to parse: at 2,000 items and 6,000
 * overlapping order items those two were most of the server's time (docs/benchmarks.md).
 */

/**
 * Whole microseconds from `origin` to `instant`, in float8 arithmetic, which is cheaper than numeric (a
 * quarter of the weekly query's time went to numeric epochs). Exact while the span is under about 100
 * years: the weekly view uses it for instants clipped to its week.
 */
const microsSince = (instant: SQL, origin: SQL) =>
  sql`round(date_part('epoch', ${instant} - ${origin}) * 1000000)::int8`;

/**
 * Aggregate over order items `o`: their periods (`start`, `end`: integers) and quantities as one text
 * "start,end,qty,start,end,qty…"; null over no row. One string per item instead of one row per order item.
 */
export const bookingList = (start: SQL, end: SQL) =>
  sql`string_agg(${start} || ',' || ${end} || ',' || o.order_quantity, ',')`;

/** Reads what `bookingList` wrote; `instant` turns the integers written for start and end into epoch ms. */
export function parseBookingList(text: string | null, instant = (n: number) => n): Booking[] {
  if (!text) return [];
  const parts = text.split(",");
  const bookings: Booking[] = [];
  for (let i = 0; i + 2 < parts.length; i += 3) {
    bookings.push({
      start: instant(Number(parts[i])),
      end: instant(Number(parts[i + 1])),
      quantity: Number(parts[i + 2]),
    });
  }
  return bookings;
}

/**
 * The bookings of a `WeekItemRow` as epoch ms. They were clipped to the week [from, to] and written as
 * microseconds since `from`; a JS Date truncates to the millisecond, and so does this. Clipping changes no
 * day's peak: each day's sweep clips to the day anyway.
 */
export function parseWeekBookings(text: string | null, from: Date): Booking[] {
  const origin = from.getTime();
  return parseBookingList(text, (micros) => origin + Math.floor(micros / 1000));
}

/** An item row (as items.queries returns it) with its bookings in the week (see `parseWeekBookings`). */
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
  const since = sql`${from.toISOString()}::timestamptz`;
  const until = sql`${to.toISOString()}::timestamptz`;
  const clippedStart = microsSince(sql`greatest(o.start_date, ${since})`, since);
  const clippedEnd = microsSince(sql`least(o.end_date, ${until})`, since);
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
      SELECT o.item_id, ${bookingList(clippedStart, clippedEnd)} AS bookings
      FROM order_items o
      WHERE o.group_id = ${groupId}
        AND o.start_date < ${until} AND o.end_date >= ${since}
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
