import type { Booking } from "@zaiko/common/availability/index";
import { and, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { orderItemMovements, subRentals, suppliers } from "../db/schema";

type Queryable = Db | Tx;

/*
 * Hired units (外部手配, docs/subrental.md) as every availability reader reads them: the item's stock over the
 * period they are with us — [start, end] while requested or received, up to the return once returned (if earlier),
 * never once cancelled. The rule is common/availability's (hired.ts); this is where the rows come from, through
 * the partial index sub_rentals_item_period_idx (cancelled ones are not in it).
 */

/** The period's end as availability counts it: a returned hire ends at its return when that came earlier. */
export const hiredEnd = sql`CASE WHEN ${subRentals.status} = 'returned'
  THEN least(${subRentals.endDate}, ${subRentals.returnedAt}) ELSE ${subRentals.endDate} END`;

/** The same end as epoch ms (a raw expression is not mapped to a Date by either driver). */
const hiredEndMs = sql<number>`floor(extract(epoch from ${hiredEnd}) * 1000)::float8`;

/** A hire of one item as the rule takes it, with its row id (a refusal names the hire changed). */
export interface HireRow extends Booking {
  id: number;
  itemId: number;
  start: Date;
  end: Date;
  quantity: number;
}

/**
 * The hires of these items (undefined: of every item of the group, through the group's period index) whose
 * period overlaps the closed window [from, to] (cancelled ones hold nothing).
 */
export async function hiresInWindow(
  db: Queryable,
  groupId: number,
  itemIds: number[] | undefined,
  from: Date,
  to: Date,
): Promise<HireRow[]> {
  if (itemIds?.length === 0) return [];
  const rows = await db
    .select({
      id: subRentals.id,
      itemId: subRentals.itemId,
      start: subRentals.startDate,
      endMs: hiredEndMs,
      quantity: subRentals.quantity,
    })
    .from(subRentals)
    .where(
      and(
        eq(subRentals.groupId, groupId),
        itemIds === undefined ? undefined : inArray(subRentals.itemId, itemIds),
        ne(subRentals.status, "cancelled"),
        lte(subRentals.startDate, to),
        gte(subRentals.endDate, from),
      ),
    );
  return rows.map(({ endMs, ...r }) => ({ ...r, end: new Date(Number(endMs)) }));
}

/** The same rows grouped by item, as the rule's `hires` argument. */
export function hiresByItem(rows: readonly HireRow[]): Map<number, HireRow[]> {
  const byItem = new Map<number, HireRow[]>();
  for (const r of rows) {
    const list = byItem.get(r.itemId) ?? [];
    list.push(r);
    byItem.set(r.itemId, list);
  }
  return byItem;
}

/**
 * The units of one hire reported lost or broken at a customer and not yet found or repaired (docs/subrental.md),
 * by disposition. Read under the hire's item lock: every writer of these reports and of the hire holds it.
 */
export async function hiredLosses(
  db: Queryable,
  subRentalId: number,
): Promise<{ lost: number; broken: number }> {
  const [row] = await db
    .select({
      lost: sql<number>`coalesce(sum(${orderItemMovements.quantity}) FILTER (WHERE ${orderItemMovements.disposition} = 'lost'), 0)::int`,
      broken: sql<number>`coalesce(sum(${orderItemMovements.quantity}) FILTER (WHERE ${orderItemMovements.disposition} = 'broken'), 0)::int`,
    })
    .from(orderItemMovements)
    .where(and(eq(orderItemMovements.subRentalId, subRentalId), isNull(orderItemMovements.resolvedAt)));
  return { lost: Number(row?.lost ?? 0), broken: Number(row?.broken ?? 0) };
}

/** A hire of the group as a loss report needs it (its item, status and quantity), or undefined. */
export async function hireOfGroup(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({
      id: subRentals.id,
      itemId: subRentals.itemId,
      status: subRentals.status,
      quantity: subRentals.quantity,
    })
    .from(subRentals)
    .where(and(eq(subRentals.groupId, groupId), eq(subRentals.id, id)));
  return row;
}

/**
 * The hires a lost or broken report of an order item may name (docs/subrental.md): of its item, still with us
 * (手配中 or 入荷済), made for its case or overlapping its period; the case's own first, then by start. With the
 * units reported against each and not yet found or repaired.
 */
export function hiresForLine(
  db: Queryable,
  groupId: number,
  line: { itemId: number; workCaseId: number; startDate: Date; endDate: Date },
) {
  const forCase = sql<boolean>`coalesce(${subRentals.workCaseId} = ${line.workCaseId}, false)`;
  return db
    .select({
      id: subRentals.id,
      supplierName: suppliers.name,
      quantity: subRentals.quantity,
      status: subRentals.status,
      start: subRentals.startDate,
      end: subRentals.endDate,
      forCase,
      reported: sql<number>`(SELECT coalesce(sum(m.quantity), 0)::int FROM ${orderItemMovements} m
        WHERE m.sub_rental_id = ${subRentals.id} AND m.resolved_at IS NULL)`,
    })
    .from(subRentals)
    .innerJoin(suppliers, eq(suppliers.id, subRentals.supplierId))
    .where(
      and(
        eq(subRentals.groupId, groupId),
        eq(subRentals.itemId, line.itemId),
        inArray(subRentals.status, ["requested", "received"]),
        sql`(${subRentals.workCaseId} = ${line.workCaseId}
          OR (${subRentals.startDate} <= ${line.endDate.toISOString()}::timestamptz
              AND ${subRentals.endDate} >= ${line.startDate.toISOString()}::timestamptz))`,
      ),
    )
    .orderBy(sql`${forCase} DESC`, subRentals.startDate, subRentals.id);
}
