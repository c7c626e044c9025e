import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { hiredEnd } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { items, orderItemMovements, subRentals, suppliers, workCases } from "../../db/schema";

type Queryable = Db | Tx;

/*
 * 取引先 and 外部手配 rows (docs/subrental.md). Availability reads hires through allocation/hires.queries.ts; these
 * are the feature's own reads and writes.
 */

export type SupplierRow = typeof suppliers.$inferSelect;

export function listSuppliers(db: Queryable, groupId: number) {
  return db
    .select()
    .from(suppliers)
    .where(eq(suppliers.groupId, groupId))
    .orderBy(sql`${suppliers.name} COLLATE "C"`, asc(suppliers.id));
}

export async function findSupplier(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.groupId, groupId), eq(suppliers.id, id)));
  return row;
}

export async function insertSupplier(
  tx: Tx,
  groupId: number,
  values: { name: string; contact: string; memo: string },
) {
  const [row] = await tx
    .insert(suppliers)
    .values({ groupId, ...values })
    .returning();
  return row!;
}

export async function updateSupplierRow(
  tx: Tx,
  groupId: number,
  id: number,
  values: { name: string; contact: string; memo: string },
) {
  const [row] = await tx
    .update(suppliers)
    .set(values)
    .where(and(eq(suppliers.groupId, groupId), eq(suppliers.id, id)))
    .returning();
  return row;
}

/** Deletes a supplier without sub-rentals; false when it has some (the foreign key would refuse) or is missing. */
export async function deleteSupplierRow(tx: Tx, groupId: number, id: number) {
  const rows = await tx
    .delete(suppliers)
    .where(
      and(
        eq(suppliers.groupId, groupId),
        eq(suppliers.id, id),
        sql`NOT EXISTS (SELECT 1 FROM ${subRentals} WHERE ${subRentals.supplierId} = ${suppliers.id})`,
      ),
    )
    .returning({ id: suppliers.id });
  return rows.length > 0;
}

export async function supplierHasSubRentals(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: subRentals.id })
    .from(subRentals)
    .where(eq(subRentals.supplierId, id))
    .limit(1);
  return row !== undefined;
}

/** A sub-rental with its supplier's name, its item's title and its case's title (the shape every answer needs). */
const lossOf = (disposition: "lost" | "broken") =>
  sql<number>`(SELECT coalesce(sum(m.quantity), 0)::int FROM ${orderItemMovements} m
    WHERE m.sub_rental_id = ${subRentals.id} AND m.disposition = ${disposition} AND m.resolved_at IS NULL)`;

const subRentalColumns = {
  row: subRentals,
  supplierName: suppliers.name,
  itemTitle: items.title,
  caseTitle: workCases.title,
  /** Hired units reported lost or broken at a customer against it, not yet found or repaired (docs/subrental.md). */
  lostQuantity: lossOf("lost"),
  brokenQuantity: lossOf("broken"),
  /**
   * Whether any report names it, found or repaired ones too: a report's period stays clipped to the hire's, so the
   * hire keeps its item and is not cancelled (docs/subrental.md).
   */
  hasReports: sql<boolean>`EXISTS (SELECT 1 FROM ${orderItemMovements} m WHERE m.sub_rental_id = ${subRentals.id})`,
};

function subRentalSelect(db: Queryable) {
  return db
    .select(subRentalColumns)
    .from(subRentals)
    .innerJoin(suppliers, eq(suppliers.id, subRentals.supplierId))
    .innerJoin(items, eq(items.id, subRentals.itemId))
    .leftJoin(workCases, eq(workCases.id, subRentals.workCaseId));
}

export type SubRentalView = Awaited<ReturnType<typeof findSubRental>> & {};

export async function findSubRental(db: Queryable, groupId: number, id: number) {
  const [row] = await subRentalSelect(db).where(and(eq(subRentals.groupId, groupId), eq(subRentals.id, id)));
  return row;
}

/** The group's sub-rentals, newest period first; optionally of one item, one case, or overlapping [from, to). */
export function listSubRentals(
  db: Queryable,
  groupId: number,
  filter: { itemId?: number; caseId?: number; from?: Date; to?: Date } = {},
) {
  return subRentalSelect(db)
    .where(
      and(
        eq(subRentals.groupId, groupId),
        filter.itemId === undefined ? undefined : eq(subRentals.itemId, filter.itemId),
        filter.caseId === undefined ? undefined : eq(subRentals.workCaseId, filter.caseId),
        filter.to === undefined ? undefined : lt(subRentals.startDate, filter.to),
        filter.from === undefined ? undefined : gte(subRentals.endDate, filter.from),
      ),
    )
    .orderBy(desc(subRentals.startDate), desc(subRentals.id));
}

