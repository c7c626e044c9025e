import type { Turnaround } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import {
  BEGINNING,
  type CaseBooking,
  type CheckedItem,
  caseBookingsByItem,
  END_OF_TIME,
  type HireRow,
  hiresByItem,
  hiresInWindow,
  refuseShortItems,
} from "../../allocation";
import type { Tx } from "../../db/client";
import { chunks } from "../../lib/chunks";
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
 * The items as the new stocks would leave them: for each, every order item (past ones too, so the invariant
 * holds at every instant) and outage with the case holding it, each held with the item's turnaround, and the
 * units hired in (外部手配), the stock of the periods they are with us.
 */
async function checkedItems(tx: Tx, groupId: number, changes: StockChange[]): Promise<CheckedItem[]> {
  if (changes.length === 0) return [];
  const bookings = new Map<number, CaseBooking[]>();
  const hires = new Map<number, HireRow[]>();
  for (const part of chunks(changes, ID_CHUNK)) {
    const ids = part.map((c) => c.id);
    // Each chunk holds other items: its maps only add entries.
    for (const [id, list] of hiresByItem(await hiresInWindow(tx, groupId, ids, BEGINNING, END_OF_TIME))) {
      hires.set(id, list);
    }
    for (const [id, list] of caseBookingsByItem(await bookingsOfItems(tx, groupId, ids)))
      bookings.set(id, list);
  }
  return changes.map((c) => ({
    item_id: c.id,
    title: c.title,
    stock: c.stock,
    bookings: bookings.get(c.id) ?? [],
    turnaround: c.turnaround,
    hired: hires.get(c.id) ?? [],
  }));
}

/**
 * 409 `{error, shortages, short_cases}` when lowering stock (or lengthening a turnaround: `error` says which)
 * would leave bookings uncovered, naming the cases held where each short item first breaks; nothing is changed.
 */
export async function assertStockCovers(
  tx: Tx,
  groupId: number,
  changes: StockChange[],
  error: string = ja.catalogue.stockBelowAllocation,
): Promise<void> {
  await refuseShortItems(tx, groupId, error, await checkedItems(tx, groupId, changes));
}
