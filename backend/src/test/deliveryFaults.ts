/**
 * The claims of a delivery sender that tests compose (docs/testing.md): a sender round takes its claim as an
 * ordinary parameter (`sendDue(deps, now, claim)`, features/delivery/sender.service.ts), so the server has no
 * switch for them. Production code never imports this file (`.dependency-cruiser.cjs`, rule `no-test-imports`;
 * backend/src/build.test.ts greps the bundle for these names).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rawSql";
import type { ClaimedDelivery } from "../features/delivery/sender.queries";
import type { ClaimDue } from "../features/delivery/sender.service";

type Meet = () => Promise<void>;

/**
 * `claim` inside a transaction that stays open while `meet` runs (another sender on another pool): the
 * claimed rows are locked and not yet leased for anyone else, the worst moment for two senders to meet.
 */
export function claimThenMeetDeliveries(claim: ClaimDue, meet: Meet): ClaimDue {
  return (db, now, leaseMs, limit, lane, busy) =>
    (db as Db).transaction(async (tx) => {
      const rows = await claim(tx, now, leaseMs, limit, lane, busy);
      if (rows.length > 0) await meet();
      return rows;
    });
}

/**
 * The control's claim: a sender that forgot the other processes. It reads the due mails without a lock, then
 * (after `meet`, where another sender can run) counts the attempt and leases them by id alone, without
 * reading their state again. Mails only (the webhook lane claims nothing).
 */
export function naiveDeliveryClaim(meet: Meet = async () => {}): ClaimDue {
  return async (db, now, leaseMs, limit, lane) => {
    if (lane !== "mail") return [];
    const due = await rowsOf<{ id: number }>(
      db,
      sql`SELECT id FROM deliveries WHERE status = 'pending' AND webhook_id IS NULL
          AND next_attempt_at <= ${now.toISOString()}::timestamptz ORDER BY id LIMIT ${limit}`,
    );
    if (due.length === 0) return [];
    await meet();
    const ids = sql.join(
      due.map((d) => sql`${d.id}`),
      sql`, `,
    );
    return rowsOf<ClaimedDelivery>(
      db,
      sql`WITH claimed AS (
            UPDATE deliveries d SET attempts = d.attempts + 1,
              next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
            WHERE d.id IN (${ids})
            RETURNING d.id, d.group_id, d.kind, d.event_key, d.payload, d.attempts, d.user_id, d.webhook_id)
          SELECT c.*, u.email, u.first_name, u.last_name, u.is_member AND u.group_id = c.group_id AS is_member,
                 NULL AS url, NULL AS secret, NULL AS format, NULL AS active, g.name AS group_name
          FROM claimed c JOIN groups g ON g.id = c.group_id LEFT JOIN users u ON u.id = c.user_id
          ORDER BY c.id`,
    );
  };
}
