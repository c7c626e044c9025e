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

/**
 * The newest entries about one unit (個体, docs/units.md), newest first, older than `before` when given; null
 * when the group has no such unit. Entries name a unit by its tag (`after.tag` / `before.tag` of unit.add,
 * unit.retire, unit.update; `after.units`, "MIC-0001、MIC-0002", of a movement or an outage), and a tag can be
 * renamed: `chain` walks the unit's tags back from today's, one segment per tag, each from the entry that gave
 * the unit that tag (a rename to it, or the unit.add) up to the next rename. An entry counts only inside the
 * segment of its tag, and never before the unit existed, so a tag freed by a rename and taken by another unit
 * later names each unit in its own time. The item's unit.tracking entries of the unit's lifetime (its
 * creation by tracking on, an off that retired it) count too. Read through the item's index (`item_id, id`).
 */
export async function unitEntries(
  db: Queryable,
  groupId: number,
  unitId: number,
  limit: number,
  before?: number,
): Promise<HistoryRow[] | null> {
  const [unit] = await rowsOf<{ item_id: number }>(
    db,
    sql`SELECT item_id FROM item_units WHERE group_id = ${groupId} AND id = ${unitId}`,
  );
  if (!unit) return null;
  // The entry that gave the unit the tag `tag` last before entry `hi`, and the tag it had before (a rename).
  const start = (tag: SQL, hi: SQL) => sql`
    SELECT h.id, CASE WHEN h.action = 'unit.update' THEN lower(h.before->>'tag') END AS prev
    FROM history h, u
    WHERE h.group_id = ${groupId} AND h.item_id = u.u_item AND h.id < ${hi} AND h.at >= u.u_created
      AND lower(h.after->>'tag') = ${tag}
      AND (h.action = 'unit.add'
           OR (h.action = 'unit.update' AND lower(h.before->>'tag') IS DISTINCT FROM ${tag}))
    ORDER BY h.id DESC LIMIT 1`;
  return rowsOf<HistoryRow>(
    db,
    sql`WITH RECURSIVE u AS (
          SELECT item_id AS u_item, lower(tag) AS u_tag, created_at AS u_created, retired_at AS u_retired_at,
                 retired_reason AS u_retired_reason
          FROM item_units WHERE group_id = ${groupId} AND id = ${unitId}
        ), chain(tag, hi, lo, prev) AS (
          SELECT u.u_tag, 2147483647, s.id, s.prev
          FROM u LEFT JOIN LATERAL (${start(sql`u.u_tag`, sql`2147483647`)}) s ON true
          UNION ALL
          SELECT c.prev, c.lo, s.id, s.prev
          FROM chain c LEFT JOIN LATERAL (${start(sql`c.prev`, sql`c.lo`)}) s ON true
          WHERE c.prev IS NOT NULL
        )
        SELECT ${HISTORY_COLUMNS} FROM history, u
        WHERE history.group_id = ${groupId} AND history.item_id = u.u_item AND history.at >= u.u_created
          ${before === undefined ? sql`` : sql`AND history.id < ${before}`}
          AND (
            (history.action = 'unit.tracking'
             AND (u.u_retired_reason IS DISTINCT FROM 'retired' OR history.at <= u.u_retired_at))
            OR EXISTS (
              SELECT 1 FROM chain c
              WHERE history.id < c.hi AND history.id >= coalesce(c.lo, 0)
                AND (lower(history.after->>'tag') = c.tag OR lower(history.before->>'tag') = c.tag
                     OR c.tag = ANY (string_to_array(lower(history.after->>'units'), '、')))
            )
          )
        ORDER BY history.id DESC LIMIT ${limit}`,
  );
}
