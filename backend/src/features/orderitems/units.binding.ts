import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import { HttpError } from "../../lib/httpError";
import type { EventBuffer } from "../../realtime/eventBuffer";
import type { MovementRow } from "./movements.queries";
import {
  bindUnits,
  lockUnits,
  setUnitOutage,
  setUnitsOut,
  type UnitPlace,
  unitIdsOutOn,
  unitsOfMovements,
} from "./units.queries";

const U = ja.units;
const conflict = (error: string, unit?: UnitPlace) =>
  new HttpError(409, unit ? { error, unit: { id: unit.id, tag: unit.tag } } : { error });

/** Units moved or changed: the group's screens that show them read them again (`units.changed`). */
export function queueUnitsChanged(events: EventBuffer, groupId: number, itemId: number, unitIds: number[]) {
  if (unitIds.length === 0) return;
  events.add(groupId, rooms.group(groupId), "units.changed", { item_ids: [itemId], unit_ids: unitIds });
}

/** The order item a movement writes, as the binding checks it. */
export interface BoundLine {
  id: number;
  itemId: number;
  itemTitle: string;
  tracked: boolean;
}

/**
 * A count-only body on an untracked item is today's movement; units on an untracked item are a 400; a tracked
 * item's units must match the count given (when one is given).
 */
export function assertUnitsMatch(line: BoundLine, ids: number[] | undefined, count: number | "rest") {
  if (!line.tracked) {
    if (ids !== undefined && ids.length > 0) throw new HttpError(400, { units: [U.unitsUnexpected] });
    return;
  }
  if (ids !== undefined && count !== "rest" && ids.length !== count) {
    throw new HttpError(400, { units: [U.unitsMismatch] });
  }
}

/** Why a unit cannot go out on `line` now, or null when it can. */
function issueRefusal(line: BoundLine, u: UnitPlace): string | null {
  if (u.itemId !== line.itemId) return U.notThisItem(u.tag, line.itemTitle);
  if (u.retiredAt !== null) return U.retiredUnit(u.tag);
  if (u.outOrderItemId !== null) return U.outElsewhere(u.outCaseTitle ?? "");
  if (u.outageMovementId !== null) return u.outageKind === "broken" ? U.brokenNow(u.tag) : U.lostNow(u.tag);
  return null;
}

/** Locks the units of a movement; an id of no unit of the group is a 409 like a unit of another item. */
async function lockAll(tx: Tx, groupId: number, ids: number[]): Promise<UnitPlace[]> {
  const rows = await lockUnits(tx, groupId, ids);
  if (rows.length !== ids.length) throw new HttpError(409, { error: U.unitsInvalid });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * The units an issue takes out (locked, checked): each of this item, not retired, in the warehouse. A unit out
 * on any case (this one too) is refused with the case's title: one case at a time.
 */
export async function unitsForIssue(tx: Tx, groupId: number, line: BoundLine, ids: number[]) {
  for (const u of await lockAll(tx, groupId, ids)) {
    const refusal = issueRefusal(line, u);
    if (refusal) throw conflict(refusal, u);
  }
}

/** The units a receive takes back (locked, checked): each out on this order item. */
export async function unitsForReceive(tx: Tx, groupId: number, line: BoundLine, ids: number[]) {
  for (const u of await lockAll(tx, groupId, ids)) {
    if (u.outOrderItemId === line.id) continue;
    if (u.itemId !== line.itemId) throw conflict(U.notThisItem(u.tag, line.itemTitle), u);
    if (u.outOrderItemId !== null) throw conflict(U.outElsewhere(u.outCaseTitle ?? ""), u);
    throw conflict(U.notOutHere(u.tag), u);
  }
}

/** A receive of everything out on a tracked line without naming units (the spec's toggle): all of them. */
export function unitsOutOn(tx: Tx, groupId: number, lineId: number) {
  return unitIdsOutOn(tx, groupId, lineId);
}

/** After the movement is written: the units are bound to it and moved (out on the line, back, or reported). */
export async function bindMovement(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  line: BoundLine,
  movement: MovementRow,
  ids: number[],
) {
  await bindUnits(tx, groupId, movement.id, ids);
  if (movement.kind === "issue") await setUnitsOut(tx, groupId, ids, line.id);
  else if (movement.disposition === "returned") await setUnitsOut(tx, groupId, ids, null);
  else for (const id of ids) await setUnitOutage(tx, groupId, id, movement.id);
  queueUnitsChanged(events, groupId, line.itemId, ids);
}

/**
 * Movements about to be deleted (undo, a toggle cleared) give their units back where they were before: an
 * issue's units return to the warehouse; a receive's (returned, lost, broken) go out on the line again,
 * refused (409, the caller rolls back) when such a unit has since gone out on another case or been retired.
 * Called before the delete (which drops the bindings with the movements).
 */
export async function unbindMovements(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  line: BoundLine,
  removed: readonly MovementRow[],
) {
  const bindings = await unitsOfMovements(
    tx,
    removed.map((m) => m.id),
  );
  if (bindings.length === 0) return;
  const kindOf = new Map(removed.map((m) => [m.id, m]));
  const back: number[] = [];
  const outAgain: number[] = [];
  for (const b of bindings) {
    (kindOf.get(b.movementId)!.kind === "issue" ? back : outAgain).push(b.unitId);
  }
  const removedIds = new Set(removed.map((m) => m.id));
  for (const u of await lockAll(
    tx,
    groupId,
    [...new Set(outAgain)].sort((a, b) => a - b),
  )) {
    if (u.retiredAt !== null) throw conflict(U.retiredUnit(u.tag), u);
    // Out anywhere (on this line again too: issued again after the receive) cannot go out a second time.
    if (u.outOrderItemId !== null) throw conflict(U.outElsewhere(u.outCaseTitle ?? ""), u);
    if (u.outageMovementId !== null && !removedIds.has(u.outageMovementId)) {
      throw conflict(u.outageKind === "broken" ? U.brokenNow(u.tag) : U.lostNow(u.tag), u);
    }
  }
  // An issue's units that a later receive of the same removal already took back stay in the warehouse.
  const again = new Set(outAgain);
  await setUnitsOut(
    tx,
    groupId,
    back.filter((id) => !again.has(id)),
    null,
  );
  await setUnitsOut(tx, groupId, [...again], line.id);
  queueUnitsChanged(events, groupId, line.itemId, [...new Set([...back, ...again])]);
}