export interface SubRentalValues {
  supplierId: number;
  itemId: number;
  quantity: number;
  startDate: Date;
  endDate: Date;
  workCaseId: number | null;
  costMemo: string;
}

export async function insertSubRental(tx: Tx, groupId: number, values: SubRentalValues) {
  const [row] = await tx
    .insert(subRentals)
    .values({ groupId, ...values })
    .returning({ id: subRentals.id });
  return row!.id;
}

export async function updateSubRentalRow(
  tx: Tx,
  groupId: number,
  id: number,
  values: Partial<SubRentalValues> & {
    status?: (typeof subRentals.$inferSelect)["status"];
    receivedAt?: Date | null;
    returnedAt?: Date | null;
  },
) {
  await tx
    .update(subRentals)
    .set(values)
    .where(and(eq(subRentals.groupId, groupId), eq(subRentals.id, id)));
}

/** The item of a sub-rental as it is now (a writer locks the item, then reads the row again). */
export async function itemOfSubRental(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({ itemId: subRentals.itemId })
    .from(subRentals)
    .where(and(eq(subRentals.groupId, groupId), eq(subRentals.id, id)));
  return row?.itemId;
}

/** Whether a case is in the group (a sub-rental's optional case). */
export async function caseInGroup(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({ id: workCases.id })
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)));
  return row !== undefined;
}

/**
 * The hires of these items whose period (as availability counts it) overlaps [from, to], with the supplier's
 * name: the bars of the timeline and the item screen.
 */
export function hireBarsOf(db: Queryable, groupId: number, itemIds: number[], from: Date, to: Date) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: subRentals.id,
      itemId: subRentals.itemId,
      supplierName: suppliers.name,
      quantity: subRentals.quantity,
      status: subRentals.status,
      start: subRentals.startDate,
      endMs: sql<number>`floor(extract(epoch from ${hiredEnd}) * 1000)::float8`,
      workCaseId: subRentals.workCaseId,
    })
    .from(subRentals)
    .innerJoin(suppliers, eq(suppliers.id, subRentals.supplierId))
    .where(
      and(
        eq(subRentals.groupId, groupId),
        inArray(subRentals.itemId, itemIds),
        ne(subRentals.status, "cancelled"),
        lte(subRentals.startDate, to),
        gte(subRentals.endDate, from),
      ),
    )
    .orderBy(asc(subRentals.startDate), asc(subRentals.id));
}

/** The hires (not cancelled) made for these cases, with supplier names: the pack list's and Excel's lines. */
export function hiresOfCase(db: Queryable, groupId: number, caseId: number) {
  return db
    .select({ itemId: subRentals.itemId, supplierName: suppliers.name, quantity: subRentals.quantity })
    .from(subRentals)
    .innerJoin(suppliers, eq(suppliers.id, subRentals.supplierId))
    .where(
      and(
        eq(subRentals.groupId, groupId),
        eq(subRentals.workCaseId, caseId),
        ne(subRentals.status, "cancelled"),
      ),
    )
    .orderBy(asc(subRentals.id));
}

/**
 * The board's 入荷 and 返却 rows (docs/subrental.md): hires still to arrive (手配中) whose planned start lies in
 * [from, to), and hires here (入荷済) whose planned end does, with their names.
 */
export function hiresMovingBetween(db: Queryable, groupId: number, from: Date, to: Date) {
  return subRentalSelect(db)
    .where(
      and(
        eq(subRentals.groupId, groupId),
        sql`((${subRentals.status} = 'requested' AND ${subRentals.startDate} >= ${from.toISOString()}::timestamptz
               AND ${subRentals.startDate} < ${to.toISOString()}::timestamptz)
          OR (${subRentals.status} = 'received' AND ${subRentals.endDate} >= ${from.toISOString()}::timestamptz
               AND ${subRentals.endDate} < ${to.toISOString()}::timestamptz))`,
      ),
    )
    .orderBy(asc(subRentals.id));
}

/**
 * Hires here past their planned return (入荷済, 返却予定 before `now`): overdue (docs/subrental.md), most overdue
 * first. Their units are no longer stock after that end.
 */
export function overdueHires(db: Queryable, groupId: number, now: Date) {
  return subRentalSelect(db)
    .where(
      and(eq(subRentals.groupId, groupId), eq(subRentals.status, "received"), lt(subRentals.endDate, now)),
    )
    .orderBy(asc(subRentals.endDate), asc(subRentals.id));
}
