import { type Booking, peakUsage, type Shortage } from "@zaiko/common/availability/index";
import type { Tx } from "../db/client";
import { HttpError } from "../lib/httpError";
import { iso } from "../lib/iso";
import type { UnitAdded } from "./addUnit.queries";
import { bookingsInWindow, lockItems } from "./locks.queries";

export type LockedItem = { id: number; title: string; stockQuantity: number };

/** Locks the item rows in id order (the order every writer uses) and reads them, by id. */
export async function lockItemsForAllocation(
  tx: Tx,
  groupId: number,
  ids: number[],
): Promise<Map<number, LockedItem>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const rows = await lockItems(tx, groupId, sorted);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A proposed booking of `quantity` units of a locked item over [start, end]. */
export interface ProposedBooking {
  item: LockedItem;
  start: Date;
  end: Date;
  quantity: number;
}

/**
 * The shortages the proposed bookings would cause, each checked against the item's other order items
 * (all but `exceptCaseId`'s, whose bookings the proposal replaces): peak over the proposed window +
 * quantity ≤ stock. Outside the window usage does not rise, so this is the whole invariant. One query.
 */
export async function shortagesOf(
  tx: Tx,
  groupId: number,
  proposals: ProposedBooking[],
  exceptCaseId?: number,
): Promise<Shortage[]> {
  if (proposals.length === 0) return [];
  const from = new Date(Math.min(...proposals.map((p) => p.start.getTime())));
  const to = new Date(Math.max(...proposals.map((p) => p.end.getTime())));
  const ids = [...new Set(proposals.map((p) => p.item.id))];
  const byItem = new Map<number, Booking[]>();
  for (const b of await bookingsInWindow(tx, groupId, ids, from, to, exceptCaseId)) {
    const list = byItem.get(b.itemId) ?? [];
    list.push({ start: b.start, end: b.end, quantity: b.quantity });
    byItem.set(b.itemId, list);
  }
  const shortages: Shortage[] = [];
  for (const p of proposals) {
    const required = peakUsage(byItem.get(p.item.id) ?? [], { start: p.start, end: p.end }) + p.quantity;
    if (required > p.item.stockQuantity) {
      shortages.push({ item_id: p.item.id, title: p.item.title, required, available: p.item.stockQuantity });
    }
  }
  return shortages;
}

/**
 * The check of one + (add_allocation_unit wrote the unit and read the bookings around it, the new unit among
 * them): peak usage over the unit's period above stock is the item's shortage. A unit not added (only at the
 * quantity column's bound, which no stock reaches) counts as one more, so it is refused.
 */
export function addedUnitShortage(itemId: number, added: UnitAdded): Shortage | undefined {
  const { item, unit, bookings } = added;
  const window = { start: unit.startDate.getTime(), end: unit.endDate.getTime() };
  const required = peakUsage(bookings, window) + (added.added ? 0 : 1);
  if (required <= item.stockQuantity) return undefined;
  return { item_id: itemId, title: item.title, required, available: item.stockQuantity };
}

/** 409 `{error, shortages}`: nothing was changed. */
export const shortageError = (error: string, shortages: Shortage[]) =>
  new HttpError(409, { error, shortages });

/** [min start, max end] of some periods, as ISO strings for `stock.changed`. */
export function spanOf(periods: { start: Date; end: Date }[]): { from: string; to: string } {
  const from = Math.min(...periods.map((p) => p.start.getTime()));
  const to = Math.max(...periods.map((p) => p.end.getTime()));
  return { from: iso(from), to: iso(to) };
}
