import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { itemUnits, movementUnits, orderItemMovements, orderItems, workCases } from "../../db/schema";

/** A unit as a movement checks it, with the case it is out on and the kind of its open report. */
export interface UnitPlace {
  id: number;
  itemId: number;
  tag: string;
  outOrderItemId: number | null;
  outCaseTitle: string | null;
  outageMovementId: number | null;
  outageKind: "returned" | "lost" | "broken" | null;
  retiredAt: Date | null;
}

const outage = alias(orderItemMovements, "outage");

/**
 * Locks the units (FOR UPDATE, in id order) and reads where each is now. The item's lock, taken first by every
 * movement, already orders two writers of one item; this lock keeps the rows fixed for the tracking switch too.
 */
export async function lockUnits(tx: Tx, groupId: number, ids: number[]): Promise<UnitPlace[]> {
  if (ids.length === 0) return [];
  await tx
    .select({ id: itemUnits.id })
    .from(itemUnits)
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)))
    .orderBy(asc(itemUnits.id))
    .for("update");
  return tx
    .select({
      id: itemUnits.id,
      itemId: itemUnits.itemId,
      tag: itemUnits.tag,
      outOrderItemId: itemUnits.outOrderItemId,
      outCaseTitle: workCases.title,
      outageMovementId: itemUnits.outageMovementId,
      outageKind: outage.disposition,
      retiredAt: itemUnits.retiredAt,
    })
    .from(itemUnits)
    .leftJoin(orderItems, eq(orderItems.id, itemUnits.outOrderItemId))
    .leftJoin(workCases, eq(workCases.id, orderItems.workCaseId))
    .leftJoin(outage, eq(outage.id, itemUnits.outageMovementId))
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)))
    .orderBy(asc(itemUnits.id));
}

/** The units out on an order item now, in id order. */
export async function unitIdsOutOn(tx: Tx, groupId: number, orderItemId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: itemUnits.id })
    .from(itemUnits)
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.outOrderItemId, orderItemId)))
    .orderBy(asc(itemUnits.id));
  return rows.map((r) => r.id);
}

/** Records which units a movement moved. */
export async function bindUnits(tx: Tx, groupId: number, movementId: number, unitIds: number[]) {
  if (unitIds.length === 0) return;
  await tx.insert(movementUnits).values(unitIds.map((unitId) => ({ movementId, unitId, groupId })));
}

/** Puts units out on an order item (or back in the warehouse: null), with no open report. */
export async function setUnitsOut(tx: Tx, groupId: number, unitIds: number[], orderItemId: number | null) {
  if (unitIds.length === 0) return;
  await tx
    .update(itemUnits)
    .set({ outOrderItemId: orderItemId, outageMovementId: null })
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, unitIds)));
}

/** A unit reported lost or broken by `movementId` (out of service until found or repaired). */
export async function setUnitOutage(tx: Tx, groupId: number, unitId: number, movementId: number) {
  await tx
    .update(itemUnits)
    .set({ outOrderItemId: null, outageMovementId: movementId })
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.id, unitId)));
}

/** The units a report names are back (found, repaired): their report is closed. Returns their ids. */
export async function clearOutage(tx: Tx, groupId: number, movementId: number): Promise<number[]> {
  const rows = await tx
    .update(itemUnits)
    .set({ outageMovementId: null })
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.outageMovementId, movementId)))
    .returning({ id: itemUnits.id });
  return rows.map((r) => r.id);
}

/** Which units each of these movements moved. */
export async function unitsOfMovements(
  tx: Tx,
  movementIds: number[],
): Promise<{ movementId: number; unitId: number }[]> {
  if (movementIds.length === 0) return [];
  return tx
    .select({ movementId: movementUnits.movementId, unitId: movementUnits.unitId })
    .from(movementUnits)
    .where(inArray(movementUnits.movementId, movementIds))
    .orderBy(asc(movementUnits.unitId));
}

/** Tags of units, by id (for history entries). */
export async function tagsOf(tx: Tx, groupId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: itemUnits.id, tag: itemUnits.tag })
    .from(itemUnits)
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)));
  return new Map(rows.map((r) => [r.id, r.tag]));
}
