import {
  type Booking,
  heldNetPeak,
  type Shortage,
  type Turnaround,
  turnaroundReach,
} from "@zaiko/common/availability/index";
import type { TentativeHoldDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { Tx } from "../db/client";
import { HttpError } from "../lib/httpError";
import { iso } from "../lib/iso";
import type { UnitAdded } from "./addUnit.queries";
import { hiresByItem, hiresInWindow } from "./hires.queries";
import { bookingsInWindow, lockItems } from "./locks.queries";
import { caseBookingsByItem, refuseShortItems } from "./shortCases";
import { holdsOverlapping, type RefusedWindow } from "./tentativeHolds.queries";
import { turnaroundOf } from "./turnaround.queries";

export type { RefusedWindow } from "./tentativeHolds.queries";

/** A locked item: its stock and its turnaround in minutes (own, else the category's). */
export type LockedItem = {
  id: number;
  title: string;
  stockQuantity: number;
  turnaroundBeforeMinutes: number;
  turnaroundAfterMinutes: number;
};

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
 * quantity ≤ stock, each booking and the window held with the item's turnaround (common/availability
 * heldPeak), less the units hired in (外部手配) at each instant of it. Outside the held window usage does not rise,
 * so this is the whole invariant. One query for the bookings and one for the hires, reaching before + after
 * beyond the windows. A shortage reads the worst instant's units (the hired ones added to `available`).
 */
export async function shortagesOf(
  tx: Tx,
  groupId: number,
  proposals: ProposedBooking[],
  exceptCaseId?: number,
): Promise<Shortage[]> {
  if (proposals.length === 0) return [];
  const reach = (p: ProposedBooking) => turnaroundReach(turnaroundOf(p.item));
  const from = new Date(Math.min(...proposals.map((p) => p.start.getTime() - reach(p))));
  const to = new Date(Math.max(...proposals.map((p) => p.end.getTime() + reach(p))));
  const ids = [...new Set(proposals.map((p) => p.item.id))];
  const byItem = new Map<number, Booking[]>();
  // One after the other: a transaction's one connection runs one statement at a time.
  const booked = await bookingsInWindow(tx, groupId, ids, from, to, exceptCaseId);
  const hired = await hiresInWindow(tx, groupId, ids, from, to);
  for (const b of booked) {
    const list = byItem.get(b.itemId) ?? [];
    list.push({ start: b.start, end: b.end, quantity: b.quantity });
    byItem.set(b.itemId, list);
  }
  const hires = hiresByItem(hired);
  const shortages: Shortage[] = [];
  for (const p of proposals) {
    const window = { start: p.start, end: p.end };
    const held = heldNetPeak(
      byItem.get(p.item.id) ?? [],
      window,
      turnaroundOf(p.item),
      hires.get(p.item.id) ?? [],
    );
    const shortage = shortageOf(p.item.id, p.item.title, p.item.stockQuantity, held, p.quantity);
    if (shortage) shortages.push(shortage);
  }
  return shortages;
}

/**
 * The check of one + (add_allocation_unit wrote the unit and read the bookings around it, the new unit among
 * them): peak usage over the unit's period above stock is the item's shortage. A unit not added (only at the
 * quantity column's bound, which no stock reaches) counts as one more, so it is refused.
 */
export function addedUnitShortage(itemId: number, added: UnitAdded): Shortage | undefined {
  const { item, unit, bookings, hires } = added;
  const window = { start: unit.startDate.getTime(), end: unit.endDate.getTime() };
  const held = heldNetPeak(bookings, window, added.turnaround, hires);
  return shortageOf(itemId, item.title, item.stockQuantity, held, added.added ? 0 : 1);
}

/**
 * The shortage when `more` units beside the held ones exceed stock + the units hired at the worst instant
 * (none without hires: then `required` is the peak + more and `available` the stock, as before hires existed).
 */
function shortageOf(
  itemId: number,
  title: string,
  stock: number,
  held: { peak: number; hired: number },
  more: number,
): Shortage | undefined {
  if (held.peak + more <= stock) return undefined;
  return { item_id: itemId, title, required: held.peak + held.hired + more, available: stock + held.hired };
}

/** Before and after every booking a form can write (both databases take them). */
export const BEGINNING = new Date("0001-01-01T00:00:00Z");
export const END_OF_TIME = new Date("9999-12-31T23:59:59.999Z");

/**
 * Refuses a new turnaround of locked items (a category's turnaround edit) that would overbook: every booking of
 * each item, of all time, held with its new turnaround, against its stock; 409 `{error, shortages, short_cases}`
 * (shortCases.ts) when one is short. The item edit checks its own through the stock edit's check, which reads
 * the same bookings.
 */
export async function assertTurnaroundCovers(
  tx: Tx,
  groupId: number,
  changes: { item: LockedItem; turnaround: Turnaround }[],
  error: string,
): Promise<void> {
  if (changes.length === 0) return;
  const ids = changes.map((c) => c.item.id);
  const byItem = caseBookingsByItem(await bookingsInWindow(tx, groupId, ids, BEGINNING, END_OF_TIME));
  const hires = hiresByItem(await hiresInWindow(tx, groupId, ids, BEGINNING, END_OF_TIME));
  await refuseShortItems(
    tx,
    groupId,
    error,
    changes.map(({ item, turnaround }) => ({
      item_id: item.id,
      title: item.title,
      stock: item.stockQuantity,
      bookings: byItem.get(item.id) ?? [],
      turnaround,
      hired: hires.get(item.id) ?? [],
    })),
  );
}

/** 409 `{error, shortages}`: nothing was changed. */
export const shortageError = (error: string, shortages: Shortage[]) =>
  new HttpError(409, { error, shortages });

/**
 * 409 `{error, shortages, tentative_holds}`: the spec's refusal, plus the tentative holds (仮押さえ) of other
 * cases among the bookings of the short items over the refused windows, earliest deadline first. Read inside the
 * refused transaction, whose item rows are locked, so the list is what refused. Nothing was changed.
 */
export async function shortageRefusal(
  tx: Tx,
  groupId: number,
  error: string,
  shortages: Shortage[],
  windows: RefusedWindow[],
  exceptCaseId?: number,
): Promise<HttpError> {
  const short = new Set(shortages.map((s) => s.item_id));
  const refused = windows.filter((w) => short.has(w.itemId));
  const holds = refused.length === 0 ? [] : await holdsOverlapping(tx, groupId, refused, exceptCaseId);
  const tentative_holds: TentativeHoldDto[] = holds.map((r) => ({
    case_id: r.case_id,
    case_title: r.case_title,
    item_id: r.item_id,
    item_title: r.item_title,
    quantity: r.quantity,
    start_date: iso(r.start_date),
    end_date: iso(r.end_date),
    hold_until: iso(r.hold_until),
    held_by: r.held_by,
    held_by_name: r.held_by === null ? null : r.held_by_name,
  }));
  return new HttpError(409, { error, shortages, tentative_holds });
}

/** [min start, max end] of some periods, as ISO strings for `stock.changed`. */
export function spanOf(periods: { start: Date; end: Date }[]): { from: string; to: string } {
  const from = Math.min(...periods.map((p) => p.start.getTime()));
  const to = Math.max(...periods.map((p) => p.end.getTime()));
  return { from: iso(from), to: iso(to) };
}
