import type { Shortage } from "@zaiko/common/availability/index";
import type { TentativeHoldDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { Tx } from "../db/client";
import { HttpError } from "../lib/httpError";
import { iso } from "../lib/iso";
import { holdsOverlapping, type RefusedWindow } from "./tentativeHolds.queries";

export type { RefusedWindow } from "./tentativeHolds.queries";

/**
 * The tentative holds (仮押さえ) of other cases that overlap the refused windows, earliest deadline first.
 * Read only after a refusal, inside its transaction (the item rows are locked, so the list is what refused).
 */
export async function tentativeHoldsIn(
  tx: Tx,
  groupId: number,
  windows: RefusedWindow[],
  exceptCaseId?: number,
): Promise<TentativeHoldDto[]> {
  if (windows.length === 0) return [];
  const rows = await holdsOverlapping(tx, groupId, windows, exceptCaseId);
  return rows.map((r) => ({
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
}

/**
 * 409 `{error, shortages, tentative_holds}`: the spec's refusal, plus the tentative holds of other cases among
 * the bookings of the short items over the refused windows. Nothing was changed.
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
  const tentative_holds = await tentativeHoldsIn(
    tx,
    groupId,
    windows.filter((w) => short.has(w.itemId)),
    exceptCaseId,
  );
  return new HttpError(409, { error, shortages, tentative_holds });
}
