import { type Booking, type Turnaround, turnaroundOfMinutes } from "@zaiko/common/availability/index";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rowsOf } from "../db/rawSql";
import type { orderItems } from "../db/schema";
import type { HistoryRow } from "../lib/history";

/**
 * The hot path of the product (+ on the case detail screen) in one statement inside the caller's
 * transaction: the database function `add_allocation_unit` (source: db/functions/allocation.sql)
 * locks the case (share) then the item (update) through `lock_allocation`, the lock function of every
 * allocation write, writes the unit, records it through `record_history`, the history writer of every
 * service, and reads the bookings around it, so the +
 * costs three round trips (BEGIN, this statement, COMMIT; scripts/bench/allocation.ts measures the path).
 * The function does not decide: the caller checks the peak with common/availability and throws to roll back.
 */

/** The order item as the upsert left it; the caller adds the item's title and category. */
export type AddedUnit = Pick<
  typeof orderItems.$inferSelect,
  "id" | "orderQuantity" | "startDate" | "endDate" | "issue" | "receive" | "note" | "version"
>;

export interface UnitAdded {
  /** False only at the quantity column's upper bound: nothing was written, the unit does not fit. */
  added: boolean;
  /** `unitTracked`: 個体管理 (docs/units.md), which the order item's row carries. */
  item: {
    title: string;
    stockQuantity: number;
    categoryId: number;
    categoryName: string;
    unitTracked: boolean;
  };
  unit: AddedUnit;
  /** The item's turnaround (own, else its category's): the check holds every booking and the unit with it. */
  turnaround: Turnaround;
  /**
   * The item's order items that overlap the unit's period widened by the turnaround's before + after both ways,
   * this case's own (with the new unit) among them.
   */
  bookings: Booking[];
  /** Units hired in (外部手配) over the same widened window: the item's stock while they are with us. */
  hires: Booking[];
  /** The history entry the function wrote with the unit, as every history read has it (null when nothing was added). */
  history: HistoryRow | null;
}

/** What the function returns, as JSON: instants as epoch milliseconds, bookings as compact tuples. */
interface AddedJson {
  /** Only when the case is cancelled: then nothing else is returned and nothing was written. */
  case_status?: "cancelled";
  added: boolean;
  title: string;
  stock_quantity: number;
  category_id: number;
  category_name: string;
  unit_tracked: boolean;
  turnaround_before_minutes: number;
  turnaround_after_minutes: number;
  order_item: {
    id: number;
    order_quantity: number;
    start: number;
    end: number;
    issue: number | null;
    receive: number | null;
    note: string;
    version: number;
  };
  bookings: [start: number, end: number, quantity: number][];
  hires: [start: number, end: number, quantity: number][];
  history: HistoryRow | null;
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * One more unit of (case, item) over its order item's period, or the case's when it has none yet, written
 * but not committed, and recorded in the history by `actorId`. Undefined when the case or the item is not in
 * the group; "cancelled" (nothing written) when the case is cancelled.
 */
export async function addUnitLocked(
  tx: Tx,
  groupId: number,
  caseId: number,
  itemId: number,
  actorId: number,
): Promise<UnitAdded | "cancelled" | undefined> {
  const [row] = await rowsOf<{ r: AddedJson | null }>(
    tx,
    sql`SELECT add_allocation_unit(${groupId}, ${caseId}, ${itemId}, ${actorId}) AS r`,
  );
  const r = row?.r;
  if (!r) return undefined;
  if (r.case_status === "cancelled") return "cancelled";
  const o = r.order_item;
  return {
    added: r.added,
    item: {
      title: r.title,
      stockQuantity: r.stock_quantity,
      categoryId: r.category_id,
      categoryName: r.category_name,
      unitTracked: r.unit_tracked,
    },
    turnaround: turnaroundOfMinutes(r.turnaround_before_minutes, r.turnaround_after_minutes),
    unit: {
      id: o.id,
      orderQuantity: o.order_quantity,
      startDate: new Date(o.start),
      endDate: new Date(o.end),
      issue: dateOrNull(o.issue),
      receive: dateOrNull(o.receive),
      note: o.note,
      version: Number(o.version),
    },
    bookings: r.bookings.map(([start, end, quantity]) => ({ start, end, quantity })),
    hires: r.hires.map(([start, end, quantity]) => ({ start, end, quantity })),
    history: r.history,
  };
}
