import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rawSql";

/** Mail kinds a member receives when they have not chosen (docs/notifications.md, "E-mail"). */
export const DEFAULT_MAIL_KINDS = ["hold.expiring", "hold.lapsed"] as const;
/** Kinds that are mailed only to the hold's holder (the issue: "a reminder to the holder"). */
const HOLDER_ONLY = sql.raw("('hold.expiring', 'hold.lapsed')");
const DEFAULTS = sql.raw(`ARRAY[${DEFAULT_MAIL_KINDS.map((k) => `'${k}'`).join(", ")}]::text[]`);

/** What the queue needs of an event, as the notifier's statements name it (both for mails and webhooks). */
const PAYLOAD = (r: string) =>
  sql.raw(`jsonb_build_object('kind', ${r}.kind, 'case_id', ${r}.case_id, 'case_title', ${r}.case_title,
    'item_title', ${r}.item_title, 'actor_name', ${r}.actor_name, 'quantity', ${r}.quantity,
    'due_at', ${r}.due_at, 'at', ${r}.at)`);

/**
 * The queue's part of a notifier statement (notifications/derive.queries.ts): two more data-modifying CTEs
 * after `events` (one row per event: group_id, kind, source, case_id, case_title, item_title, actor_name,
 * quantity, due_at, at, happened) and `ins` (the notifications this statement inserted). In the same statement
 * as the notification, so a mail exists exactly when its notification was inserted (once per event and
 * member, whatever process inserted it), and a webhook call once per event and webhook (its unique key):
 * - `mails`: an inserted notification whose kind the member wants by mail (hold kinds only to the holder),
 *   when mail is on (`SMTP_URL` and `MAIL_FROM`).
 * - `hooks`: every event of the group, for each active webhook that existed when it happened.
 */
export function deliveryCtes(mail: boolean): SQL {
  return sql`,
    mails AS (
      INSERT INTO deliveries (group_id, user_id, event_key, kind, payload)
      SELECT ins.group_id, ins.user_id, ins.source, ins.kind, ${PAYLOAD("ins")}
      FROM ins
      LEFT JOIN mail_preferences mp ON mp.user_id = ins.user_id
      WHERE ${mail}::boolean AND ins.kind = ANY(coalesce(mp.kinds, ${DEFAULTS}))
        AND (ins.kind NOT IN ${HOLDER_ONLY}
             OR EXISTS (SELECT 1 FROM work_cases hw WHERE hw.id = ins.case_id AND hw.held_by = ins.user_id))
      ON CONFLICT (user_id, event_key) WHERE webhook_id IS NULL DO NOTHING
    ),
    hooks AS (
      INSERT INTO deliveries (group_id, webhook_id, event_key, kind, payload)
      SELECT ev.group_id, wh.id, ev.source, ev.kind, ${PAYLOAD("ev")}
      FROM events ev
      JOIN webhooks wh ON wh.group_id = ev.group_id AND wh.active AND wh.created_at <= ev.happened
      ON CONFLICT (webhook_id, event_key) WHERE webhook_id IS NOT NULL DO NOTHING
    )`;
}

const LIST_LIMIT = 50;

/**
 * The daily digest of `day` (YYYY-MM-DD in the business zone; [dayStart, dayEnd) its instants) for every
 * active member who opted in and has none for that day yet: the group's overdue units at `now`, and the order
 * items that go out (start) or come back (end) that day, of cases not cancelled. One row per member and day
 * (the unique key), so any number of processes and passes enqueue it once. Returns how many were enqueued.
 */
export async function enqueueDigests(
  db: Db,
  day: string,
  dayStart: Date,
  dayEnd: Date,
  now: Date,
  oldest: Date,
): Promise<number> {
  const key = `digest:${day}`;
  const from = dayStart.toISOString();
  const to = dayEnd.toISOString();
  const line = sql.raw(`jsonb_build_object('case_id', w.id, 'case_title', w.title, 'item_title', i.title,
      'quantity', oi.order_quantity, 'issued', oi.issued_quantity, 'received', oi.received_quantity,
      'start', oi.start_date, 'end', oi.end_date)`);
  const list = (where: SQL, order: SQL) => sql`(
    SELECT coalesce(jsonb_agg(x.line), '[]'::jsonb) FROM (
      SELECT ${line} AS line
      FROM order_items oi
      JOIN work_cases w ON w.id = oi.work_case_id AND w.group_id = oi.group_id
      JOIN items i ON i.id = oi.item_id AND i.group_id = oi.group_id
      WHERE oi.group_id = r.group_id AND w.status <> 'cancelled' AND ${where}
      ORDER BY ${order}, oi.id LIMIT ${LIST_LIMIT}) x)`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    INSERT INTO deliveries (group_id, user_id, event_key, kind, payload)
    SELECT r.group_id, r.user_id, ${key}, 'digest', jsonb_build_object('day', ${day}::text,
      'overdue', ${list(
        sql`oi.issued_quantity > oi.received_quantity AND oi.end_date < ${now.toISOString()}::timestamptz
            AND oi.end_date > ${oldest.toISOString()}::timestamptz`,
        sql`oi.end_date`,
      )},
      'issues', ${list(
        sql`oi.start_date >= ${from}::timestamptz AND oi.start_date < ${to}::timestamptz`,
        sql`oi.start_date`,
      )},
      'receives', ${list(sql`oi.end_date >= ${from}::timestamptz AND oi.end_date < ${to}::timestamptz`, sql`oi.end_date`)})
    FROM (SELECT u.id AS user_id, u.group_id FROM mail_preferences mp
          JOIN users u ON u.id = mp.user_id AND u.is_member
          WHERE mp.digest
            AND NOT EXISTS (SELECT 1 FROM deliveries d
                            WHERE d.user_id = u.id AND d.webhook_id IS NULL AND d.event_key = ${key})) r
    ON CONFLICT (user_id, event_key) WHERE webhook_id IS NULL DO NOTHING
    RETURNING id`,
  );
  return rows.length;
}

/** The test button: one `webhook.test` call to the webhook, a delivery like the others (its log shows it). */
export async function enqueueTest(db: Db, groupId: number, webhookId: number): Promise<number> {
  const key = `test:${randomUUID()}`;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`
    INSERT INTO deliveries (group_id, webhook_id, event_key, kind, payload)
    VALUES (${groupId}, ${webhookId}, ${key}, 'webhook.test',
            jsonb_build_object('kind', 'webhook.test', 'at', now()))
    RETURNING id`,
  );
  return Number(row!.id);
}
