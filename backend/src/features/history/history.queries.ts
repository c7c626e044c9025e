import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { HISTORY_COLUMNS, type HistoryRow } from "../../lib/history.queries";

type Queryable = Db | Tx;

/** True when the row (a case or an item) is in the group now. */
export async function existsInGroup(
  db: Queryable,
  table: "work_cases" | "items",
  groupId: number,
  id: number,
): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ${sql.identifier(table)} WHERE group_id = ${groupId} AND id = ${id}`,
  );
  return rows.length > 0;
}

/** The newest entries of a case or an item, newest first, older than `before` when given. */
export function latestEntries(
  db: Queryable,
  groupId: number,
  of: { caseId: number } | { itemId: number },
  limit: number,
  before?: number,
): Promise<HistoryRow[]> {
  const which: SQL = "caseId" in of ? sql`case_id = ${of.caseId}` : sql`item_id = ${of.itemId}`;
  return rowsOf<HistoryRow>(
    db,
    sql`SELECT ${HISTORY_COLUMNS} FROM history
        WHERE ${which} AND group_id = ${groupId} ${before === undefined ? sql`` : sql`AND id < ${before}`}
        ORDER BY id DESC LIMIT ${limit}`,
  );
}

/** Entries of the group recorded in [from, to), oldest first, optionally of one case or one item. */
export function entriesBetween(
  db: Queryable,
  groupId: number,
  from: Date,
  to: Date,
  filter: { caseId?: number; itemId?: number },
): Promise<HistoryRow[]> {
  return rowsOf<HistoryRow>(
    db,
    sql`SELECT ${HISTORY_COLUMNS} FROM history
        WHERE group_id = ${groupId} AND at >= ${from.toISOString()}::timestamptz AND at < ${to.toISOString()}::timestamptz
        ${filter.caseId === undefined ? sql`` : sql`AND case_id = ${filter.caseId}`}
        ${filter.itemId === undefined ? sql`` : sql`AND item_id = ${filter.itemId}`}
        ORDER BY at, id`,
  );
}
