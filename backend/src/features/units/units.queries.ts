import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import {
  categories,
  groups,
  items,
  itemUnits,
  movementUnits,
  orderItemMovements,
  orderItems,
  workCases,
} from "../../db/schema";

type Queryable = Db | Tx;

const outage = alias(orderItemMovements, "outage");
const outageLine = alias(orderItems, "outage_line");
const outageCase = alias(workCases, "outage_case");

/** Broken reports ever recorded for the unit (修理回数). */
const repairs = sql<number>`(SELECT count(*)::int FROM ${movementUnits} mu
  JOIN ${orderItemMovements} m ON m.id = mu.movement_id
  WHERE mu.unit_id = ${itemUnits.id} AND m.disposition = 'broken')`;

const unitColumns = {
  id: itemUnits.id,
  itemId: itemUnits.itemId,
  itemTitle: items.title,
  categoryName: categories.name,
  tag: itemUnits.tag,
  serial: itemUnits.serial,
  memo: itemUnits.memo,
  outOrderItemId: itemUnits.outOrderItemId,
  outCaseId: workCases.id,
  outCaseTitle: workCases.title,
  outageMovementId: itemUnits.outageMovementId,
  outageKind: outage.disposition,
  outageAt: outage.at,
  outageCaseTitle: outageCase.title,
  repairs,
  retiredAt: itemUnits.retiredAt,
  createdAt: itemUnits.createdAt,
  version: itemUnits.version,
};

export type UnitRow = {
  id: number;
  itemId: number;
  itemTitle: string;
  categoryName: string;
  tag: string;
  serial: string;
  memo: string;
  outOrderItemId: number | null;
  outCaseId: number | null;
  outCaseTitle: string | null;
  outageMovementId: number | null;
  outageKind: "returned" | "lost" | "broken" | null;
  outageAt: Date | null;
  outageCaseTitle: string | null;
  repairs: number;
  retiredAt: Date | null;
  createdAt: Date;
  version: number;
};

function selectUnits(db: Queryable, where: SQL | undefined) {
  return db
    .select(unitColumns)
    .from(itemUnits)
    .innerJoin(items, eq(items.id, itemUnits.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(orderItems, eq(orderItems.id, itemUnits.outOrderItemId))
    .leftJoin(workCases, eq(workCases.id, orderItems.workCaseId))
    .leftJoin(outage, eq(outage.id, itemUnits.outageMovementId))
    .leftJoin(outageLine, eq(outageLine.id, outage.orderItemId))
    .leftJoin(outageCase, eq(outageCase.id, outageLine.workCaseId))
    .where(where)
    .orderBy(asc(itemUnits.itemId), asc(itemUnits.id)) as unknown as Promise<UnitRow[]>;
}

/** The units of an item (retired ones too), in id order. */
export function unitsOfItem(db: Queryable, groupId: number, itemId: number) {
  return selectUnits(db, and(eq(itemUnits.groupId, groupId), eq(itemUnits.itemId, itemId)));
}

/** The units of the group (for the CSV), optionally of one item. */
export function unitsOfGroup(db: Queryable, groupId: number, itemId?: number) {
  return selectUnits(
    db,
    and(eq(itemUnits.groupId, groupId), itemId === undefined ? undefined : eq(itemUnits.itemId, itemId)),
  );
}

/** Units by id (another group's ids are left out). */
export function unitsByIds(db: Queryable, groupId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectUnits(db, and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)));
}

/** The unit of a tag (case-insensitive), or undefined. */
export async function unitByTag(db: Queryable, groupId: number, tag: string) {
  const [row] = await selectUnits(
    db,
    and(eq(itemUnits.groupId, groupId), sql`lower(${itemUnits.tag}) = lower(${tag})`),
  );
  return row;
}

/** Locks one unit row of the group (FOR UPDATE) and answers its item, or undefined. */
export async function lockUnit(tx: Tx, groupId: number, id: number) {
  const [row] = await tx
    .select({ id: itemUnits.id, itemId: itemUnits.itemId })
    .from(itemUnits)
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.id, id)))
    .for("update");
  return row;
}

/**
 * What a write of the unit must lock before it, read without a lock: its item and, while it is lost or
 * broken, the order item and case of its report (which a 発見 / 廃棄 closes), while it is out, the order item
 * it is out on (whose row lists its tag). Undefined for no unit of the group.
 */
export async function chainOfUnit(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({
      itemId: itemUnits.itemId,
      outOrderItemId: itemUnits.outOrderItemId,
      outageMovementId: itemUnits.outageMovementId,
      outageOrderItemId: outageLine.id,
      outageCaseId: outageLine.workCaseId,
    })
    .from(itemUnits)
    .leftJoin(outage, eq(outage.id, itemUnits.outageMovementId))
    .leftJoin(outageLine, eq(outageLine.id, outage.orderItemId))
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.id, id)));
  return row;
}

/** The order items that units of the item are out on now, by id (read under the item's lock). */
export async function linesWithUnitsOut(tx: Tx, groupId: number, itemId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: itemUnits.outOrderItemId })
    .from(itemUnits)
    .where(
      and(
        eq(itemUnits.groupId, groupId),
        eq(itemUnits.itemId, itemId),
        isNotNull(itemUnits.outOrderItemId),
        isNull(itemUnits.retiredAt),
      ),
    )
    .orderBy(asc(itemUnits.outOrderItemId));
  return rows.map((r) => r.id!);
}

