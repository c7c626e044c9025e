import type { Shortage } from "@zaiko/common/availability/index";
import type { TentativeHoldDto } from "@zaiko/common/orderitems/orderitems.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rowsOf } from "../db/rawSql";
import { HttpError } from "../lib/httpError";
import { iso } from "../lib/iso";

/**
 * A window an item was refused over: the tentative holds of that item whose period, held with the item's
 * turnaround, meets the window held with it are its blockers (docs/availability.md, Turnaround).
 */
export interface RefusedWindow {
  itemId: number;
  start: Date;
  end: Date;
}

interface HoldRow {
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

/**
 * The tentative holds (仮押さえ) of other cases that overlap the refused windows, earliest deadline first.
 * Read only after a refusal, inside its transaction (the item rows are locked, so the list is what refused).
 */
export async function tentativeHoldsIn(
  tx: Tx,
  groupId: number,
  windows: RefusedWindow[],
  exceptCaseId?: number,
): Promise<TentativeHoldDto[]> {
  if (windows.length === 0) return [];
  const conditions = sql.join(
    windows.map(
      (w) =>
        sql`(o.item_id = ${w.itemId} AND o.start_date <= ${w.end.toISOString()}::timestamptz + t.reach AND o.end_date >= ${w.start.toISOString()}::timestamptz - t.reach)`,
    ),
    sql` OR `,
  );
  const except = exceptCaseId === undefined ? sql`` : sql`AND w.id <> ${exceptCaseId}`;
  const rows = await rowsOf<HoldRow>(
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
  return rows.map((r) => ({
    case_id: r.case_id,
    case_title: r.case_title,
    item_id: r.item_id,
    item_title: r.item_title,
    quantity: r.quantity,
    start_date: iso(r.start_date),
    end_date: iso(r.end_date),
    hold_until: iso(r.hold_until),
    held_by: r.held_by,
    held_by_name: r.held_by === null ? null : r.held_by_name,
  }));
}

/**
 * 409 `{error, shortages, tentative_holds}`: the spec's refusal, plus the tentative holds of other cases among
 * the bookings of the short items over the refused windows. Nothing was changed.
 */
export async function shortageRefusal(
  tx: Tx,
  groupId: number,
  error: string,
  shortages: Shortage[],
  windows: RefusedWindow[],
  exceptCaseId?: number,
): Promise<HttpError> {
  const short = new Set(shortages.map((s) => s.item_id));
  const tentative_holds = await tentativeHoldsIn(
    tx,
    groupId,
    windows.filter((w) => short.has(w.itemId)),
    exceptCaseId,
  );
  return new HttpError(409, { error, shortages, tentative_holds });
}
