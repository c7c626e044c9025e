import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { categories, itemSets, items } from "../../db/schema";

/**
 * Rows per statement. PGlite runs queries on the main thread, so its statements are kept short; PostgreSQL
 * runs them elsewhere and takes bigger ones.
 */
export const batchSize = (driver: "pglite" | "pg") => (driver === "pglite" ? 25 : 100);

export function categoriesOfGroup(tx: Tx, groupId: number) {
  return tx
    .select({
      id: categories.id,
      name: categories.name,
      groupId: categories.groupId,
      version: categories.version,
      turnaroundBeforeMinutes: categories.turnaroundBeforeMinutes,
      turnaroundAfterMinutes: categories.turnaroundAfterMinutes,
    })
    .from(categories)
    .where(eq(categories.groupId, groupId));
}

/** An existing item that a file row names, with the title as the row wrote it. */
export interface MatchedItem {
  input: string;
  id: number;
  groupId: number;
  categoryId: number;
  title: string;
  stockQuantity: number;
  note: string;
  createdAt: Date;
  turnaroundBeforeMinutes: number | null;
  turnaroundAfterMinutes: number | null;
}

interface MatchedRow {
  input: string;
  id: number;
  group_id: number;
  category_id: number;
  title: string;
  stock_quantity: number;
  note: string;
  created_at: Date | string;
  turnaround_before_minutes: number | null;
  turnaround_after_minutes: number | null;
}

/**
 * The group's items whose title equals one of `titles` ignoring case, by PostgreSQL's lower() (the rule of
 * the unique index), each with the title it matched. Served by the index on (group_id, lower(title)).
 */
export async function itemsByTitles(tx: Tx, groupId: number, titles: string[]): Promise<MatchedItem[]> {
  if (titles.length === 0) return [];
  const list = sql.join(
    titles.map((t) => sql`(${t}::text)`),
    sql`, `,
  );
  // Both drivers answer raw SQL with `{rows}`; drizzle's shared Db type does not know which driver it is.
  const result = (await tx.execute(sql`
    SELECT t.input, i.id, i.group_id, i.category_id, i.title, i.stock_quantity, i.note, i.created_at,
           i.turnaround_before_minutes, i.turnaround_after_minutes
    FROM (VALUES ${list}) AS t(input)
    JOIN ${items} i ON i.group_id = ${groupId} AND lower(i.title) = lower(t.input)`)) as unknown as {
    rows: MatchedRow[];
  };
  return result.rows.map((r) => ({
    input: r.input,
    id: r.id,
    groupId: r.group_id,
    categoryId: r.category_id,
    title: r.title,
    stockQuantity: r.stock_quantity,
    note: r.note,
    createdAt: new Date(r.created_at),
    turnaroundBeforeMinutes: r.turnaround_before_minutes,
    turnaroundAfterMinutes: r.turnaround_after_minutes,
  }));
}

export function insertCategories(tx: Tx, groupId: number, names: string[]) {
  return tx
    .insert(categories)
    .values(names.map((name) => ({ groupId, name })))
    .returning({
      id: categories.id,
      name: categories.name,
      groupId: categories.groupId,
      version: categories.version,
      turnaroundBeforeMinutes: categories.turnaroundBeforeMinutes,
      turnaroundAfterMinutes: categories.turnaroundAfterMinutes,
    });
}

export function insertItems(
  tx: Tx,
  rows: { groupId: number; categoryId: number; title: string; stockQuantity: number; note: string }[],
) {
  return tx.insert(items).values(rows).returning({
    id: items.id,
    groupId: items.groupId,
    categoryId: items.categoryId,
    title: items.title,
    stockQuantity: items.stockQuantity,
    note: items.note,
    createdAt: items.createdAt,
    version: items.version,
    unitTracked: items.unitTracked,
    turnaroundBeforeMinutes: items.turnaroundBeforeMinutes,
    turnaroundAfterMinutes: items.turnaroundAfterMinutes,
  });
}

/** Sets stock and note of many items of one group in one statement. */
export async function updateStockAndNotes(
  tx: Tx,
  groupId: number,
  rows: { id: number; stock: number; note: string }[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.stock}::int, ${r.note}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${items} SET stock_quantity = v.stock, note = v.note
    FROM (VALUES ${values}) AS v(id, stock, note)
    WHERE ${items.id} = v.id AND ${items.groupId} = ${groupId}`);
}

/** An existing set that a file names, with the name as the file wrote it. */
export interface MatchedSet {
  input: string;
  id: number;
  title: string;
  note: string;
}

/**
 * The group's sets whose title equals one of `titles` ignoring case, by PostgreSQL's lower() (the rule of
 * their unique index), each with the title it matched.
 */
export async function setsByTitles(tx: Tx, groupId: number, titles: string[]): Promise<MatchedSet[]> {
  if (titles.length === 0) return [];
  const list = sql.join(
    titles.map((t) => sql`(${t}::text)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    SELECT t.input, s.id, s.title, s.note
    FROM (VALUES ${list}) AS t(input)
    JOIN ${itemSets} s ON s.group_id = ${groupId} AND lower(s.title) = lower(t.input)`)) as unknown as {
    rows: MatchedSet[];
  };
  return result.rows;
}
