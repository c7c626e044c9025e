import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { deliveryCtes } from "../delivery";
import { activeMember, casePeople } from "./people.queries";

/** The members who got new notifications from one statement (one row per notification inserted). */
export interface Inserted {
  user_id: number;
}

const COLUMNS = sql.raw(
  "(group_id, user_id, kind, source, case_id, case_title, item_title, actor_name, quantity, due_at, at)",
);
const RETURNED = sql.raw(
  "RETURNING group_id, user_id, kind, source, case_id, case_title, item_title, actor_name, quantity, due_at, at",
);

/**
 * Each statement below derives `events` (one row per event: group_id, kind, source, case_id, case_title,
 * item_title, actor_name, quantity, due_at, at, happened), inserts one notification per event and concerned
 * member (`ins`, ON CONFLICT: a second process deriving the same event inserts nothing), and in the same
 * statement queues the mails of the inserted notifications and the group's webhook calls of the events
 * (delivery/enqueue.queries.ts#deliveryCtes). `mail`: whether mail is on (SMTP_URL and MAIL_FROM).
 */

/**
 * Notifications from 履歴 entries recorded after `since` (docs/notifications.md): a lapse (the system's
 * tentative → cancelled), a confirm or a cancel by a member, a unit reported lost or broken. Each goes to the
 * case's people but the member who made the change; the webhooks hear of every one.
 */
export function insertFromHistory(db: Db, since: Date, mail = false): Promise<Inserted[]> {
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
    ),
    events AS (
      SELECT e.id AS entry_id, e.group_id, e.kind, 'history:' || e.id AS source, e.case_id,
             coalesce(e.case_title, '') AS case_title, e.item_title,
             CASE WHEN e.actor_id IS NULL THEN NULL ELSE e.actor_name END AS actor_name, e.quantity,
             CASE WHEN e.kind = 'hold.lapsed' THEN (e.before->>'hold_until')::timestamptz END AS due_at,
             e.at, e.at AS happened, e.actor_id
      FROM entries e
      WHERE e.kind IS NOT NULL
    ),
    ins AS (
      INSERT INTO notifications ${COLUMNS}
      SELECT ev.group_id, people.user_id, ev.kind, ev.source, ev.case_id, ev.case_title, ev.item_title,
             ev.actor_name, ev.quantity, ev.due_at, ev.at
      FROM events ev
      CROSS JOIN ${casePeople(sql`ev.case_id`, sql`ev.group_id`, sql`ev.entry_id`)}
      ${activeMember(sql`ev.group_id`)}
      WHERE people.user_id IS DISTINCT FROM ev.actor_id
      ON CONFLICT (user_id, source) DO NOTHING
      ${RETURNED}
    )${deliveryCtes(mail)}
    SELECT user_id FROM ins`,
  );
}

/**
 * A reminder to the case's people for every 仮押さえ whose deadline lies in (now, now + ahead]. The source
 * names the deadline, so a hold given a new deadline is reminded again; the same deadline never twice.
 */
export function insertHoldReminders(db: Db, now: Date, aheadMs: number, mail = false): Promise<Inserted[]> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + aheadMs).toISOString();
  return rowsOf<Inserted>(
    db,
    sql`
    WITH events AS (
      SELECT w.group_id, 'hold.expiring'::text AS kind,
             'hold.expiring:' || w.id || ':' || floor(extract(epoch from w.hold_until) * 1000)::bigint AS source,
             w.id AS case_id, w.title AS case_title, NULL::text AS item_title, NULL::text AS actor_name,
             NULL::integer AS quantity, w.hold_until AS due_at, ${from}::timestamptz AS at,
             ${from}::timestamptz AS happened
      FROM work_cases w
      WHERE w.status = 'tentative' AND w.hold_until > ${from}::timestamptz AND w.hold_until <= ${to}::timestamptz
    ),
    ins AS (
      INSERT INTO notifications ${COLUMNS}
      SELECT ev.group_id, people.user_id, ev.kind, ev.source, ev.case_id, ev.case_title, NULL, NULL, NULL,
             ev.due_at, ev.at
      FROM events ev
      CROSS JOIN ${casePeople(sql`ev.case_id`, sql`ev.group_id`)}
      ${activeMember(sql`ev.group_id`)}
      ON CONFLICT (user_id, source) DO NOTHING
      ${RETURNED}
    )${deliveryCtes(mail)}
    SELECT user_id FROM ins`,
  );
}

/**
 * Units out and not back after their order item's end (延滞), for the case's people, once per order item and
 * end (an edited end is a new overdue). Ends older than `oldest` are left alone: their notices have aged out
 * of the 90 days, and repeating them every 90 days would only be noise. A webhook hears of the ends after it
 * was made (`happened` is the end).
 */
export function insertOverdue(db: Db, now: Date, oldest: Date, mail = false): Promise<Inserted[]> {
  return rowsOf<Inserted>(
    db,
    sql`
    WITH events AS (
      SELECT oi.group_id, 'orderitem.overdue'::text AS kind,
             'overdue:' || oi.id || ':' || floor(extract(epoch from oi.end_date) * 1000)::bigint AS source,
             w.id AS case_id, w.title AS case_title, i.title AS item_title, NULL::text AS actor_name,
             oi.issued_quantity - oi.received_quantity AS quantity, oi.end_date AS due_at,
             ${now.toISOString()}::timestamptz AS at, oi.end_date AS happened
      FROM order_items oi
      JOIN work_cases w ON w.id = oi.work_case_id AND w.group_id = oi.group_id
      JOIN items i ON i.id = oi.item_id AND i.group_id = oi.group_id
      WHERE oi.issued_quantity > oi.received_quantity
        AND oi.end_date < ${now.toISOString()}::timestamptz AND oi.end_date > ${oldest.toISOString()}::timestamptz
        AND w.status <> 'cancelled'
    ),
    ins AS (
      INSERT INTO notifications ${COLUMNS}
      SELECT ev.group_id, people.user_id, ev.kind, ev.source, ev.case_id, ev.case_title, ev.item_title, NULL,
             ev.quantity, ev.due_at, ev.at
      FROM events ev
      CROSS JOIN ${casePeople(sql`ev.case_id`, sql`ev.group_id`)}
      ${activeMember(sql`ev.group_id`)}
      ON CONFLICT (user_id, source) DO NOTHING
      ${RETURNED}
    )${deliveryCtes(mail)}
    SELECT user_id FROM ins`,
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
