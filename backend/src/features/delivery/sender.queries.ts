import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";

/** A claimed delivery with what it needs to be sent: the member's address or the webhook's target. */
export interface ClaimedDelivery {
  id: number;
  group_id: number;
  kind: string;
  event_key: string;
  payload: Record<string, unknown>;
  attempts: number;
  user_id: number | null;
  webhook_id: number | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  is_member: boolean | null;
  url: string | null;
  secret: string | null;
  format: "json" | "slack" | null;
  active: boolean | null;
  group_name: string;
}

/** The two lanes of the queue: mails, and webhook calls (each lane has its own senders: one cannot starve the other). */
export type Lane = "mail" | "webhook";

/**
 * Claims up to `limit` due deliveries of a lane for this sender: the rows are locked with SKIP LOCKED
 * (another process claiming at the same moment takes others), then leased: `next_attempt_at` moves `leaseMs`
 * ahead and the attempt is counted, and the claim commits at once. The send happens after it, outside any
 * transaction; a process that dies while sending leaves the row to be claimed again after the lease.
 * Webhook calls: at most one per webhook per claim, none of the webhooks in `busyWebhooks` (a call of this
 * process is in flight there), so a receiver that hangs holds one sender, never the others' calls.
 */
export function claimDue(
  db: Db | Tx,
  now: Date,
  leaseMs: number,
  limit: number,
  lane: Lane,
  busyWebhooks: readonly number[] = [],
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const notBusy =
    busyWebhooks.length > 0
      ? sql`AND webhook_id NOT IN (${sql.join(
          busyWebhooks.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const candidates =
    lane === "mail"
      ? sql`SELECT id FROM deliveries
            WHERE status = 'pending' AND webhook_id IS NULL AND next_attempt_at <= ${at}::timestamptz
            ORDER BY next_attempt_at, id LIMIT ${limit * 2}`
      : sql`SELECT id FROM (
              SELECT DISTINCT ON (webhook_id) id, next_attempt_at FROM deliveries
              WHERE status = 'pending' AND webhook_id IS NOT NULL AND next_attempt_at <= ${at}::timestamptz ${notBusy}
              ORDER BY webhook_id, next_attempt_at, id) first_of_each
            ORDER BY next_attempt_at, id LIMIT ${limit * 2}`;
  return rowsOf<ClaimedDelivery>(
    db,
    sql`
    WITH due AS (
      SELECT d.id FROM deliveries d
      WHERE d.id IN (${candidates}) AND d.status = 'pending' AND d.next_attempt_at <= ${at}::timestamptz
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE deliveries d
      SET attempts = d.attempts + 1, last_attempt_at = ${at}::timestamptz, next_attempt_at = ${until}::timestamptz
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.group_id, d.kind, d.event_key, d.payload, d.attempts, d.user_id, d.webhook_id
    )
    SELECT c.*, u.email, u.first_name, u.last_name, u.is_member AND u.group_id = c.group_id AS is_member,
           wh.url, wh.secret, wh.format, wh.active, g.name AS group_name
    FROM claimed c
    JOIN groups g ON g.id = c.group_id
    LEFT JOIN users u ON u.id = c.user_id
    LEFT JOIN webhooks wh ON wh.id = c.webhook_id
    ORDER BY c.id`,
  );
}

/**
 * The outcome of an attempt. Applied only while the lease is this sender's (`attempts` unchanged): a row
 * claimed again by another process after an overlong send is that process's to mark.
 */
export async function markOutcome(
  db: Db,
  id: number,
  attempts: number,
  outcome: {
    status: "pending" | "sent" | "failed" | "skipped";
    nextAttemptAt?: Date;
    httpStatus?: number | null;
    error?: string | null;
    at: Date;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE deliveries SET status = ${outcome.status},
      next_attempt_at = coalesce(${outcome.nextAttemptAt?.toISOString() ?? null}::timestamptz, next_attempt_at),
      last_status = ${outcome.httpStatus ?? null}, last_error = ${outcome.error ?? null},
      sent_at = CASE WHEN ${outcome.status} = 'sent' THEN ${outcome.at.toISOString()}::timestamptz END
    WHERE id = ${id} AND attempts = ${attempts}`);
}

/**
 * Housekeeping: deliveries finished (or given up) before `cutoff`, and each webhook's log beyond its latest
 * `keep` finished rows.
 */
export async function deleteOldDeliveries(db: Db, cutoff: Date, keep: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM deliveries WHERE status <> 'pending' AND created_at < ${cutoff.toISOString()}::timestamptz`,
  );
  await db.execute(sql`
    DELETE FROM deliveries d USING (
      SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY id DESC) AS n
      FROM deliveries WHERE webhook_id IS NOT NULL
    ) ranked
    WHERE d.id = ranked.id AND ranked.n > ${keep} AND d.status <> 'pending'`);
}
