import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { categories, itemSets, items } from "../../db/schema";

/**
 * Rows per statement. The rows travel as one JSON parameter (jsonb_to_recordset): a statement's cost is then
 * mostly its rows, where a VALUES list of parameters cost as much again in parsing and binding. PGlite runs
 * statements on this thread, so its statements are kept to about 15 ms; PostgreSQL runs them elsewhere.
 */
export const batchSize = (driver: "pglite" | "pg") => (driver === "pglite" ? 250 : 1000);

export function categoriesOfGroup(db: Db | Tx, groupId: number) {
  return db
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

/** An item row as the raw SQL returns it (snake case). */
interface RawItemRow {
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

const ITEM_COLUMNS =
  sql.raw(`i.id, i.group_id, i.category_id, i.title, i.stock_quantity, i.note, i.created_at,
  i.turnaround_before_minutes, i.turnaround_after_minutes`);

const fromItemRow = (r: RawItemRow) => ({
  id: r.id,
  groupId: r.group_id,
  categoryId: r.category_id,
  title: r.title,
  stockQuantity: r.stock_quantity,
  note: r.note,
  // pg returns timestamptz as a Date, PGlite's raw rows as text.
  createdAt: new Date(r.created_at),
  turnaroundBeforeMinutes: r.turnaround_before_minutes,
  turnaroundAfterMinutes: r.turnaround_after_minutes,
});

/**
 * The group's items whose title equals one of `titles` ignoring case, by PostgreSQL's lower() (the rule of
 * the unique index), each with the title it matched. Served by the index on (group_id, lower(title)).
 */
export async function itemsByTitles(db: Db | Tx, groupId: number, titles: string[]): Promise<MatchedItem[]> {
  if (titles.length === 0) return [];
  const rows = await rowsOf<RawItemRow & { input: string }>(
    db,
    sql`SELECT t.input, ${ITEM_COLUMNS}
        FROM jsonb_array_elements_text(${JSON.stringify(titles)}::jsonb) AS t(input)
        JOIN ${items} i ON i.group_id = ${groupId} AND lower(i.title) = lower(t.input)`,
  );
  return rows.map((r) => ({ input: r.input, ...fromItemRow(r) }));
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

type NewItem = { categoryId: number; title: string; stockQuantity: number; note: string };

/** The statement that creates items of one group, from one JSON parameter, returning `returning`. */
const insertItemsSql = (groupId: number, rows: NewItem[], returning: SQL) => {
  const json = JSON.stringify(
    rows.map((r) => ({ c: r.categoryId, t: r.title, s: r.stockQuantity, n: r.note })),
  );
  return sql`INSERT INTO ${items} AS i (group_id, category_id, title, stock_quantity, note)
    SELECT ${groupId}, r.c, r.t, r.s, r.n FROM jsonb_to_recordset(${json}::jsonb) AS r(c int, t text, s int, n text)
    RETURNING ${returning}`;
};

/** Creates items of one group in one statement and returns them as written (to present them). */
export async function insertItems(tx: Tx, groupId: number, rows: NewItem[]) {
  const inserted = await rowsOf<RawItemRow & { version: number | string; unit_tracked: boolean }>(
    tx,
    insertItemsSql(groupId, rows, sql`${ITEM_COLUMNS}, i.version, i.unit_tracked`),
  );
  return inserted.map((r) => ({
    ...fromItemRow(r),
    version: Number(r.version),
    unitTracked: r.unit_tracked,
  }));
}

/**
 * Creates items of one group in one statement and returns what their history entries need: a big import,
 * which presents none of them, reads back a third of the columns (PGlite turns every returned value into a
 * JavaScript one on this thread).
 */
export async function insertItemsQuietly(tx: Tx, groupId: number, rows: NewItem[]) {
  const inserted = await rowsOf<{ id: number; title: string; stock_quantity: number }>(
    tx,
    insertItemsSql(groupId, rows, sql`i.id, i.title, i.stock_quantity`),
  );
  return inserted.map((r) => ({ id: r.id, title: r.title, stockQuantity: r.stock_quantity }));
}

/** Sets stock and note of many items of one group in one statement. */
export async function updateStockAndNotes(
  tx: Tx,
  groupId: number,
  rows: { id: number; stock: number; note: string }[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ id: r.id, s: r.stock, n: r.note })));
  await tx.execute(sql`
    UPDATE ${items} SET stock_quantity = v.s, note = v.n
    FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, s int, n text)
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
  return rowsOf<MatchedSet>(
    tx,
    sql`SELECT t.input, s.id, s.title, s.note
        FROM jsonb_array_elements_text(${JSON.stringify(titles)}::jsonb) AS t(input)
        JOIN ${itemSets} s ON s.group_id = ${groupId} AND lower(s.title) = lower(t.input)`,
  );
}
