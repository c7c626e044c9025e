import {
  type Booking,
  checkInvariant,
  type Shortage,
  type Turnaround,
} from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { Tx } from "../../db/client";
import { HttpError } from "../../lib/httpError";
import { bookingsOfItems } from "./items.queries";

/**
 * A proposed new stock, and turnaround, for an item whose row the caller has already locked (lock_allocation):
 * a lower stock and a longer turnaround are both checked against every booking of the item.
 */
export interface StockChange {
  id: number;
  title: string;
  stock: number;
  /** The item's turnaround after the change (none when absent). */
  turnaround?: Turnaround;
}

/** Ids per statement when reading bookings, so a big import never builds one huge IN list. */
const ID_CHUNK = 1000;

/**
 * The shortages that the new stocks would cause: for each item, the peak usage over all of its order
 * items (past ones too, so the invariant holds at every instant), each held with the item's turnaround, against
 * the new stock.
 */
export async function shortagesAfter(tx: Tx, groupId: number, changes: StockChange[]): Promise<Shortage[]> {
  if (changes.length === 0) return [];
  const bookings = new Map<number, Booking[]>();
  for (let i = 0; i < changes.length; i += ID_CHUNK) {
    const ids = changes.slice(i, i + ID_CHUNK).map((c) => c.id);
    for (const b of await bookingsOfItems(tx, groupId, ids)) {
      let list = bookings.get(b.itemId);
      if (!list) {
        list = [];
        bookings.set(b.itemId, list);
      }
      list.push({ start: b.start, end: b.end, quantity: b.quantity });
    }
  }
  return checkInvariant(
    changes.map((c) => ({
      item_id: c.id,
      title: c.title,
      stock: c.stock,
      bookings: bookings.get(c.id) ?? [],
      turnaround: c.turnaround,
    })),
  );
}

/**
 * 409 `{error, shortages}` when lowering stock (or lengthening a turnaround: `error` says which) would leave
 * bookings uncovered; nothing is changed.
 */
export async function assertStockCovers(
  tx: Tx,
  groupId: number,
  changes: StockChange[],
  error: string = ja.catalogue.stockBelowAllocation,
): Promise<void> {
  const shortages = await shortagesAfter(tx, groupId, changes);
  if (shortages.length > 0) throw new HttpError(409, { error, shortages });
}
