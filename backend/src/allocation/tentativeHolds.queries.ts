import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rowsOf } from "../db/rawSql";

/**
 * A window an item was refused over: the tentative holds of that item whose period, held with the item's
 * turnaround, meets the window held with it are its blockers (docs/availability.md, Turnaround).
 */
export interface RefusedWindow {
  itemId: number;
  start: Date;
  end: Date;
}

/** A tentative hold of one item as the statement returns it. */
export interface HoldRow {
  case_id: number;
  case_title: string;
  item_id: number;
  item_title: string;
  quantity: number;
  start_date: Date | string;
  end_date: Date | string;
  hold_until: Date | string;
  held_by: number | null;
  held_by_name: string | null;
}

/** The tentative holds of other cases overlapping the windows (allocation.ts#shortageRefusal), earliest deadline first. */
export function holdsOverlapping(
  tx: Tx,
  groupId: number,
  windows: RefusedWindow[],
  exceptCaseId?: number,
): Promise<HoldRow[]> {
  const conditions = sql.join(
    windows.map(
      (w) =>
        sql`(o.item_id = ${w.itemId} AND o.start_date <= ${w.end.toISOString()}::timestamptz + t.reach AND o.end_date >= ${w.start.toISOString()}::timestamptz - t.reach)`,
    ),
    sql` OR `,
  );
  const except = exceptCaseId === undefined ? sql`` : sql`AND w.id <> ${exceptCaseId}`;
  return rowsOf<HoldRow>(
    tx,
    sql`
    SELECT w.id AS case_id, w.title AS case_title, o.item_id, i.title AS item_title,
           o.order_quantity AS quantity, o.start_date, o.end_date, w.hold_until, w.held_by,
           (SELECT trim(u.last_name || ' ' || u.first_name) FROM users u
             WHERE u.id = w.held_by AND u.group_id = w.group_id) AS held_by_name
    FROM order_items o
    JOIN work_cases w ON w.id = o.work_case_id AND w.group_id = o.group_id
    JOIN items i ON i.id = o.item_id AND i.group_id = o.group_id
    JOIN categories c ON c.id = i.category_id AND c.group_id = i.group_id
    CROSS JOIN LATERAL (SELECT make_interval(mins => coalesce(i.turnaround_before_minutes, c.turnaround_before_minutes)
      + coalesce(i.turnaround_after_minutes, c.turnaround_after_minutes)) AS reach) t
    WHERE o.group_id = ${groupId} AND w.status = 'tentative' ${except} AND (${conditions})
    ORDER BY w.hold_until, w.id, o.item_id`,
  );
}