/** The item's tag settings. */
export async function unitSettings(tx: Tx, groupId: number, itemId: number) {
  const [row] = await tx
    .select({ prefix: items.unitPrefix, next: items.unitNextNumber })
    .from(items)
    .where(and(eq(items.groupId, groupId), eq(items.id, itemId)));
  return row;
}

/** Units of the item out or out of service now (issued and not received, or lost / broken unresolved). */
export async function unitsAway(tx: Tx, groupId: number, itemId: number): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT coalesce((SELECT sum(issued_quantity - received_quantity) FROM ${orderItems}
                      WHERE group_id = ${groupId} AND item_id = ${itemId}), 0)
         + coalesce((SELECT sum(m.quantity) FROM ${orderItemMovements} m
                      JOIN ${orderItems} o ON o.id = m.order_item_id
                      WHERE o.group_id = ${groupId} AND o.item_id = ${itemId}
                        AND m.disposition <> 'returned' AND m.resolved_at IS NULL), 0) AS away`)) as unknown as {
    rows: { away: string | number }[];
  };
  return Number(result.rows[0]?.away ?? 0);
}

/** Tags of the group that start with `prefix-` (lower case), for generating the next ones. */
export async function tagsWithPrefix(tx: Tx, groupId: number, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ tag: sql<string>`lower(${itemUnits.tag})` })
    .from(itemUnits)
    .where(
      and(
        eq(itemUnits.groupId, groupId),
        sql`left(lower(${itemUnits.tag}), ${prefix.length + 1}) = lower(${`${prefix}-`})`,
      ),
    );
  return new Set(rows.map((r) => r.tag));
}

export async function insertUnits(
  tx: Tx,
  rows: { groupId: number; itemId: number; tag: string; serial?: string; memo?: string }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await tx.insert(itemUnits).values(rows).returning({ id: itemUnits.id });
  return out.map((r) => r.id);
}

/** Units retired by turning tracking off, oldest first: turning it on again brings them back. */
export async function unitsRetiredByTrackingOff(tx: Tx, groupId: number, itemId: number, limit: number) {
  if (limit <= 0) return [];
  const rows = await tx
    .select({ id: itemUnits.id })
    .from(itemUnits)
    .where(
      and(
        eq(itemUnits.groupId, groupId),
        eq(itemUnits.itemId, itemId),
        eq(itemUnits.retiredReason, "tracking_off"),
      ),
    )
    .orderBy(asc(itemUnits.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function reactivateUnits(tx: Tx, groupId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .update(itemUnits)
    .set({ retiredAt: null, retiredReason: null })
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)));
}

/** Retires units (they leave where they were: no longer out, no open report). Returns their ids. */
export async function retireUnits(
  tx: Tx,
  groupId: number,
  where: { itemId: number } | { ids: number[] },
  reason: "retired" | "tracking_off",
  at: Date,
): Promise<number[]> {
  const rows = await tx
    .update(itemUnits)
    .set({ retiredAt: at, retiredReason: reason, outOrderItemId: null, outageMovementId: null })
    .where(
      and(
        eq(itemUnits.groupId, groupId),
        isNull(itemUnits.retiredAt),
        "itemId" in where ? eq(itemUnits.itemId, where.itemId) : inArray(itemUnits.id, where.ids),
      ),
    )
    .returning({ id: itemUnits.id });
  return rows.map((r) => r.id);
}

export async function updateUnit(
  tx: Tx,
  groupId: number,
  id: number,
  set: { tag?: string; serial?: string; memo?: string },
) {
  await tx
    .update(itemUnits)
    .set(set)
    .where(and(eq(itemUnits.groupId, groupId), eq(itemUnits.id, id)));
}

/** Sets an item's tracking, tag settings and stock (the item is locked by the caller). */
export async function setItemUnits(
  tx: Tx,
  groupId: number,
  itemId: number,
  set: { unitTracked?: boolean; unitPrefix?: string; unitNextNumber?: number; stockQuantity?: number },
) {
  await tx
    .update(items)
    .set(set)
    .where(and(eq(items.groupId, groupId), eq(items.id, itemId)));
}

/** The movements that moved a unit, newest first, with their case. */
export function movementsOfUnit(db: Queryable, groupId: number, unitId: number) {
  return db
    .select({
      id: orderItemMovements.id,
      kind: orderItemMovements.kind,
      disposition: orderItemMovements.disposition,
      at: orderItemMovements.at,
      memberName: orderItemMovements.memberName,
      orderItemId: orderItemMovements.orderItemId,
      workCaseId: workCases.id,
      workCaseTitle: workCases.title,
      startDate: orderItems.startDate,
      endDate: orderItems.endDate,
      resolvedAt: orderItemMovements.resolvedAt,
      resolvedByName: orderItemMovements.resolvedByName,
    })
    .from(movementUnits)
    .innerJoin(orderItemMovements, eq(orderItemMovements.id, movementUnits.movementId))
    .innerJoin(orderItems, eq(orderItems.id, orderItemMovements.orderItemId))
    .innerJoin(workCases, eq(workCases.id, orderItems.workCaseId))
    .where(and(eq(movementUnits.groupId, groupId), eq(movementUnits.unitId, unitId)))
    .orderBy(desc(orderItemMovements.at), desc(orderItemMovements.id));
}

/** The group's name (printed on its labels). */
export async function groupNameOf(db: Queryable, groupId: number): Promise<string> {
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return row?.name ?? "";
}
