import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import {
  caseSetLineParts,
  caseSetLines,
  categories,
  itemSetParts,
  itemSets,
  items,
  itemUnits,
  orderItems,
} from "../../db/schema";

type Queryable = Db | Tx;

/** A set row with its category's name. */
export interface SetRow {
  id: number;
  groupId: number;
  categoryId: number;
  categoryName: string;
  title: string;
  note: string;
  createdAt: Date;
  version: number;
}

/** A part row: units of an item per set, with the item's title. */
export interface PartRow {
  ownerId: number;
  itemId: number;
  title: string;
  quantity: number;
}

const setColumns = {
  id: itemSets.id,
  groupId: itemSets.groupId,
  categoryId: itemSets.categoryId,
  categoryName: categories.name,
  title: itemSets.title,
  note: itemSets.note,
  createdAt: itemSets.createdAt,
  version: itemSets.version,
};

/** Sets of the group (all, or these ids) with their category name, by title (code point on both drivers). */
export function setRows(db: Queryable, groupId: number, ids?: number[]): Promise<SetRow[]> {
  return db
    .select(setColumns)
    .from(itemSets)
    .innerJoin(
      categories,
      and(eq(categories.id, itemSets.categoryId), eq(categories.groupId, itemSets.groupId)),
    )
    .where(and(eq(itemSets.groupId, groupId), ids === undefined ? undefined : inArray(itemSets.id, ids)))
    .orderBy(sql`${itemSets.title} COLLATE "C"`, asc(itemSets.id));
}

/** The catalogue's parts of these sets (all of the group when undefined), by item title. */
export function partsOfSets(db: Queryable, groupId: number, setIds?: number[]): Promise<PartRow[]> {
  if (setIds?.length === 0) return Promise.resolve([]);
  return db
    .select({
      ownerId: itemSetParts.setId,
      itemId: itemSetParts.itemId,
      title: items.title,
      quantity: itemSetParts.quantity,
    })
    .from(itemSetParts)
    .innerJoin(items, and(eq(items.id, itemSetParts.itemId), eq(items.groupId, itemSetParts.groupId)))
    .where(
      and(
        eq(itemSetParts.groupId, groupId),
        setIds === undefined ? undefined : inArray(itemSetParts.setId, setIds),
      ),
    )
    .orderBy(sql`${items.title} COLLATE "C"`, asc(items.id));
}

/** How many cases have each set booked (sets without a line are absent). */
export async function casesUsingSets(db: Queryable, groupId: number, setIds?: number[]) {
  if (setIds?.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ setId: caseSetLines.setId, cases: count() })
    .from(caseSetLines)
    .where(
      and(
        eq(caseSetLines.groupId, groupId),
        setIds === undefined ? sql`${caseSetLines.setId} IS NOT NULL` : inArray(caseSetLines.setId, setIds),
      ),
    )
    .groupBy(caseSetLines.setId);
  return new Map(rows.map((r) => [r.setId!, Number(r.cases)]));
}

/** The ids of these items that are in the group. */
export async function itemIdsInGroup(db: Queryable, groupId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.groupId, groupId), inArray(items.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function categoryOfGroup(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.groupId, groupId), eq(categories.id, id)))
    .limit(1);
  return row;
}

export async function insertSet(
  tx: Tx,
  row: { groupId: number; categoryId: number; title: string; note: string },
): Promise<number> {
  const [created] = await tx.insert(itemSets).values(row).returning({ id: itemSets.id });
  return created!.id;
}

/** Updates a set's own columns; false when it is not in the group. */
export async function updateSet(
  tx: Tx,
  groupId: number,
  id: number,
  set: { categoryId: number; title: string; note: string },
): Promise<boolean> {
  const rows = await tx
    .update(itemSets)
    .set(set)
    .where(and(eq(itemSets.groupId, groupId), eq(itemSets.id, id)))
    .returning({ id: itemSets.id });
  return rows.length > 0;
}

/** Replaces a set's catalogue parts (the cases' lines keep their own snapshot). */
export async function replaceParts(
  tx: Tx,
  groupId: number,
  setId: number,
  parts: { item: number; quantity: number }[],
): Promise<void> {
  await deletePartsOfSets(tx, groupId, [setId]);
  await insertPartsOfSets(
    tx,
    groupId,
    parts.map((p) => ({ setId, ...p })),
  );
}

/** A set's own columns as an import writes them. */
type SetColumns = { categoryId: number; title: string; note: string };

/** Creates sets of one group in one statement (the rows as one JSON parameter); returns their ids by title. */
export async function insertSets(tx: Tx, groupId: number, rows: SetColumns[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const json = JSON.stringify(rows.map((r) => ({ c: r.categoryId, t: r.title, n: r.note })));
  const created = await rowsOf<{ id: number; title: string }>(
    tx,
    sql`INSERT INTO ${itemSets} AS s (group_id, category_id, title, note)
        SELECT ${groupId}, r.c, r.t, r.n FROM jsonb_to_recordset(${json}::jsonb) AS r(c int, t text, n text)
        RETURNING s.id, s.title`,
  );
  return new Map(created.map((r) => [r.title, r.id]));
}

/** Updates the own columns of sets of one group in one statement; a set not in the group is left alone. */
export async function updateSets(
  tx: Tx,
  groupId: number,
  rows: (SetColumns & { id: number })[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ id: r.id, c: r.categoryId, t: r.title, n: r.note })));
  await tx.execute(sql`
    UPDATE ${itemSets} AS s SET category_id = r.c, title = r.t, note = r.n
    FROM jsonb_to_recordset(${json}::jsonb) AS r(id int, c int, t text, n text)
    WHERE s.id = r.id AND s.group_id = ${groupId}`);
}

