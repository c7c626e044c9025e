import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";

export interface Released {
  id: number;
  group_id: number;
}

/**
 * Claims and releases due holds in one statement. FOR UPDATE SKIP LOCKED: of several processes sweeping at
 * once each due row is claimed by one only (the others skip it), and a row a confirm is holding is left for
 * the next sweep, which then finds it confirmed. The status condition is read again under the lock.
 */
export function claimDue(tx: Tx, batch: number): Promise<Released[]> {
  return rowsOf<Released>(
    tx,
    sql`
    WITH due AS (
      SELECT id FROM work_cases WHERE status = 'tentative' AND hold_until <= now()
      ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED
    )
    UPDATE work_cases w SET status = 'cancelled' FROM due
    WHERE w.id = due.id AND w.status = 'tentative'
    RETURNING w.id, w.group_id`,
  );
}

/** When the next hold of any group lapses, or null when none is held. */
export async function nextHoldDeadline(db: Db): Promise<Date | null> {
  const [row] = await rowsOf<{ next: Date | string | null }>(
    db,
    sql`SELECT min(hold_until) AS next FROM work_cases WHERE status = 'tentative'`,
  );
  return row?.next ? new Date(row.next) : null;
}
