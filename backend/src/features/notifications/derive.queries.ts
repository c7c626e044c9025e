import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { activeMember, casePeople } from "./people.queries";

/** The members who got new notifications from one statement (one row per notification inserted). */
export interface Inserted {
  user_id: number;
}

const COLUMNS = sql.raw(
  "(group_id, user_id, kind, source, case_id, case_title, item_title, actor_name, quantity, due_at, at)",
);

/**
 * Notifications from 履歴 entries recorded after `since` (docs/notifications.md): a lapse (the system's
 * tentative → cancelled), a confirm or a cancel by a member, a unit reported lost or broken. Each goes to the
 * case's people but the member who made the change. ON CONFLICT: a second process deriving the same entry
 * inserts nothing, so each member gets each entry once.
 */
export function insertFromHistory(db: Db, since: Date): Promise<Inserted[]> {
  return rowsOf<Inserted>(
    db,
    sql`
    WITH entries AS (
      SELECT h.*,
        CASE
          WHEN h.action = 'orderitem.outage_reported' THEN
            CASE WHEN h.after->>'disposition' = 'broken' THEN 'unit.broken' ELSE 'unit.lost' END
          WHEN h.actor_id IS NULL AND h.before->>'status' = 'tentative' AND h.after->>'status' = 'cancelled'
            THEN 'hold.lapsed'
          WHEN h.actor_id IS NOT NULL AND h.after->>'status' = 'confirmed'
               AND h.before->>'status' IS DISTINCT FROM 'confirmed' THEN 'case.confirmed'
          WHEN h.actor_id IS NOT NULL AND h.after->>'status' = 'cancelled'
               AND h.before->>'status' IS DISTINCT FROM 'cancelled' THEN 'case.cancelled'
        END AS kind
      FROM history h
      WHERE h.action IN ('case.status', 'orderitem.outage_reported') AND h.at > ${since.toISOString()}::timestamptz
        AND h.case_id IS NOT NULL
    )
    INSERT INTO notifications ${COLUMNS}
    SELECT e.group_id, people.user_id, e.kind, 'history:' || e.id, e.case_id, coalesce(e.case_title, ''),
           e.item_title, CASE WHEN e.actor_id IS NULL THEN NULL ELSE e.actor_name END, e.quantity,
           CASE WHEN e.kind = 'hold.lapsed' THEN (e.before->>'hold_until')::timestamptz END, e.at
    FROM entries e
    CROSS JOIN ${casePeople(sql`e.case_id`, sql`e.group_id`, sql`e.id`)}
    ${activeMember(sql`e.group_id`)}
    WHERE e.kind IS NOT NULL AND people.user_id IS DISTINCT FROM e.actor_id
    ON CONFLICT (user_id, source) DO NOTHING
    RETURNING user_id`,
  );
}

/**
 * A reminder to the case's people for every 仮押さえ whose deadline lies in (now, now + ahead]. The source
 * names the deadline, so a hold given a new deadline is reminded again; the same deadline never twice.
 */
export function insertHoldReminders(db: Db, now: Date, aheadMs: number): Promise<Inserted[]> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + aheadMs).toISOString();
  return rowsOf<Inserted>(
    db,
    sql`
    INSERT INTO notifications ${COLUMNS}
    SELECT w.group_id, people.user_id, 'hold.expiring',
           'hold.expiring:' || w.id || ':' || floor(extract(epoch from w.hold_until) * 1000)::bigint,
           w.id, w.title, NULL, NULL, NULL, w.hold_until, ${from}::timestamptz
    FROM work_cases w
    CROSS JOIN ${casePeople(sql`w.id`, sql`w.group_id`)}
    ${activeMember(sql`w.group_id`)}
    WHERE w.status = 'tentative' AND w.hold_until > ${from}::timestamptz AND w.hold_until <= ${to}::timestamptz
    ON CONFLICT (user_id, source) DO NOTHING
    RETURNING user_id`,
  );
}

/**
 * Units out and not back after their order item's end (延滞), for the case's people, once per order item and
 * end (an edited end is a new overdue). Ends older than `oldest` are left alone: their notices have aged out
 * of the 90 days, and repeating them every 90 days would only be noise.
 */
export function insertOverdue(db: Db, now: Date, oldest: Date): Promise<Inserted[]> {
  return rowsOf<Inserted>(
    db,
    sql`
    INSERT INTO notifications ${COLUMNS}
    SELECT oi.group_id, people.user_id, 'orderitem.overdue',
           'overdue:' || oi.id || ':' || floor(extract(epoch from oi.end_date) * 1000)::bigint,
           w.id, w.title, i.title, NULL, oi.issued_quantity - oi.received_quantity, oi.end_date,
           ${now.toISOString()}::timestamptz
    FROM order_items oi
    JOIN work_cases w ON w.id = oi.work_case_id AND w.group_id = oi.group_id
    JOIN items i ON i.id = oi.item_id AND i.group_id = oi.group_id
    CROSS JOIN ${casePeople(sql`w.id`, sql`w.group_id`)}
    ${activeMember(sql`w.group_id`)}
    WHERE oi.issued_quantity > oi.received_quantity
      AND oi.end_date < ${now.toISOString()}::timestamptz AND oi.end_date > ${oldest.toISOString()}::timestamptz
      AND w.status <> 'cancelled'
    ON CONFLICT (user_id, source) DO NOTHING
    RETURNING user_id`,
  );
}

/** The database's clock now: the cursor of 履歴 follows the clock that stamps 履歴. */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await rowsOf<{ now: Date | string }>(db, sql`SELECT now() AS now`);
  return new Date(row!.now);
}

/** Up to when 履歴 has been read (null before the first pass). */
export async function historyReadUntil(db: Db): Promise<Date | null> {
  const [row] = await rowsOf<{ done_until: Date | string }>(
    db,
    sql`SELECT done_until FROM notifier_cursors WHERE name = 'history'`,
  );
  return row ? new Date(row.done_until) : null;
}

/** Moves the cursor forward (never back: two processes may finish their passes in either order). */
export async function setHistoryReadUntil(db: Db, until: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO notifier_cursors (name, done_until) VALUES ('history', ${until.toISOString()}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET done_until = greatest(notifier_cursors.done_until, excluded.done_until)`);
}