/** Deletes the catalogue parts of the sets `setIds` of one group (the cases' lines keep their own snapshot). */
export async function deletePartsOfSets(tx: Tx, groupId: number, setIds: number[]): Promise<void> {
  if (setIds.length === 0) return;
  await tx
    .delete(itemSetParts)
    .where(and(eq(itemSetParts.groupId, groupId), inArray(itemSetParts.setId, setIds)));
}

/** Writes catalogue parts of sets of one group in one statement (the rows as one JSON parameter). */
export async function insertPartsOfSets(
  tx: Tx,
  groupId: number,
  parts: { setId: number; item: number; quantity: number }[],
): Promise<void> {
  if (parts.length === 0) return;
  const json = JSON.stringify(parts.map((p) => ({ s: p.setId, i: p.item, q: p.quantity })));
  await tx.execute(sql`
    INSERT INTO ${itemSetParts} (set_id, group_id, item_id, quantity)
    SELECT r.s, ${groupId}, r.i, r.q FROM jsonb_to_recordset(${json}::jsonb) AS r(s int, i int, q int)`);
}

/** Deletes a set and its catalogue parts; the lines that booked it keep their parts (set_id becomes null). */
export async function deleteSet(tx: Tx, groupId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(itemSets)
    .where(and(eq(itemSets.groupId, groupId), eq(itemSets.id, id)))
    .returning({ id: itemSets.id });
  return rows.length > 0;
}

/**
 * A set of the group (id and title), not locked: a booking takes no lock on the set, only on its items, so a
 * category delete (items, then its sets) and a set edit (the set, then its parts' item keys) never wait on a
 * booking in a cycle (docs/sets.md, "addset / reduceset").
 */
export async function findSet(tx: Tx, groupId: number, id: number) {
  const [row] = await tx
    .select({ id: itemSets.id, title: itemSets.title })
    .from(itemSets)
    .where(and(eq(itemSets.groupId, groupId), eq(itemSets.id, id)));
  return row;
}

// --- Lines: sets booked on a case ---

/** A line row as read. */
export interface LineRow {
  id: number;
  workCaseId: number;
  setId: number | null;
  title: string;
  quantity: number;
  version: number;
}

const lineColumns = {
  id: caseSetLines.id,
  workCaseId: caseSetLines.workCaseId,
  setId: caseSetLines.setId,
  title: caseSetLines.title,
  quantity: caseSetLines.quantity,
  version: caseSetLines.version,
};

/** The set lines of a case, of a set on a case, of a set on any case, or these ids; by title. */
export function lineRows(
  db: Queryable,
  groupId: number,
  where: { caseId?: number; setId?: number; ids?: number[] },
): Promise<LineRow[]> {
  return db
    .select(lineColumns)
    .from(caseSetLines)
    .where(
      and(
        eq(caseSetLines.groupId, groupId),
        where.caseId === undefined ? undefined : eq(caseSetLines.workCaseId, where.caseId),
        where.setId === undefined ? undefined : eq(caseSetLines.setId, where.setId),
        where.ids === undefined ? undefined : inArray(caseSetLines.id, where.ids),
      ),
    )
    .orderBy(sql`${caseSetLines.title} COLLATE "C"`, asc(caseSetLines.id));
}

/** The snapshot parts of these lines (per set), with the items' titles. */
export function partsOfLines(db: Queryable, groupId: number, lineIds: number[]): Promise<PartRow[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      ownerId: caseSetLineParts.lineId,
      itemId: caseSetLineParts.itemId,
      title: items.title,
      quantity: caseSetLineParts.quantity,
    })
    .from(caseSetLineParts)
    .innerJoin(items, and(eq(items.id, caseSetLineParts.itemId), eq(items.groupId, caseSetLineParts.groupId)))
    .where(and(eq(caseSetLineParts.groupId, groupId), inArray(caseSetLineParts.lineId, lineIds)))
    .orderBy(sql`${items.title} COLLATE "C"`, asc(items.id));
}

/** A new line of `quantity` sets with its parts' snapshot. */
export async function insertLine(
  tx: Tx,
  row: { groupId: number; workCaseId: number; setId: number | null; title: string; quantity: number },
  parts: { itemId: number; quantity: number }[],
): Promise<number> {
  const [created] = await tx.insert(caseSetLines).values(row).returning({ id: caseSetLines.id });
  const lineId = created!.id;
  await tx
    .insert(caseSetLineParts)
    .values(parts.map((p) => ({ lineId, groupId: row.groupId, itemId: p.itemId, quantity: p.quantity })));
  return lineId;
}

export async function setLineQuantity(tx: Tx, id: number, quantity: number): Promise<void> {
  await tx.update(caseSetLines).set({ quantity }).where(eq(caseSetLines.id, id));
}

export async function deleteLine(tx: Tx, id: number): Promise<void> {
  await tx.delete(caseSetLines).where(eq(caseSetLines.id, id));
}

/** The case's order items of these items (bare rows), by item id. */
export function orderItemsOfParts(tx: Tx, groupId: number, caseId: number, itemIds: number[]) {
  return tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.groupId, groupId),
        eq(orderItems.workCaseId, caseId),
        inArray(orderItems.itemId, itemIds),
      ),
    )
    .orderBy(asc(orderItems.itemId));
}

/** The items of units of the group, by unit id (a set's issue sorts the units it names by part). */
export async function itemsOfUnits(tx: Tx, groupId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: itemUnits.id, itemId: itemUnits.itemId })
    .from(itemUnits)
    .where(and(eq(itemUnits.groupId, groupId), inArray(itemUnits.id, ids)));
  return new Map(rows.map((r) => [r.id, r.itemId]));
}
