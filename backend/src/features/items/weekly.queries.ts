import type { Booking } from "@zaiko/common/availability/index";
import { type SQL, sql } from "drizzle-orm";
import { groupReach } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { microsSince, rowsOf } from "../../db/rawSql";

type Queryable = Db | Tx;

/*
 * The read views return thousands of rows. Raw SQL read through `execute` skips drizzle's per-field row
 * mapping, and instants travel as integers instead of timestamps to parse: on a large group those two
 * were most of the server's time.
 */

/**
 * Aggregate over order items `o`: their periods (`start`, `end`: integers) and quantities as one text
 * "start,end,qty,start,end,qty…"; null over no row. One string per item instead of one row per order item.
 */
export const bookingList = (start: SQL, end: SQL) =>
  sql`string_agg(${start} || ',' || ${end} || ',' || o.order_quantity, ',')`;

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/**
 * Reads what `bookingList` wrote; `instant` turns the integers written for start and end into epoch ms.
 * Digits are read in place rather than through split and Number: the weekly view reads thousands of them per
 * request, and the strings split created were most of its garbage.
 */
export function parseBookingList(text: string | null, instant = (n: number) => n): Booking[] {
  if (!text) return [];
  const bookings: Booking[] = [];
  const fields = [0, 0, 0];
  let field = 0;
  let value = 0;
  let sign = 1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : COMMA;
    if (c === COMMA) {
      fields[field++] = sign * value;
      value = 0;
      sign = 1;
      if (field === 3) {
        bookings.push({ start: instant(fields[0]!), end: instant(fields[1]!), quantity: fields[2]! });
        field = 0;
      }
    } else if (c === MINUS) {
      sign = -1;
    } else if (c >= ZERO && c <= ZERO + 9) {
      value = value * 10 + (c - ZERO);
    } else {
      throw new Error(`Not a booking list: ${text.slice(0, 40)}`);
    }
  }
  return bookings;
}

/**
 * The bookings of one item of `weekBookingsByItem` as epoch ms. They were clipped to the week [from, to] and
 * written as microseconds since `from`; a JS Date truncates to the millisecond, and so does this. Clipping
 * changes no day's peak: each day's sweep clips to the day anyway.
 */
export function parseWeekBookings(text: string | null, from: Date): Booking[] {
  const origin = from.getTime();
  return parseBookingList(text, (micros) => origin + Math.floor(micros / 1000));
}

/** One item's bookings of the week: all that hold stock, and (only when some are tentative) the confirmed. */
export interface WeekBookings {
  bookings: string;
  /** The confirmed ones alone, when the item has a tentative booking in the week; else undefined. */
  confirmed?: string | null;
}

/**
 * The group's order items that overlap [from, to) widened both ways by the group's largest turnaround reach
 * (a booking that far away can still hold units in the week: docs/availability.md; zero without turnaround),
 * per item as a `bookingList` (see `parseWeekBookings`; clipped to the widened span, so starts before `from`
 * are negative),
 * from the index on (group_id, start_date, end_date) and grouped in the database. Only items with at least
 * one such order item are in the map; units out of service (lost, broken) count as confirmed bookings.
 * Cancelled cases hold no stock and are left out; for an item with a
 * tentative booking the confirmed ones come as a second list, so the day's 仮 share can be told apart.
 */
export async function weekBookingsByItem(
  db: Queryable,
  groupId: number,
  from: Date,
  to: Date,
): Promise<Map<number, WeekBookings>> {
  const origin = sql`${from.toISOString()}::timestamptz`;
  const reach = sql`(SELECT r FROM reach)`;
  const since = sql`(${origin} - ${reach})`;
  const until = sql`(${to.toISOString()}::timestamptz + ${reach})`;
  const clippedStart = microsSince(sql`greatest(o.start_date, ${since})`, origin);
  const clippedEnd = microsSince(sql`least(o.end_date, ${until})`, origin);
  const list = bookingList(clippedStart, clippedEnd);
  const rows = await rowsOf<{
    item_id: number;
    bookings: string;
    tentative: boolean;
    confirmed: string | null;
  }>(
    db,
    sql`
    WITH reach AS (SELECT ${groupReach(groupId)} AS r)
    SELECT o.item_id, ${list} AS bookings, bool_or(o.tentative) AS tentative,
           ${list} FILTER (WHERE NOT o.tentative) AS confirmed
    FROM (
      -- What order items hold: early returns free their units from the return (order_item_bookings).
      SELECT o.item_id, o.start_date, o.end_date, o.quantity AS order_quantity,
             w.status = 'tentative' AS tentative
      FROM order_item_bookings o
      JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled'
      WHERE o.group_id = ${groupId}
        AND o.start_date < ${until} AND o.planned_end >= ${since} AND o.end_date >= ${since}
      UNION ALL
      -- Units out of service (lost, broken) hold stock like confirmed bookings (docs/lifecycle.md).
      SELECT x.item_id, x.start_date, x.end_date, x.quantity, false
      FROM item_outages x
      WHERE x.group_id = ${groupId} AND x.start_date < ${until} AND x.end_date >= ${since}
    ) o
    GROUP BY o.item_id`,
  );
  return new Map(
    rows.map((r) => [
      r.item_id,
      r.tentative ? { bookings: r.bookings, confirmed: r.confirmed } : { bookings: r.bookings },
    ]),
  );
}
