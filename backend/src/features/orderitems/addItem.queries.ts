import type { Booking } from "@zaiko/common/availability/index";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import type { OrderItemRow } from "./orderitems.queries";

/**
 * The hot path of the product (+ on the case detail screen) in one statement between BEGIN and COMMIT: the
 * database function `add_allocation_unit` (migrations 0002 and 0003) locks the case (share) then the item
 * (update), writes the unit and reads the bookings around it. Every round trip is paid by every click, so
 * the three statements between BEGIN and COMMIT are this one (scripts/bench/allocation.ts measures the
 * path). BEGIN itself travels
 * with it (db/pipelinedBegin.ts), so the + costs two round trips: this statement and COMMIT.
 * The function does not decide: the caller checks the peak with common/availability and throws to roll back.
 */

/** The order item as the upsert left it; the caller adds the item's title and category. */
export type AddedUnit = Pick<
  OrderItemRow,
  "id" | "orderQuantity" | "startDate" | "endDate" | "issue" | "receive" | "note"
>;

export interface UnitAdded {
  /** False only at the quantity column's upper bound: nothing was written, the unit does not fit. */
  added: boolean;
  item: { title: string; stockQuantity: number; categoryId: number; categoryName: string };
  unit: AddedUnit;
  /** The item's order items that overlap the unit's period, this case's own (with the new unit) among them. */
  bookings: Booking[];
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
  order_item: {
    id: number;
    order_quantity: number;
    start: number;
    end: number;
    issue: number | null;
    receive: number | null;
    note: string;
  };
  bookings: [start: number, end: number, quantity: number][];
}

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * One more unit of (case, item) over its order item's period, or the case's when it has none yet, written
 * but not committed. Undefined when the case or the item is not in the group; "cancelled" (nothing written)
 * when the case is cancelled. `lockItem: false` is the concurrency tests' control (AllocationOptions.lockRows).
 */
export async function addUnitLocked(
  tx: Tx,
  groupId: number,
  caseId: number,
  itemId: number,
  lockItem: boolean,
): Promise<UnitAdded | "cancelled" | undefined> {
  const [row] = await rowsOf<{ r: AddedJson | null }>(
    tx,
    sql`SELECT add_allocation_unit(${groupId}, ${caseId}, ${itemId}, ${lockItem}) AS r`,
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
    },
    unit: {
      id: o.id,
      orderQuantity: o.order_quantity,
      startDate: new Date(o.start),
      endDate: new Date(o.end),
      issue: dateOrNull(o.issue),
      receive: dateOrNull(o.receive),
      note: o.note,
    },
    bookings: r.bookings.map(([start, end, quantity]) => ({ start, end, quantity })),
  };
}
